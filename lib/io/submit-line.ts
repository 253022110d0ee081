/**
 * sacct's `SubmitLine` (Slurm 21.08 and later; print.c `PRINT_SUBMIT_LINE`): the command line that
 * submitted a job, its arguments joined by single spaces (slurm_opt.c `slurm_option_get_argv_str`),
 * so the shell's quotes are gone and an argument holding a space reads as two. It holds what was
 * typed on the command line only: `#SBATCH` lines of the script are not in it, so an option absent
 * here may still have been asked.
 *
 * The options are read as sbatch, srun and salloc read them (getopt_long over slurm_opt.c's table):
 * `--name=value`, `--name value` for an option that takes a value, an unambiguous prefix of a long
 * name (`--constr=intel`), short options alone (`-N 2`), joined to their value (`-N2`) or grouped
 * (`-Hv`), up to the first argument that is no option (the script, or the command srun runs), `--`,
 * or `--wrap` (whose command, joined by spaces, cannot be told from further options). The last of a
 * repeated option counts.
 */
import { type JobGres, gresList } from "./slurm-gres";

/** The requests a SubmitLine states (fields absent when the line does not give them). */
export interface SubmitRequest {
  /** The command (`sbatch`, `srun`, `salloc`, `scrontab`), without its path. */
  command: string;
  /** Every option read, by its long name (`constraint`, `mem`, `nodes`), "" for one without a value. */
  options: Record<string, string>;
  /** `-C`/`--constraint`. */
  constraint?: string;
  /** `-d`/`--dependency`. */
  dependency?: string;
  /** `--exclusive` (`node`), `--exclusive=user`, `=mcs` or `=topo`. */
  exclusive?: "node" | "user" | "mcs" | "topo";
  /** `--mem`, MiB per node. */
  memPerNodeMiB?: number;
  /** `--mem-per-cpu`, MiB. */
  memPerCpuMiB?: number;
  /** `--mem-per-gpu`, MiB. */
  memPerGpuMiB?: number;
  /** GPUs and other GRES: `--gres` (per node), `-G`/`--gpus` (per job), `--gpus-per-node`, `--gpus-per-socket`, `--gpus-per-task`. */
  gres?: JobGres[];
  /** `-N`/`--nodes`: the least and most nodes (equal for `-N 2`). */
  nodes?: { min: number; max: number };
  /** `-n`/`--ntasks`. */
  ntasks?: number;
  /** `--ntasks-per-node`. */
  ntasksPerNode?: number;
  /** `-c`/`--cpus-per-task`. */
  cpusPerTask?: number;
  /** `-p`/`--partition`, split at the commas. */
  partitions?: string[];
}

/** Long options that take a value (slurm_opt.c, has_arg required_argument, 21.08 to 24.05). */
const WITH_VALUE = new Set(
  (
    "accel-bind account acctg-freq argv array autocomplete batch bb bbf bcast-exclude begin chdir cluster " +
    "cluster-constraint clusters comment constraint container container-id context core-spec cores-per-socket " +
    "cpu-bind cpu-freq cpu_bind cpus-per-gpu cpus-per-task deadline delay-boot dependency distribution " +
    "environment epilog error exclude export export-file extra extra-node-info gid gpu-bind gpu-freq gpus " +
    "gpus-per-node gpus-per-socket gpus-per-task gres gres-flags het-group hint input job-name jobid " +
    "kill-on-invalid-dep licenses mail-type mail-user mcs-label mem mem-bind mem-per-cpu mem-per-gpu mincpus " +
    "mpi msg-timeout network nodefile nodelist nodes ntasks ntasks-per-core ntasks-per-gpu ntasks-per-node " +
    "ntasks-per-socket ntasks-per-tres open-mode output pack-group partition power prefer priority profile " +
    "prolog qos relative reservation segment signal slurmd-debug sockets-per-node switches task-epilog " +
    "task-prolog tasks-per-node thread-spec threads threads-per-core time time-min tmp treewidth tres-bind " +
    "tres-per-task uid wait-all-nodes wckey wrap"
  ).split(" "),
);
/** Long options that take no value, or one only as `--name=value`. */
const WITHOUT_VALUE = (
  "bcast compress exclusive external-launcher get-user-env immediate kill-command kill-on-bad-exit nice " +
  "no-kill overlap propagate pty resv-ports send-libs x11 bell contiguous debugger-test disable-status exact " +
  "help hold ignore-pbs interactive label multi-prog no-allocate no-bell no-requeue no-shell overcommit " +
  "oversubscribe parsable preserve-env quiet quit-on-interrupt reboot requeue spread-job stepmgr test-only " +
  "unbuffered usage use-min-nodes verbose version wait whole"
).split(" ");
const LONG = [...WITH_VALUE, ...WITHOUT_VALUE];

/** Short options that take a value, by their long name. */
const SHORT_VALUE: Readonly<Record<string, string>> = Object.freeze({
  A: "account",
  a: "array",
  b: "begin",
  B: "extra-node-info",
  c: "cpus-per-task",
  C: "constraint",
  d: "dependency",
  D: "chdir",
  e: "error",
  F: "nodefile",
  G: "gpus",
  i: "input",
  J: "job-name",
  L: "licenses",
  m: "distribution",
  M: "clusters",
  n: "ntasks",
  N: "nodes",
  o: "output",
  p: "partition",
  q: "qos",
  r: "relative",
  S: "core-spec",
  t: "time",
  T: "threads",
  w: "nodelist",
  x: "exclude",
});
/** Short options whose value, if any, is joined to them (`-I5`). */
const SHORT_OPTIONAL: Readonly<Record<string, string>> = Object.freeze({
  I: "immediate",
  K: "kill-on-bad-exit",
  k: "no-kill",
});
/** Short flags that matter here (the others are read and dropped). */
const SHORT_FLAG: Readonly<Record<string, string>> = Object.freeze({ s: "oversubscribe", H: "hold" });

/** A long name, or its unambiguous prefix, as its full name; undefined when it is neither. */
function longName(name: string): string | undefined {
  if (WITH_VALUE.has(name) || WITHOUT_VALUE.includes(name)) return name;
  const hits = LONG.filter((x) => x.startsWith(name));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The options of a command line, by long name (see the module comment). */
function readOptions(args: readonly string[], command: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--" || !a.startsWith("-") || a === "-") break;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = longName(eq < 0 ? a.slice(2) : a.slice(2, eq));
      if (name === "wrap") break;
      if (name === undefined) continue;
      out[name] = eq >= 0 ? a.slice(eq + 1) : WITH_VALUE.has(name) ? (args[++i] ?? "") : "";
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const c = a[k];
      const valued = SHORT_VALUE[c] ?? (c === "W" && command === "srun" ? "wait" : undefined);
      if (valued !== undefined) {
        out[valued] = k + 1 < a.length ? a.slice(k + 1) : (args[++i] ?? "");
        break;
      }
      if (SHORT_OPTIONAL[c] !== undefined) {
        out[SHORT_OPTIONAL[c]] = a.slice(k + 1);
        break;
      }
      if (SHORT_FLAG[c] !== undefined) out[SHORT_FLAG[c]] = "";
    }
  }
  return out;
}

/** A size as sbatch's `--mem` reads it (proc_args.c `str_to_mbytes`: a whole number, K M G T with an optional B; no unit is MiB) → MiB, or undefined. */
export function submitSizeMiB(v: string): number | undefined {
  const m = /^(\d+)(?:([KkMmGgTt])[Bb]?)?$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? "M").toUpperCase();
  return unit === "K" ? Math.ceil(n / 1024) : n * 1024 ** "MGT".indexOf(unit);
}

const whole = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);

/** Reads a SubmitLine (see the module comment); undefined when it is empty or names no submitting command. */
export function parseSubmitLine(line: string): SubmitRequest | undefined {
  const args = line.trim().split(/\s+/);
  const command = (args[0] ?? "").replace(/^.*\//, "");
  if (!/^(sbatch|srun|salloc|scrontab)$/.test(command)) return undefined;
  const o = readOptions(args.slice(1), command);
  const out: SubmitRequest = { command, options: o };
  if (o.constraint) out.constraint = o.constraint;
  if (o.dependency) out.dependency = o.dependency;
  if (o.exclusive !== undefined) {
    const x = o.exclusive.toLowerCase();
    if (x === "" || x === "exclusive") out.exclusive = "node";
    else if (x === "user" || x === "mcs" || x === "topo") out.exclusive = x;
  }
  const mem = (k: string) => (o[k] !== undefined ? submitSizeMiB(o[k]) : undefined);
  const [perNode, perCpu, perGpu] = [mem("mem"), mem("mem-per-cpu"), mem("mem-per-gpu")];
  if (perNode !== undefined) out.memPerNodeMiB = perNode;
  if (perCpu !== undefined) out.memPerCpuMiB = perCpu;
  if (perGpu !== undefined) out.memPerGpuMiB = perGpu;
  const gres: JobGres[] = [];
  const add = (v: string | undefined, per: JobGres["per"], gpu: boolean) => {
    if (v === undefined || v.toLowerCase() === "none") return;
    const list = gresList((gpu ? "gpu:" : "") + v.replace(/^gres[:/]/, ""), per);
    if (list) gres.push(...list);
  };
  add(o.gres, "node", false);
  add(o.gpus, "job", true);
  add(o["gpus-per-node"], "node", true);
  add(o["gpus-per-socket"], "socket", true);
  add(o["gpus-per-task"], "task", true);
  if (gres.length) out.gres = gres;
  const nodes = /^(\d+)(?:-(\d+))?$/.exec(o.nodes ?? "");
  if (nodes) out.nodes = { min: Number(nodes[1]), max: Number(nodes[2] ?? nodes[1]) };
  const ntasks = whole(o.ntasks),
    perNodeTasks = whole(o["ntasks-per-node"]),
    cpusPerTask = whole(o["cpus-per-task"]);
  if (ntasks !== undefined) out.ntasks = ntasks;
  if (perNodeTasks !== undefined) out.ntasksPerNode = perNodeTasks;
  if (cpusPerTask !== undefined) out.cpusPerTask = cpusPerTask;
  if (o.partition) out.partitions = o.partition.split(",").filter((p) => p !== "");
  return out;
}

/**
 * The GPUs a SubmitLine asks for the whole job: per job as given, per node times `nodes`, per task
 * times `-n`; NaN when a count is per socket, or per task without `-n`; undefined when it asks none.
 * @param nodes the nodes the job ran on
 */
export function submittedGpus(req: SubmitRequest, nodes: number): number | undefined {
  const gpus = (req.gres ?? []).filter((g) => g.name === "gpu");
  if (gpus.length === 0) return undefined;
  let sum = 0;
  for (const g of gpus)
    sum +=
      g.per === "job"
        ? g.count
        : g.per === "node"
          ? g.count * nodes
          : g.per === "task" && req.ntasks !== undefined
            ? g.count * req.ntasks
            : NaN;
  return sum;
}
