/**
 * The nodes and partitions of a private localhost Slurm cluster: groups of alike nodes (CPUs, memory,
 * GPUs, features, weight), named n1..nN in group order, and partitions over them. cluster/slurm-conf.ts
 * writes one `NodeName` line per group and one `PartitionName` line per partition, and `gresConf` the
 * gres.conf of the GPUs, whose device files the caller creates (`gpuFiles`).
 */
import { expandHostlist } from "../lib/io/hostlist";
import { invalidArgument } from "../lib/util/errors";

/** A group of alike nodes (one `NodeName` line, so one config record in slurmctld). */
export interface NodeGroup {
  /** Nodes in the group; they take the next names n(k+1)..n(k+count). */
  count: number;
  /** CPUs per node (`CPUs=`). */
  cpus: number;
  /**
   * Sockets per node: with it the line says `Sockets=<s> CoresPerSocket=<cpus/s> ThreadsPerCore=1`
   * after `CPUs=` (cpus a multiple of it). Defaults to none written (Slurm then counts each CPU a
   * socket of one core).
   */
  sockets?: number;
  /** Memory per node, MiB (`RealMemory=`). Defaults to none written (Slurm's 1 MiB). */
  realMemoryMiB?: number;
  /** GPUs per node (`Gres=gpu:N`, and a gres.conf line). Defaults to 0. */
  gpus?: number;
  /** Features (`Features=a,b`). Defaults to none. */
  features?: readonly string[];
  /** Scheduling weight (`Weight=`; Slurm allocates lower weights first). Defaults to none written (Slurm's 1). */
  weight?: number;
}

/** A partition (`PartitionName` line). */
export interface PartitionSpec {
  /** Name (letters, digits, `_`, `-`). */
  name: string;
  /** Its nodes as a Slurm hostlist of the layout's names, e.g. `n[5-6]`. */
  nodes: string;
  /** Whether it is the default partition (exactly one is). Defaults to false. */
  default?: boolean;
  /** `MaxTime=` as slurm.conf writes it (`INFINITE`, minutes, `D-HH:MM:SS`, …). Defaults to INFINITE. */
  maxTime?: string;
  /** `DefaultTime=` (the limit of a job that asks none), as slurm.conf writes it. Defaults to none written. */
  defaultTime?: string;
}

/**
 * A switch of topology.conf (TopologyPlugin=topology/tree): a leaf switch lists nodes, an upper one
 * lists switches.
 */
export interface SwitchSpec {
  /** Name (letters, digits, `_`, `-`). */
  name: string;
  /** The layout's nodes on it as a hostlist (a leaf switch), e.g. `n[1-4]`. */
  nodes?: string;
  /** The switches below it as a hostlist of switch names (an upper switch), e.g. `s[1-3]`. */
  switches?: string;
}

/** The nodes and partitions of a local cluster. */
export interface NodeLayout {
  groups: readonly NodeGroup[];
  partitions: readonly PartitionSpec[];
  /**
   * The network's switches (topology.conf, and `TopologyPlugin=topology/tree` in slurm.conf).
   * Defaults to none: no topology.conf, no TopologyPlugin line.
   */
  switches?: readonly SwitchSpec[];
}

/** Hostlist of n<first>..n<last>: `n3` or `n[3-4]`. */
export function nodeSpan(first: number, last: number): string {
  if (!Number.isInteger(first) || first < 1 || !Number.isInteger(last) || last < first)
    throw invalidArgument("node span", [first, last], "integers 1 <= first <= last");
  return first === last ? `n${first}` : `n[${first}-${last}]`;
}

/** The layout of N alike nodes of `cpus` CPUs in one default partition `debug` (the harness's usual cluster). */
export function uniformLayout(nodes: number, cpus: number): NodeLayout {
  return {
    groups: [{ count: nodes, cpus }],
    partitions: [{ name: "debug", nodes: nodeSpan(1, nodes), default: true }],
  };
}

/** Node count of a layout. */
export function layoutNodeCount(layout: NodeLayout): number {
  return layout.groups.reduce((s, g) => s + g.count, 0);
}

/** Each group's hostlist (in group order) and its node names. */
export function groupNodes(layout: NodeLayout): { hostlist: string; names: string[] }[] {
  let next = 1;
  return layout.groups.map((g) => {
    const first = next;
    next += g.count;
    return {
      hostlist: nodeSpan(first, next - 1),
      names: Array.from({ length: g.count }, (_, i) => `n${first + i}`),
    };
  });
}

const positive = (v: unknown, max: number) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;

/**
 * Checks a layout: groups of 1..256 nodes of 1..1024 CPUs, memory 1..2^31 MiB, 0..64 GPUs, features
 * of letters, digits, `_` and `-`, weight 0..2^31; partitions of distinct names whose hostlists name
 * only the layout's nodes, exactly one default.
 * @throws `invalid layout.groups[k].<field>: …` or `invalid layout.partitions[k].<field>: …`
 */
export function checkLayout(layout: NodeLayout): void {
  if (!layout || !Array.isArray(layout.groups) || layout.groups.length === 0)
    throw invalidArgument("layout.groups", layout?.groups, "at least one node group");
  for (const [k, g] of layout.groups.entries()) {
    const at = `layout.groups[${k}]`;
    if (!positive(g.count, 256)) throw invalidArgument(`${at}.count`, g.count, "an integer in 1..256");
    if (!positive(g.cpus, 1024)) throw invalidArgument(`${at}.cpus`, g.cpus, "an integer in 1..1024");
    if (g.sockets !== undefined && !(positive(g.sockets, 64) && g.cpus % g.sockets === 0))
      throw invalidArgument(
        `${at}.sockets`,
        g.sockets,
        `an integer in 1..64 that divides the ${g.cpus} CPUs`,
      );
    if (g.realMemoryMiB !== undefined && !positive(g.realMemoryMiB, 2 ** 31))
      throw invalidArgument(`${at}.realMemoryMiB`, g.realMemoryMiB, "MiB, an integer in 1..2^31");
    if (g.gpus !== undefined && !(Number.isInteger(g.gpus) && g.gpus >= 0 && g.gpus <= 64))
      throw invalidArgument(`${at}.gpus`, g.gpus, "an integer in 0..64");
    for (const f of g.features ?? [])
      if (!/^[A-Za-z0-9_-]+$/.test(f)) throw invalidArgument(`${at}.features`, f, "letters, digits, _ and -");
    if (g.weight !== undefined && !(Number.isInteger(g.weight) && g.weight >= 0 && g.weight < 2 ** 31))
      throw invalidArgument(`${at}.weight`, g.weight, "an integer in 0..2^31-1");
  }
  const n = layoutNodeCount(layout);
  if (n > 256) throw invalidArgument("layout node count", n, "at most 256 nodes");
  const parts = layout.partitions;
  if (!Array.isArray(parts) || parts.length === 0)
    throw invalidArgument("layout.partitions", parts, "at least one partition");
  const names = new Set<string>();
  for (const [k, p] of parts.entries()) {
    const at = `layout.partitions[${k}]`;
    if (!/^[A-Za-z0-9_-]+$/.test(p.name ?? "") || names.has(p.name))
      throw invalidArgument(`${at}.name`, p.name, "a distinct name of letters, digits, _ and -");
    names.add(p.name);
    const listed = typeof p.nodes === "string" ? expandHostlist(p.nodes) : [];
    const bad = listed.filter((x) => !/^n\d+$/.test(x) || Number(x.slice(1)) < 1 || Number(x.slice(1)) > n);
    if (listed.length === 0 || bad.length > 0 || /\s/.test(p.nodes))
      throw invalidArgument(`${at}.nodes`, p.nodes, `a hostlist of the layout's nodes n1..n${n}`);
    for (const key of ["maxTime", "defaultTime"] as const)
      if (p[key] !== undefined && !/^(INFINITE|UNLIMITED|[0-9][0-9:-]*)$/.test(p[key]!))
        throw invalidArgument(
          `${at}.${key}`,
          p[key],
          "INFINITE or a time such as 60, 12:00:00 or 1-00:00:00",
        );
  }
  const defaults = parts.filter((p) => p.default === true).length;
  if (defaults !== 1)
    throw invalidArgument("layout.partitions", `${defaults} defaults`, "exactly one default partition");
  if (layout.switches !== undefined) checkSwitches(layout.switches, n);
}

/**
 * Checks a tree of switches over n1..nN: distinct names; each switch lists nodes or switches (not
 * both); every node on exactly one leaf switch; every listed switch defined; exactly one switch
 * that no other lists (the top), from which every switch is reached.
 */
function checkSwitches(switches: readonly SwitchSpec[], n: number): void {
  if (!Array.isArray(switches) || switches.length === 0)
    throw invalidArgument("layout.switches", switches, "at least one switch (or none given)");
  const names = new Set<string>();
  for (const [k, w] of switches.entries()) {
    if (!/^[A-Za-z0-9_-]+$/.test(w.name ?? "") || names.has(w.name))
      throw invalidArgument(
        `layout.switches[${k}].name`,
        w.name,
        "a distinct name of letters, digits, _ and -",
      );
    names.add(w.name);
    if ((w.nodes === undefined) === (w.switches === undefined))
      throw invalidArgument(`layout.switches[${k}]`, w.name, "a switch with nodes or switches (one of them)");
  }
  const onLeaf = new Map<string, string>();
  const below = new Map<string, string[]>();
  for (const [k, w] of switches.entries()) {
    if (w.nodes !== undefined) {
      const listed = /\s/.test(w.nodes) ? [] : expandHostlist(w.nodes);
      const bad = listed.filter((x) => !/^n\d+$/.test(x) || Number(x.slice(1)) < 1 || Number(x.slice(1)) > n);
      if (listed.length === 0 || bad.length > 0)
        throw invalidArgument(
          `layout.switches[${k}].nodes`,
          w.nodes,
          `a hostlist of the layout's nodes n1..n${n}`,
        );
      for (const x of listed) {
        if (onLeaf.has(x))
          throw invalidArgument(
            `layout.switches[${k}].nodes`,
            w.nodes,
            `nodes on no other switch (${x} is on ${onLeaf.get(x)})`,
          );
        onLeaf.set(x, w.name);
      }
    } else {
      const listed = /\s/.test(w.switches!) ? [] : expandHostlist(w.switches!);
      if (listed.length === 0 || listed.some((x) => !names.has(x) || x === w.name))
        throw invalidArgument(
          `layout.switches[${k}].switches`,
          w.switches,
          "a hostlist of the other switches' names",
        );
      below.set(w.name, listed);
    }
  }
  for (let i = 1; i <= n; i++)
    if (!onLeaf.has(`n${i}`))
      throw invalidArgument("layout.switches", `n${i} on no switch`, "every node on a leaf switch");
  const listedAnywhere = new Set([...below.values()].flat());
  const tops = [...names].filter((x) => !listedAnywhere.has(x));
  if (tops.length !== 1)
    throw invalidArgument(
      "layout.switches",
      `${tops.length} top switches`,
      "one switch above all the others",
    );
  const reached = new Set<string>();
  const visit = (x: string): void => {
    if (reached.has(x)) return;
    reached.add(x);
    for (const y of below.get(x) ?? []) visit(y);
  };
  visit(tops[0]);
  if (reached.size !== names.size)
    throw invalidArgument(
      "layout.switches",
      [...names].filter((x) => !reached.has(x)).join(","),
      "every switch below the top one",
    );
}

/**
 * The `NodeName` lines (one per group; `ports` are the slurmd ports of n1..nN) and the
 * `PartitionName` lines of a checked layout.
 */
export function layoutLines(layout: NodeLayout, ports: readonly number[]): string[] {
  let next = 0;
  const nodeLines = groupNodes(layout).map(({ hostlist }, k) => {
    const g = layout.groups[k];
    const own = ports.slice(next, (next += g.count));
    const port = own.length === 1 ? String(own[0]) : `[${own.join(",")}]`;
    const extra = [
      g.sockets !== undefined
        ? `Sockets=${g.sockets} CoresPerSocket=${g.cpus / g.sockets} ThreadsPerCore=1`
        : "",
      g.realMemoryMiB !== undefined ? `RealMemory=${g.realMemoryMiB}` : "",
      g.features?.length ? `Features=${g.features.join(",")}` : "",
      g.gpus ? `Gres=gpu:${g.gpus}` : "",
      g.weight !== undefined ? `Weight=${g.weight}` : "",
    ].filter((x) => x !== "");
    return [
      `NodeName=${hostlist} NodeHostname=localhost NodeAddr=127.0.0.1 Port=${port} CPUs=${g.cpus}`,
      ...extra,
      "State=UNKNOWN",
    ].join(" ");
  });
  const partitionLines = layout.partitions.map(
    (p) =>
      `PartitionName=${p.name} Nodes=${p.nodes}${p.default ? " Default=YES" : ""}${p.defaultTime !== undefined ? ` DefaultTime=${p.defaultTime}` : ""} MaxTime=${p.maxTime ?? "INFINITE"} State=UP`,
  );
  return [...nodeLines, ...partitionLines];
}

/** Whether any node of the layout has GPUs (then slurm.conf says `GresTypes=gpu` and gres.conf is written). */
export function layoutHasGpus(layout: NodeLayout): boolean {
  return layout.groups.some((g) => (g.gpus ?? 0) > 0);
}

/** Whether the layout has switches (then slurm.conf says `TopologyPlugin=topology/tree` and topology.conf is written). */
export function layoutHasTopology(layout: NodeLayout): boolean {
  return (layout.switches?.length ?? 0) > 0;
}

/**
 * The topology.conf of a layout's switches, one `SwitchName=<name> Nodes=<hostlist>` or
 * `SwitchName=<name> Switches=<hostlist>` line per switch in the order given (topology/tree,
 * topology.conf(5)); "" when the layout has none.
 */
export function topologyConf(layout: NodeLayout): string {
  checkLayout(layout);
  const lines = (layout.switches ?? []).map((w) =>
    w.nodes !== undefined
      ? `SwitchName=${w.name} Nodes=${w.nodes}`
      : `SwitchName=${w.name} Switches=${w.switches}`,
  );
  return lines.length ? lines.join("\n") + "\n" : "";
}

/** The fake GPU device files of a group of `gpus` GPUs under `deviceDir`: gpu0, gpu1, … (shared by the group's nodes; the caller makes them character devices). */
export function gpuFiles(deviceDir: string, gpus: number): string[] {
  return Array.from({ length: gpus }, (_, k) => `${deviceDir}/gpu${k}`);
}

/**
 * The gres.conf of a layout's GPUs: one `NodeName=<group> Name=gpu File=<deviceDir>/gpu[0-N]` line
 * per group with GPUs; "" when no node has GPUs. slurmd 22.05 needs a File for a GPU: it drops a
 * file-less one from what it registers (gres.c gres_g_node_config_load → _find_fileless_gres), and
 * slurmctld then drains the node (gres/gpu count reported lower than configured). A file must be a
 * character or block device (gres_common.c _set_gres_device_desc logs an error for a regular file)
 * and exist when slurmstepd starts (gres.c _my_stat); nothing opens it, and nothing binds a job to
 * a device under TaskPlugin=task/none. The caller creates the files of `gpuFiles` (cluster/local-slurm.ts:
 * character devices with /dev/null's numbers).
 * @param deviceDir absolute folder of the fake device files (under the cluster's state folder)
 */
export function gresConf(layout: NodeLayout, deviceDir: string): string {
  checkLayout(layout);
  if (!/^\/[A-Za-z0-9_./-]*$/.test(deviceDir))
    throw invalidArgument("deviceDir", deviceDir, "an absolute path of letters, digits, _ . / -");
  const lines = groupNodes(layout)
    .map(({ hostlist }, k) => ({ hostlist, gpus: layout.groups[k].gpus ?? 0 }))
    .filter((g) => g.gpus > 0)
    .map(
      (g) =>
        `NodeName=${g.hostlist} Name=gpu File=${deviceDir}/gpu${g.gpus === 1 ? "0" : `[0-${g.gpus - 1}]`}`,
    );
  return lines.length ? lines.join("\n") + "\n" : "";
}
