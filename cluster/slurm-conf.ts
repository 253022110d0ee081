/**
 * Config text for a private localhost Slurm cluster: `slurm.conf` (one `NodeName` line per group of
 * alike nodes of cluster/node-layout.ts, by default one for all nodes; each node its own
 * `slurmd -N nK` on its own port, all `NodeHostname=localhost`) and `slurmdbd.conf`. Pure functions
 * of their inputs: the caller (cluster/local-slurm.ts) picks the ports and directories.
 */
import { invalidArgument } from "../lib/util/errors";
import {
  checkLayout,
  layoutHasGpus,
  layoutHasTopology,
  layoutLines,
  layoutNodeCount,
  nodeSpan,
  uniformLayout,
  type NodeLayout,
} from "./node-layout";

/** Paths and ports a local cluster's `slurm.conf` names. Every path is absolute. */
export interface SlurmConfInput {
  /** ClusterName (lower case letters, digits, `_`). */
  clusterName: string;
  /** This host's name as `hostname -s` prints it (slurmctld refuses to start under another name). */
  controlHost: string;
  /** Node count: nodes are n1..nN (with `layout`, its node count). */
  nodes: number;
  /** CPUs per node; needed without `layout`, unused with it. */
  coresPerNode?: number;
  /** Node groups and partitions. Defaults to `nodes` alike nodes of `coresPerNode` CPUs in one default partition `debug`. */
  layout?: NodeLayout;
  /** TCP port of slurmctld. */
  slurmctldPort: number;
  /** TCP ports of the slurmd of n1..nN (one per node). */
  slurmdPorts: number[];
  /** Directory for StateSaveLocation, spool dirs, pid files and logs (subfolders state/, spool/, run/, log/). */
  dir: string;
  /** munged's socket path (AuthInfo=socket=…). */
  mungeSocket: string;
  /** Port of slurmdbd when accounting is on; undefined = no accounting. */
  slurmdbdPort?: number;
  /** Extra or overriding `Key=Value` lines, in this order after the generated ones. A key that the
   * generated text already has is replaced in place; an empty value drops the line. */
  extra?: Record<string, string>;
}

/** Settings of the generated slurm.conf that a user may override with `extra` (e.g. SelectType). */
export const LOCAL_SLURM_DEFAULTS: Readonly<Record<string, string>> = {
  SelectType: "select/cons_tres",
  SelectTypeParameters: "CR_Core",
  SchedulerType: "sched/backfill",
  PriorityType: "priority/basic",
};

function checkInput(c: SlurmConfInput): void {
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(c.clusterName))
    throw invalidArgument(
      "clusterName",
      c.clusterName,
      "lower case letters, digits and _ (Slurm folds ClusterName to lower case)",
    );
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(c.controlHost))
    throw invalidArgument("controlHost", c.controlHost, "a host name");
  if (!Number.isInteger(c.nodes) || c.nodes < 1 || c.nodes > 256)
    throw invalidArgument("nodes", c.nodes, "an integer in 1..256");
  if (c.layout !== undefined) {
    checkLayout(c.layout);
    if (layoutNodeCount(c.layout) !== c.nodes)
      throw invalidArgument("nodes", c.nodes, `the layout's node count, ${layoutNodeCount(c.layout)}`);
  } else if (!Number.isInteger(c.coresPerNode) || c.coresPerNode! < 1 || c.coresPerNode! > 1024)
    throw invalidArgument("coresPerNode", c.coresPerNode, "an integer in 1..1024");
  const ports = [
    c.slurmctldPort,
    ...c.slurmdPorts,
    ...(c.slurmdbdPort === undefined ? [] : [c.slurmdbdPort]),
  ];
  for (const p of ports)
    if (!Number.isInteger(p) || p < 1 || p > 65535)
      throw invalidArgument("port", p, "an integer in 1..65535");
  if (c.slurmdPorts.length !== c.nodes)
    throw invalidArgument("slurmdPorts", c.slurmdPorts, `${c.nodes} ports (one per node)`);
  if (new Set(ports).size !== ports.length) throw invalidArgument("ports", ports, "distinct ports");
  if (!c.dir.startsWith("/")) throw invalidArgument("dir", c.dir, "an absolute path");
  for (const [k, v] of Object.entries(c.extra ?? {})) {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(k))
      throw invalidArgument("slurmConf key", k, "a slurm.conf parameter name such as SchedulerParameters");
    if (typeof v !== "string" || /[\n\r]/.test(v))
      throw invalidArgument(`slurmConf.${k}`, v, 'a single-line value ("" drops the line)');
  }
}

/**
 * The `slurm.conf` text of a local cluster: generated lines, `LOCAL_SLURM_DEFAULTS` (and
 * `GresTypes=gpu` when a node has GPUs, `TopologyPlugin=topology/tree` when the layout has switches), then `extra` (a key already present is replaced in place, a
 * new one appended before the node lines, a key given as "" dropped), then the node and partition
 * lines of the layout.
 */
export function slurmConf(input: SlurmConfInput): string {
  checkInput(input);
  return _slurmConf(input);
}

function _slurmConf(c: SlurmConfInput): string {
  const d = c.dir;
  const settings: [string, string][] = [
    ["ClusterName", c.clusterName],
    ["SlurmctldHost", `${c.controlHost}(127.0.0.1)`],
    ["SlurmctldPort", String(c.slurmctldPort)],
    ["SlurmUser", "root"],
    ["SlurmdUser", "root"],
    ["AuthType", "auth/munge"],
    ["CredType", "cred/munge"],
    ["AuthInfo", `socket=${c.mungeSocket}`],
    ["StateSaveLocation", `${d}/state`],
    ["SlurmdSpoolDir", `${d}/spool/%n`],
    ["SlurmctldPidFile", `${d}/run/slurmctld.pid`],
    ["SlurmdPidFile", `${d}/run/slurmd-%n.pid`],
    ["SlurmctldLogFile", `${d}/log/slurmctld.log`],
    ["SlurmdLogFile", `${d}/log/slurmd-%n.log`],
    ["SlurmctldDebug", "info"],
    ["SlurmdDebug", "info"],
    ["ProctrackType", "proctrack/linuxproc"],
    ["TaskPlugin", "task/none"],
    ["MpiDefault", "none"],
    ["SwitchType", "switch/none"],
    ["JobAcctGatherType", "jobacct_gather/none"],
    ["JobCompType", "jobcomp/none"],
    ["MailProg", "/bin/true"],
    ["ReturnToService", "2"],
    ["SlurmdParameters", "config_overrides"],
    ["SlurmctldTimeout", "30"],
    ["SlurmdTimeout", "30"],
    ["InactiveLimit", "0"],
    ["KillWait", "2"],
    ["MinJobAge", "300"],
    ["Waittime", "0"],
  ];
  if (c.slurmdbdPort !== undefined) {
    settings.push(
      ["AccountingStorageType", "accounting_storage/slurmdbd"],
      ["AccountingStorageHost", "127.0.0.1"],
      ["AccountingStoragePort", String(c.slurmdbdPort)],
      ["AccountingStoragePass", c.mungeSocket],
    ); // the munge socket for slurmdbd connections (22.05)
  } else settings.push(["AccountingStorageType", "accounting_storage/none"]);
  for (const [k, v] of Object.entries(LOCAL_SLURM_DEFAULTS)) settings.push([k, v]);
  const layout = c.layout ?? uniformLayout(c.nodes, c.coresPerNode!);
  if (layoutHasGpus(layout)) settings.push(["GresTypes", "gpu"]);
  if (layoutHasTopology(layout)) settings.push(["TopologyPlugin", "topology/tree"]);
  for (const [k, v] of Object.entries(c.extra ?? {})) {
    const at = settings.findIndex(([key]) => key.toLowerCase() === k.toLowerCase());
    if (at >= 0) settings[at] = [settings[at][0], v];
    else settings.push([k, v]);
  }
  const lines = settings.filter(([, v]) => v !== "").map(([k, v]) => `${k}=${v}`);
  // one line per group of alike nodes, so each group is one config record: slurmctld's node scheduler
  // (node_scheduler.c _pick_best_nodes) builds a node set per config record (and feature) and, under
  // select/linear, grows its candidate set one node set at a time, so a line per node would make the
  // main scheduler take the first idle nodes instead of select/linear's best fit over all of them.
  // Under select/cons_tres (cons_common.c select_p_get_info_from_plugin: SELECT_SINGLE_JOB_TEST is 1)
  // _pick_best_nodes adds every node set first and calls select_g_job_test once over their union,
  // the sets' order kept as node weights (_sync_node_weight).
  lines.push(...layoutLines(layout, c.slurmdPorts));
  return lines.join("\n") + "\n";
}

/** Slurm hostlist of n1..nN: `n1` or `n[1-N]`. */
export function nodeRange(nodes: number): string {
  if (!Number.isInteger(nodes) || nodes < 1) throw invalidArgument("nodes", nodes, "a positive integer");
  return nodeSpan(1, nodes);
}

/** What `slurmdbd.conf` names. */
export interface SlurmdbdConfInput {
  /** This host's name as `hostname -s` prints it (DbdHost). */
  controlHost: string;
  /** slurmdbd's TCP port. */
  dbdPort: number;
  /** MariaDB's TCP port on 127.0.0.1. */
  storagePort: number;
  /** Database user and password slurmdbd logs in with. */
  storageUser: string;
  storagePass: string;
  /** Directory for the log and pid file (subfolders log/, run/). */
  dir: string;
  /** munged's socket path. */
  mungeSocket: string;
}

/** The `slurmdbd.conf` text (the file must be mode 600 and owned by SlurmUser, root here). */
export function slurmdbdConf(c: SlurmdbdConfInput): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(c.controlHost))
    throw invalidArgument("controlHost", c.controlHost, "a host name");
  for (const p of [c.dbdPort, c.storagePort])
    if (!Number.isInteger(p) || p < 1 || p > 65535)
      throw invalidArgument("port", p, "an integer in 1..65535");
  if (!/^[A-Za-z0-9_]+$/.test(c.storageUser))
    throw invalidArgument("storageUser", c.storageUser, "letters, digits and _");
  if (!/^[A-Za-z0-9_]+$/.test(c.storagePass))
    throw invalidArgument("storagePass", "(hidden)", "letters, digits and _");
  const d = c.dir;
  return (
    [
      "AuthType=auth/munge",
      `AuthInfo=socket=${c.mungeSocket}`,
      `DbdHost=${c.controlHost}`,
      "DbdAddr=127.0.0.1",
      `DbdPort=${c.dbdPort}`,
      "SlurmUser=root",
      "DebugLevel=info",
      `LogFile=${d}/log/slurmdbd.log`,
      `PidFile=${d}/run/slurmdbd.pid`,
      "StorageType=accounting_storage/mysql",
      "StorageHost=127.0.0.1",
      `StoragePort=${c.storagePort}`,
      `StorageUser=${c.storageUser}`,
      `StoragePass=${c.storagePass}`,
      "StorageLoc=slurm_acct_db",
    ].join("\n") + "\n"
  );
}
