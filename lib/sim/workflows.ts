/**
 * Autosubmit-like workflows (thesis §3.2: an experiment is a DAG whose jobs are sent to the
 * scheduler once their predecessors completed): one experiment's chain LOCAL_SETUP → REMOTE_SETUP →
 * INI → SIM×k chunks (each after the previous) with a POST after each SIM, and a CLEAN after the
 * last POST; job types named as in the Job File (lib/twin). Dependencies use Slurm's `afterok`
 * (lib/sim/dependencies.ts). Plus a small scenario: experiments competing with background jobs.
 */
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";
import type { Rng } from "../util/rng";
import type { SimJobInput } from "./job";

/** Options of {@link autosubmitWorkflow}. */
export interface WorkflowOptions {
  /** Experiment id: the jobs are named `<expid>_<TYPE>` and `<expid>_<chunk>_<TYPE>`. Defaults to "a000". */
  expid?: string;
  /** User and account of the jobs. Defaults to the expid. */
  user?: string;
  /** Submit time of every job of the experiment, seconds. Defaults to 0. */
  submit?: number;
  /** SIM chunks. Defaults to 3. */
  chunks?: number;
  /** Nodes of a SIM chunk. Defaults to 8. */
  simNodes?: number;
  /** Run time range of a SIM chunk, minutes (uniform). Defaults to [40, 60]. */
  simMinutes?: [number, number];
  /** Run time range of the 1-node jobs (setup, INI, POST, CLEAN), minutes (uniform). Defaults to [2, 10]. */
  smallMinutes?: [number, number];
}

/**
 * One experiment's jobs with their dependencies (see the module comment). Run times are drawn from
 * `rng`; each limit is the run time × 1.25 rounded up to 5 minutes (a wallclock a user writes).
 * @param rng the random stream (seeded by the caller)
 * @param options experiment id, submit, chunks and sizes
 */
export function autosubmitWorkflow(rng: Rng, options: WorkflowOptions = {}): SimJobInput[] {
  const expid = options.expid ?? "a000";
  if (typeof expid !== "string" || expid === "") throw invalidArgument("expid", expid, "a non-empty string");
  const user = options.user ?? expid;
  const submit = finiteNumber(options.submit ?? 0, "submit", 0);
  const chunks = integer(options.chunks ?? 3, "chunks", 1);
  const simNodes = integer(options.simNodes ?? 8, "simNodes", 1);
  const sim = range(options.simMinutes ?? [40, 60], "simMinutes");
  const small = range(options.smallMinutes ?? [2, 10], "smallMinutes");
  const job = (name: string, nodes: number, minutes: [number, number], dependsOn: string[]): SimJobInput => {
    const runtime = Math.round(rng.uniform(minutes[0], minutes[1]) * 60);
    const limit = Math.ceil((runtime * 1.25) / 300) * 300;
    const id = `${expid}_${name}`;
    return { id, submit, nodes, limit, runtime, user, account: user, dependsOn };
  };
  const jobs = [job("LOCAL_SETUP", 1, small, [])];
  jobs.push(job("REMOTE_SETUP", 1, small, [jobs[0].id]));
  jobs.push(job("INI", 1, small, [jobs[1].id]));
  let before = jobs[2].id;
  const posts: string[] = [];
  for (let k = 1; k <= chunks; k++) {
    const s = job(`${k}_SIM`, simNodes, sim, [before]);
    const p = job(`${k}_POST`, 1, small, [s.id]);
    jobs.push(s, p);
    before = s.id;
    posts.push(p.id);
  }
  jobs.push(job("CLEAN", 1, small, posts));
  return jobs;
}

function range(r: [number, number], name: string): [number, number] {
  if (!(Array.isArray(r) && r.length === 2 && r[0] > 0 && r[1] >= r[0]))
    throw invalidArgument(name, r, "[lo, hi] minutes with 0 < lo <= hi");
  return r;
}

/** Options of {@link workflowScenario}. */
export interface WorkflowScenarioOptions {
  /** Cluster size, nodes. Defaults to 32. */
  nodes?: number;
  /** Experiments (ids a000, a001, …), submitted 10 minutes apart. Defaults to 2. */
  experiments?: number;
  /** SIM chunks per experiment. Defaults to 3. */
  chunks?: number;
  /** Background jobs, submitted one every 5 minutes from t = 0 (user "bg"). Defaults to 24. */
  backgroundJobs?: number;
}

/**
 * Experiments competing with background jobs: the experiments' SIM chunks take a quarter of the
 * nodes each; background jobs take 1 to a quarter of the nodes for 20–90 minutes (limit = run time
 * × 1.25 rounded up to 5 minutes). The experiments draw from `rng.fork("exp<k>")`, the background
 * from `rng.fork("bg")`.
 */
export function workflowScenario(
  rng: Rng,
  options: WorkflowScenarioOptions = {},
): { nodes: number; jobs: SimJobInput[] } {
  const W = integer(options.nodes ?? 32, "nodes", 4);
  const experiments = integer(options.experiments ?? 2, "experiments", 1);
  const chunks = integer(options.chunks ?? 3, "chunks", 1);
  const nBg = integer(options.backgroundJobs ?? 24, "backgroundJobs", 0);
  const jobs: SimJobInput[] = [];
  for (let e = 0; e < experiments; e++) {
    const expid = `a${String(e).padStart(3, "0")}`;
    const wf = autosubmitWorkflow(rng.fork(`exp${e}`), {
      expid,
      submit: e * 600,
      chunks,
      simNodes: Math.max(1, Math.floor(W / 4)),
    });
    jobs.push(...wf);
  }
  const bg = rng.fork("bg");
  for (let k = 0; k < nBg; k++) {
    const runtime = Math.round(bg.uniform(20, 90) * 60);
    jobs.push({
      id: `bg${k}`,
      submit: k * 300,
      nodes: bg.int(1, Math.max(1, Math.floor(W / 4))),
      limit: Math.ceil((runtime * 1.25) / 300) * 300,
      runtime,
      user: "bg",
      account: "bg",
    });
  }
  return { nodes: W, jobs };
}
