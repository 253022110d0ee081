/**
 * A real Slurm on localhost for integration checks and small studies: munged with a fresh key on its
 * own socket, slurmctld, one `slurmd -N nK` per node (all NodeHostname=localhost, each on its own
 * port), and with `accounting: true` a private MariaDB + slurmdbd. Every daemon runs in the
 * foreground as our child, so `stop()` kills each by its pid and checks it is gone; ports are free
 * ones and every file lives under `dir`, so several clusters can run side by side (one process
 * starts them one after the other, each once the previous one's daemons hold their ports).
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { invalidArgument } from "../lib/util/errors";
import {
  freePorts,
  pidAlive,
  runCommand,
  sleep,
  startDaemon,
  stopDaemon,
  tailFile,
  waitFor,
  type CommandResult,
  type Daemon,
} from "./daemons";
import { mariaDbServer, startMariaDb, type PrivateMariaDb } from "./mariadb";
import {
  checkLayout,
  gpuFiles,
  gresConf,
  layoutNodeCount,
  topologyConf,
  type NodeLayout,
} from "./node-layout";
import { slurmConf, slurmdbdConf } from "./slurm-conf";

/** Options of `startLocalSlurm`. */
export interface LocalSlurmOptions {
  /** Node count (n1..nN, all NodeHostname=localhost). Defaults to 4 (with `layout`, its node count; give one or the other). */
  nodes?: number;
  /** CPUs per node. Defaults to 1 (not with `layout`). */
  coresPerNode?: number;
  /**
   * Node groups (CPUs, memory, GPUs, features, weight) and partitions (cluster/node-layout.ts); GPUs
   * are counted in a gres.conf beside slurm.conf, switches in a topology.conf. Defaults to `nodes` alike nodes of `coresPerNode`
   * CPUs in one default partition `debug`.
   */
  layout?: NodeLayout;
  /** Start MariaDB + slurmdbd (AccountingStorageType=accounting_storage/slurmdbd). Defaults to false. */
  accounting?: boolean;
  /**
   * Accounts and users to add before slurmctld starts (needs `accounting`), so that its first
   * fair-share calculation (at its start) already sees them. Defaults to none.
   */
  associations?: {
    accounts: readonly { name: string; parent?: string; fairshare?: number }[];
    users: readonly { user: string; account: string; fairshare?: number }[];
  };
  /** Extra or overriding slurm.conf lines, e.g. `{ SchedulerParameters: "bf_interval=5" }` ("" drops a generated line). Defaults to none. */
  slurmConf?: Record<string, string>;
  /** State directory. Defaults to a fresh temp dir (removed by `stop()` unless `keepDir`). */
  dir?: string;
  /** Keep a temp `dir` after `stop()` (for reading logs). Defaults to false. */
  keepDir?: boolean;
  /** How long to wait for the daemons to come up, in ms. Defaults to 90 000. */
  timeoutMs?: number;
}

/** Options of `LocalSlurm.run`. */
export interface RunOptions {
  /** Standard input. Defaults to empty. */
  input?: string;
  /** Kill the command after this many ms. Defaults to 60 000. */
  timeoutMs?: number;
  /** Working directory. Defaults to `<dir>/work` (where `sbatch` writes slurm-<id>.out). */
  cwd?: string;
}

/** A running local cluster. */
export interface LocalSlurm {
  dir: string;
  confPath: string;
  /** Node names n1..nN. */
  nodes: string[];
  /** ClusterName (for sacctmgr/sacct `--clusters`). */
  clusterName: string;
  /** SLURM_CONF etc.; pass to every sbatch/squeue/sacct/sshare/sprio/sacctmgr call. */
  env: NodeJS.ProcessEnv;
  /** Whether slurmdbd + MariaDB run. */
  accounting: boolean;
  /** Run a command with `env`; never throws on a non-zero exit (read `status`). */
  run(cmd: string, args: string[], opts?: RunOptions): Promise<CommandResult>;
  /** `sbatch --parsable <args>`: the job id (of an array or heterogeneous job, its first); throws with sbatch's stderr. */
  sbatch(args: string[]): Promise<string>;
  /** `sacctmgr -i <args>`; throws with its output when it fails (needs accounting). */
  sacctmgr(args: string[]): Promise<string>;
  /** Add an account under `parent` (Defaults to root) with `fairshare` shares (Defaults to 1). */
  addAccount(name: string, opts?: { parent?: string; fairshare?: number }): Promise<void>;
  /** Add `user` (a Unix user name, e.g. root) to `account` with `fairshare` shares (Defaults to 1). */
  addUser(user: string, account: string, opts?: { fairshare?: number }): Promise<void>;
  /** Wait until no job is pending, running or completing (with accounting: and slurmdbd has recorded
   * every job's end, so `sacct` is complete). `timeoutMs` defaults to 120 000. */
  waitIdle(timeoutMs?: number): Promise<void>;
  /** The daemons started, by name ("munged", "mariadbd", "slurmdbd", "slurmctld", "slurmd n1", …) and pid. */
  daemons(): { name: string; pid: number }[];
  /** Cancel every job, kill every daemon it started by pid, check they are gone. */
  stop(): Promise<void>;
}

/** Commands a local cluster needs that are not installed (empty = ready). */
export function localSlurmMissing(accounting = false): string[] {
  const need = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scontrol", "scancel"];
  if (accounting) need.push("slurmdbd", "sacctmgr", "sacct", "sshare", "mariadb-install-db", "mariadb");
  const missing = need.filter((c) => !onPath(c));
  if (accounting && !fs.existsSync(mariaDbServer())) missing.push("mariadbd");
  return missing;
}

function onPath(cmd: string): boolean {
  const dirs = (process.env.PATH ?? "").split(":").concat(["/usr/sbin", "/sbin", "/usr/local/sbin"]);
  return dirs.some((d) => d !== "" && fs.existsSync(path.join(d, cmd)));
}

/** Start a local cluster and wait until every node is idle (and slurmdbd answers, with accounting). */
export async function startLocalSlurm(opts: LocalSlurmOptions = {}): Promise<LocalSlurm> {
  if (opts.layout !== undefined) {
    if (opts.nodes !== undefined || opts.coresPerNode !== undefined)
      throw invalidArgument(
        "nodes/coresPerNode",
        "given with layout",
        "either a layout or nodes and coresPerNode",
      );
    checkLayout(opts.layout);
  }
  const nodes = opts.layout ? layoutNodeCount(opts.layout) : (opts.nodes ?? 4),
    cores = opts.coresPerNode ?? 1;
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 64)
    throw invalidArgument("nodes", nodes, "an integer in 1..64");
  if (!Number.isInteger(cores) || cores < 1 || cores > 1024)
    throw invalidArgument("coresPerNode", cores, "an integer in 1..1024");
  const uid = process.getuid?.();
  if (uid !== 0)
    throw invalidArgument(
      "user id",
      uid ?? null,
      "0 (root: slurmd must launch jobs as their owner, and the config runs every daemon as root)",
    );
  const missing = localSlurmMissing(opts.accounting ?? false);
  if (missing.length > 0)
    throw invalidArgument(
      "system",
      missing.join(", "),
      "installed Slurm commands (apt-get install slurmctld slurmd slurm-client munge slurmdbd mariadb-server)",
    );
  // one start at a time in this process: a start picks free ports, then its daemons bind them, and a
  // second start picking ports meanwhile could be handed the same ones
  const before = starting;
  let done!: () => void;
  starting = new Promise<void>((r) => (done = r));
  await before;
  try {
    return await _startLocalSlurm({ ...opts, nodes, coresPerNode: cores });
  } finally {
    done();
  }
}

let starting: Promise<void> = Promise.resolve();

async function _startLocalSlurm(
  opts: LocalSlurmOptions & { nodes: number; coresPerNode: number },
): Promise<LocalSlurm> {
  const ownDir = opts.dir === undefined;
  const dir = path.resolve(opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-slurm-")));
  for (const sub of ["state", "run", "log", "munge", "work", "spool"])
    fs.mkdirSync(path.join(dir, sub), { recursive: true });
  fs.chmodSync(path.join(dir, "munge"), 0o700);
  const accounting = opts.accounting ?? false;
  const timeoutMs = opts.timeoutMs ?? 90_000;
  const nodeNames = Array.from({ length: opts.nodes }, (_, i) => `n${i + 1}`);
  const clusterName = "local";
  const confPath = path.join(dir, "slurm.conf");
  const env: NodeJS.ProcessEnv = { ...cleanEnv(process.env), SLURM_CONF: confPath };
  env.PATH = `${env.PATH ?? ""}:/usr/sbin:/sbin`;
  const daemons: Daemon[] = [];
  let db: PrivateMariaDb | undefined;
  const killAll = () => {
    for (const d of daemons)
      if (!d.done()) {
        try {
          process.kill(d.pid, "SIGKILL");
        } catch {
          /* gone */
        }
      }
  };
  process.on("exit", killAll);

  const run = (cmd: string, args: string[], o: RunOptions = {}) =>
    runCommand(cmd, args, {
      env,
      input: o.input,
      timeoutMs: o.timeoutMs ?? 60_000,
      cwd: o.cwd ?? path.join(dir, "work"),
    });
  const logTails = (names: string[]) =>
    names.map((n) => `--- ${n}:\n${tailFile(path.join(dir, "log", n))}`).join("\n");

  const stop = async (): Promise<void> => {
    const ctld = daemons.find((d) => d.name === "slurmctld");
    if (ctld && !ctld.done()) {
      await run("scancel", ["--user", os.userInfo().username], { timeoutMs: 10_000 }).catch(() => undefined);
      for (let i = 0; i < 20; i++) {
        const q = await run("squeue", ["-h", "-o", "%i"], { timeoutMs: 10_000 }).catch(() => null);
        if (!q || q.status !== 0 || q.stdout.trim() === "") break;
        await sleep(500);
      }
    }
    const errors: string[] = [];
    const order = ["slurmd", "slurmctld", "slurmdbd", "mariadbd", "munged"];
    for (const name of order) {
      const group = daemons.filter((d) => d.name === name || d.name.startsWith(`${name} `));
      const results = await Promise.allSettled(group.map((d) => stopDaemon(d)));
      for (const r of results) if (r.status === "rejected") errors.push(String((r.reason as Error).message));
    }
    process.removeListener("exit", killAll);
    const alive = daemons.filter((d) => pidAlive(d.pid));
    if (alive.length > 0) errors.push(`still running: ${alive.map((d) => `${d.name} ${d.pid}`).join(", ")}`);
    if (errors.length > 0) throw new Error(`local Slurm stop: ${errors.join("; ")} (logs in ${dir}/log)`);
    if (ownDir && !opts.keepDir) fs.rmSync(dir, { recursive: true, force: true });
  };

  const sacctmgr = async (args: string[]): Promise<string> => {
    if (!accounting) throw invalidArgument("accounting", false, "true (sacctmgr needs slurmdbd)");
    const r = await run("sacctmgr", ["-i", ...args]);
    if (r.status !== 0)
      throw new Error(`sacctmgr ${args.join(" ")} failed (${r.status}): ${(r.stderr || r.stdout).trim()}`);
    return r.stdout;
  };
  const shares = (v: number | undefined) => {
    const s = v ?? 1;
    if (!Number.isInteger(s) || s < 0) throw invalidArgument("fairshare", s, "a non-negative integer");
    return String(s);
  };
  const nameOk = (what: string, v: string) => {
    if (!/^[A-Za-z0-9_.-]+$/.test(v)) throw invalidArgument(what, v, "letters, digits, _ . -");
  };

  const addAccount = async (name: string, o: { parent?: string; fairshare?: number } = {}) => {
    nameOk("account", name);
    nameOk("parent", o.parent ?? "root");
    await sacctmgr([
      "add",
      "account",
      name,
      `cluster=${clusterName}`,
      `parent=${o.parent ?? "root"}`,
      `fairshare=${shares(o.fairshare)}`,
    ]);
  };
  const addUser = async (user: string, account: string, o: { fairshare?: number } = {}) => {
    nameOk("user", user);
    nameOk("account", account);
    await sacctmgr([
      "add",
      "user",
      user,
      `account=${account}`,
      `cluster=${clusterName}`,
      `fairshare=${shares(o.fairshare)}`,
    ]);
  };

  try {
    // munged: fresh key, own socket.
    const key = path.join(dir, "munge", "munge.key");
    fs.writeFileSync(key, randomBytes(1024), { mode: 0o600 });
    const mungeSocket = path.join(dir, "munge", "munge.socket");
    const mungeLog = path.join(dir, "log", "munged.log");
    const munged = startDaemon(
      "munged",
      "munged",
      [
        "-F",
        "--force",
        `--socket=${mungeSocket}`,
        `--key-file=${key}`,
        `--pid-file=${path.join(dir, "munge", "munged.pid")}`,
        `--seed-file=${path.join(dir, "munge", "munged.seed")}`,
        `--log-file=${mungeLog}`,
      ],
      mungeLog,
      env,
    );
    daemons.push(munged);
    await waitFor("munged", async () => (fs.existsSync(mungeSocket) ? true : null), {
      timeoutMs,
      watched: [munged],
      describe: () => `last lines of ${mungeLog}:\n${tailFile(mungeLog)}`,
    });

    const host = os.hostname().split(".")[0];
    const ports = await freePorts(opts.nodes + (accounting ? 3 : 1));
    const [ctldPort, ...rest] = ports;
    const slurmdPorts = rest.slice(0, opts.nodes);
    let dbdPort: number | undefined;
    if (accounting) {
      dbdPort = rest[opts.nodes];
      db = await startMariaDb(dir, rest[opts.nodes + 1], env, timeoutMs, (d) => daemons.push(d));
      const dbdConf = path.join(dir, "slurmdbd.conf");
      fs.writeFileSync(
        dbdConf,
        slurmdbdConf({
          controlHost: host,
          dbdPort,
          storagePort: db.port,
          storageUser: db.user,
          storagePass: db.pass,
          dir,
          mungeSocket,
        }),
        { mode: 0o600 },
      );
      fs.chmodSync(dbdConf, 0o600);
    }
    fs.writeFileSync(
      confPath,
      slurmConf({
        clusterName,
        controlHost: host,
        nodes: opts.nodes,
        coresPerNode: opts.coresPerNode,
        layout: opts.layout,
        slurmctldPort: ctldPort,
        slurmdPorts,
        dir,
        mungeSocket,
        slurmdbdPort: dbdPort,
        extra: opts.slurmConf,
      }),
    );
    // slurmd reads gres.conf from slurm.conf's folder; each fake GPU is a character device with
    // /dev/null's numbers (1:3), which slurmd takes for a device and nothing opens
    const devices = path.join(dir, "dev");
    const gres = opts.layout ? gresConf(opts.layout, devices) : "";
    if (gres !== "") {
      fs.writeFileSync(path.join(dir, "gres.conf"), gres);
      fs.mkdirSync(devices, { recursive: true });
      for (const f of new Set(opts.layout!.groups.flatMap((g) => gpuFiles(devices, g.gpus ?? 0)))) {
        const r = await runCommand("mknod", [f, "c", "1", "3"]);
        if (r.status !== 0) throw new Error(`mknod ${f} c 1 3 failed: ${r.stderr.trim()} (run as root)`);
      }
    }

    // slurmctld and slurmd read topology.conf from slurm.conf's folder too
    const topology = opts.layout ? topologyConf(opts.layout) : "";
    if (topology !== "") fs.writeFileSync(path.join(dir, "topology.conf"), topology);

    if (accounting) {
      const dbd = startDaemon("slurmdbd", "slurmdbd", ["-D"], path.join(dir, "log", "slurmdbd.stdout"), env);
      daemons.push(dbd);
      let last = "";
      await waitFor(
        "slurmdbd",
        async () => {
          const r = await run("sacctmgr", ["-n", "-P", "show", "cluster"], { timeoutMs: 10_000 });
          last = (r.stderr || r.stdout).trim();
          return r.status === 0 ? true : null;
        },
        {
          timeoutMs,
          intervalMs: 500,
          watched: [dbd],
          describe: () => `sacctmgr show cluster: ${last}\n${logTails(["slurmdbd.log"])}`,
        },
      );
      const add = await run("sacctmgr", ["-i", "add", "cluster", clusterName]);
      if (add.status !== 0)
        throw new Error(
          `sacctmgr add cluster ${clusterName} failed: ${add.stderr.trim() || add.stdout.trim()}`,
        );
      for (const a of opts.associations?.accounts ?? []) await addAccount(a.name, a);
      for (const u of opts.associations?.users ?? []) await addUser(u.user, u.account, u);
    } else if (opts.associations) {
      throw invalidArgument("associations", "given", "accounting: true (sacctmgr needs slurmdbd)");
    }

    const ctld = startDaemon(
      "slurmctld",
      "slurmctld",
      ["-D", "-i", "-f", confPath],
      path.join(dir, "log", "slurmctld.stdout"),
      env,
    );
    daemons.push(ctld);
    await waitFor(
      "slurmctld",
      async () => (/UP/.test((await run("scontrol", ["ping"], { timeoutMs: 10_000 })).stdout) ? true : null),
      {
        timeoutMs,
        intervalMs: 300,
        watched: [ctld],
        describe: () => logTails(["slurmctld.log", "slurmctld.stdout"]),
      },
    );
    const slurmds = nodeNames.map((n) => {
      fs.mkdirSync(path.join(dir, "spool", n), { recursive: true });
      return startDaemon(
        `slurmd ${n}`,
        "slurmd",
        ["-D", "-N", n, "-f", confPath],
        path.join(dir, "log", `slurmd-${n}.stdout`),
        env,
      );
    });
    daemons.push(...slurmds);
    await waitFor(
      "nodes idle",
      async () => {
        const r = await run("sinfo", ["-h", "-N", "-o", "%N %t"], { timeoutMs: 10_000 });
        const states = new Map(
          r.stdout
            .trim()
            .split("\n")
            .map((l) => l.trim().split(/\s+/) as [string, string]),
        );
        return nodeNames.every((n) => states.get(n) === "idle") ? true : null;
      },
      {
        timeoutMs,
        intervalMs: 300,
        watched: [ctld, ...slurmds],
        describe: () =>
          `sinfo shows not all of ${nodeNames.join(",")} idle; ${logTails(["slurmctld.log", "slurmd-n1.log"])}`,
      },
    );
  } catch (e) {
    await stop().catch(() => undefined);
    throw e;
  }

  return {
    dir,
    confPath,
    nodes: nodeNames,
    clusterName,
    env,
    accounting,
    run,
    async sbatch(args: string[]) {
      const r = await run("sbatch", ["--parsable", ...args]);
      if (r.status !== 0) throw new Error(`sbatch ${args.join(" ")}: ${r.stderr}`);
      return r.stdout.trim().split(";")[0];
    },
    sacctmgr,
    addAccount,
    addUser,
    async waitIdle(ms = 120_000) {
      await waitFor(
        "local Slurm idle",
        async () => {
          const r = await run("squeue", ["-h", "-o", "%i %T"], { timeoutMs: 10_000 });
          if (r.status !== 0 || r.stdout.trim() !== "") return null;
          if (!accounting) return true;
          // slurmdbd learns of job ends a moment after slurmctld: wait until it holds no unfinished job.
          const a = await run("sacct", ["-a", "-X", "-n", "-P", "--format=State", "-S", "1970-01-01"], {
            timeoutMs: 10_000,
          });
          return a.status === 0 && !/^(PENDING|RUNNING|REQUEUED|SUSPENDED|COMPLETING)/m.test(a.stdout)
            ? true
            : null;
        },
        {
          timeoutMs: ms,
          intervalMs: 500,
          describe: () => `jobs still queued or not yet ended in slurmdbd; ${logTails(["slurmctld.log"])}`,
        },
      );
    },
    daemons: () => daemons.map((d) => ({ name: d.name, pid: d.pid })),
    stop,
  };
}

/** The environment without Slurm variables inherited from an enclosing job or user setup. */
function cleanEnv(e: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(e))
    if (!/^(SLURM|SBATCH|SALLOC|SRUN|SQUEUE|SACCT|SINFO|SPRIO|SSHARE|SCONTROL)_/.test(k)) out[k] = v;
  return out;
}
