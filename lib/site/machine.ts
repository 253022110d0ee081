/**
 * The machine as the replay sees it, and the replay's one way into the simulator. Today that is
 * whole-node allocation (select/linear's model: nodes of one size, a job holds its NNodes whole);
 * every other part of lib/site reaches the simulator only through {@link siteSimulation}, so a
 * per-node model (cons_tres: cores, memory, GPUs, features, partitions) can replace this file
 * without changing them or notebook 18. Each job's request here: its nodes, its processors (the
 * job-size factor and usage), its limit and its run time (cut at its limit, as lib/sim runs a job:
 * Slurm's OverTimeLimit and KillWait are not modelled), its nodes held the site's median turnaround
 * after it ends (SiteMachine.turnaround: COMPLETING, the epilog, the next pass). Settings become lib/sim's Slurm scheduler (SchedulerParameters; bf_resolution's
 * reservation end rounded down up to Slurm 20.11 and up since 21.08) and its multifactor priority
 * (no QoS or partition priorities: the export has none), or submit order under priority/basic.
 * Placement follows SelectType: select/linear's best fit on named nodes (lib/sim's "nodes"); any
 * other select plugin (cons_res, cons_tres) by free-node counts ("counts"), since its node choice is
 * not select/linear's (and counts replay a 100,000-job month in seconds: `npm run bench -- site`).
 */
import type { SacctDump } from "../io/sacct";
import { sacctMachine } from "../io/sacct";
import { type SinfoNode, sinfoMachine } from "../io/sinfo-nodes";
import { type SimResult, simulate } from "../sim/engine";
import type { SimJobInput } from "../sim/job";
import type { SelectTypeParameters } from "../sim/select-type";
import type { JobTres } from "../sim/tres";
import { slurmPriority } from "../sim/slurm-priority";
import type { Contender } from "../sim/contender";
import { type SlurmOptions, slurmScheduler } from "../sim/slurm-scheduler";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";
import type { SiteMachine, SiteModel } from "./site";
import type { SiteSettings } from "./site-settings";
import { withAccountShares } from "./site-tree";
import { jobTres, tresMachine } from "./site-tres";
import { attributeStarts } from "./start-attribution";
import { associationName } from "./site-tree";

/**
 * The machine of an export: sinfo's nodes (nodes.txt) when there, else the nodes its jobs ran on
 * (lib/io sacctMachine).
 * @throws `invalid export: …` with neither nodes.txt nor sacct.txt
 */
export function siteMachine(source: {
  nodes?: readonly SinfoNode[];
  sacct?: SacctDump;
  selectType?: string;
  /** The machine a reader or the caller states, over the one sacct's jobs imply (no nodes.txt). */
  machine?: { nodes?: number; coresPerNode?: number };
}): SiteMachine {
  if (source.nodes?.length) {
    const m = sinfoMachine(source.nodes);
    const origin = `sinfo: ${m.nodes} nodes, ${m.coresPerNode} cores each (the most common size)`;
    return /^select\/cons_(tres|res)$/.test(source.selectType ?? "")
      ? { ...m, origin, model: "shared nodes", tres: tresMachine(source.nodes) }
      : { ...m, origin, model: "whole nodes" };
  }
  if (source.sacct) {
    const given = source.machine && Object.keys(source.machine).length ? source.machine : undefined;
    const m = sacctMachine(source.sacct, given);
    return {
      nodes: m.nodes,
      coresPerNode: m.coresPerNode,
      origin: `sacct (no nodes.txt): ${m.origin}`,
      model: "whole nodes",
    };
  }
  throw invalidArgument(
    "export",
    "no nodes.txt or sacct.txt",
    "an export with sinfo's nodes or sacct's jobs",
  );
}

/** Options of {@link siteSimulation}. */
export interface SiteSimulationOptions {
  /** Seconds added to each job's eligible time (a jitter), by job index. Defaults to none. */
  shift?: ArrayLike<number>;
  /** Time of an sprio-like snapshot, seconds after the first eligible time. Defaults to none. */
  snapshotAt?: number;
  /** lib/sim's scheduler timing: "events" or "slurmctld" (slurmctld's own loops). Defaults to "events". */
  timing?: "events" | "slurmctld";
  /** The controller's timing as its log recorded it, in place of the export's seconds. Defaults to none. */
  recorded?: RecordedTiming;
  /** Parts of the model turned off (lib/site/ablation.ts says what each does). Defaults to none. */
  without?: readonly ModelPart[];
  /** A scheduler of your own (lib/sim/contender.ts) in place of Slurm's; a part it leaves out is the site's. Defaults to none. */
  contender?: Contender;
}

/**
 * The parts of the machine model a replay can turn off, one at a time, to see what each is worth:
 * jobs' memory, GPUs and features (their requests dropped), per-core sharing (every job holds its
 * nodes whole), the topology (nodes chosen as without a topology/tree), bf_continue (the backfill
 * cycle stops at a yield that saw a change), and the timing model (the other of lib/sim's timings).
 */
export const MODEL_PARTS = [
  "memory",
  "GPUs",
  "features",
  "per-core sharing",
  "topology",
  "bf_continue",
  "timing model",
] as const;

/** One of {@link MODEL_PARTS}. */
export type ModelPart = (typeof MODEL_PARTS)[number];

/**
 * A run's timing as slurmctld's debug log recorded it (to the millisecond, where sacct keeps whole
 * seconds): time 0, each job's submit, run and COMPLETING seconds, the scheduler's timing options
 * (e.g. the main passes and backfill cycles where the log shows them) and the priority
 * recalculation's phase.
 */
export interface RecordedTiming {
  /** Epoch seconds of simulated time 0. */
  origin: number;
  /** Per job of the site, in its order: submit (from `origin`), run and COMPLETING seconds. */
  jobs: readonly { submit: number; runtime: number; completing: number }[];
  scheduler: Partial<SlurmOptions>;
  /** Seconds from the first submit to the first priority recalculation. */
  calcPhase: number;
}

/** A simulation of a site: lib/sim's result, which starts were backfill's, and the time origin. */
export interface SiteSimulation {
  result: SimResult;
  /** Per job: 1 when its start was attributed to backfill (lib/site/start-attribution.ts). */
  backfilled: Uint8Array;
  /** Epoch seconds of simulated time 0 (the first eligible time, or the recorded origin). */
  t0: number;
}

/** A job's request with the parts `without` names dropped. */
function ablated(t: JobTres, without: ReadonlySet<ModelPart>): JobTres {
  if (without.size === 0) return t;
  const out = { ...t };
  if (without.has("memory")) {
    out.memPerNodeMiB = 0;
    delete out.memPerCpuMiB;
  }
  if (without.has("GPUs")) out.gpusPerNode = 0;
  if (without.has("features")) out.constraint = "";
  if (without.has("per-core sharing")) out.exclusive = true;
  return out;
}

/** Whole seconds of SchedulerParameters' timing knobs, when set (timing "slurmctld"). */
function timingKnobs(sp: SiteSettings["schedulerParameters"]): SlurmOptions {
  const n = (k: string) =>
    typeof sp[k] === "string" && /^\d+$/.test(sp[k] as string) ? Number(sp[k]) : undefined;
  const o: SlurmOptions = {};
  if (n("batch_sched_delay") !== undefined) o.batchSchedDelay = n("batch_sched_delay");
  if (n("sched_min_interval") !== undefined) o.schedMinInterval = n("sched_min_interval")! / 1e6;
  if (n("bf_yield_interval") !== undefined) o.bfYieldInterval = n("bf_yield_interval")! / 1e6;
  if (n("bf_yield_sleep") !== undefined) o.bfYieldSleep = n("bf_yield_sleep")! / 1e6;
  if (n("bf_max_time") !== undefined) o.bfMaxTime = n("bf_max_time");
  if (sp.defer === true) o.defer = true;
  // a site's slurmctld has run long before the export's first job: its first pass is not held
  // back by batch_sched_delay from its start, and its clocks run from a whole second long before
  o.controllerLoop = { start: -SITE_CONTROLLER_UP };
  return o;
}

/** How long before the export's first job a site's slurmctld is taken to have started, seconds (a day). */
const SITE_CONTROLLER_UP = 86400;

/** SelectTypeParameters' consumable resources as the placement names them (CR_CORE_MEMORY → CR_Core_Memory). */
function consumable(params: readonly string[]): SelectTypeParameters {
  const main = params.map((p) => p.toUpperCase()).find((p) => /^CR_(CPU|CORE|SOCKET)(_MEMORY)?$/.test(p));
  if (!main) return "CR_Core";
  const [, unit, mem] = /^CR_(CPU|CORE|SOCKET)(_MEMORY)?$/.exec(main)!;
  return `CR_${unit === "CPU" ? "CPU" : unit === "CORE" ? "Core" : "Socket"}${mem ? "_Memory" : ""}` as SelectTypeParameters;
}

/** The scheduler options of some settings. */
export function slurmOptionsOf(s: SiteSettings, timing: "events" | "slurmctld" = "events"): SlurmOptions {
  const m = /^(\d+)\.(\d+)/.exec(s.version);
  const late = !m || Number(m[1]) * 100 + Number(m[2]) >= 2108;
  return {
    select: /cons_res$/.test(s.selectType) ? "cons_res" : "cons_tres",
    selectTypeParameters: consumable(s.selectTypeParameters),
    // the select code of 20.02–21.08 is 20.11's; 22.05's since
    slurmVersion: !m || Number(m[1]) * 100 + Number(m[2]) >= 2205 ? "22.05" : "20.11",
    bfContinue: s.bfContinue,
    bfMaxJobPart: s.bfMaxJobPart,
    bfMaxJobUserPart: s.bfMaxJobUserPart,
    ...(timing === "slurmctld" ? timingKnobs(s.schedulerParameters) : {}),
    timing,
    backfill: s.backfill,
    bfInterval: s.bfInterval,
    bfWindow: s.bfWindow,
    bfResolution: s.bfResolution,
    bfMaxJobTest: s.bfMaxJobTest,
    bfMaxJobUser: s.bfMaxJobUser,
    bfJobPartCountReserve: s.bfJobPartCountReserve,
    defaultQueueDepth: s.defaultQueueDepth,
    schedInterval: s.schedInterval,
    bfReservationEnd: late ? "ceil" : "floor",
    placement: s.selectType === "select/linear" ? "nodes" : "counts",
  };
}

/**
 * Replays a site's jobs under some settings on its machine (see the module comment): each job
 * eligible at its real eligible time (plus `shift`), running its real run time.
 * @throws `invalid shift: …` when its length is not the number of jobs; `<source>: job <id> cannot be
 *   replayed on this machine: …` when a job's request fits no nodes of its partition (cons_tres)
 */
export function siteSimulation(
  site: SiteModel,
  settings: SiteSettings,
  options: SiteSimulationOptions = {},
): SiteSimulation {
  const { jobs, machine } = site;
  const shift = options.shift;
  if (shift && shift.length !== jobs.length)
    throw invalidArgument("shift", `${shift.length} values`, `one per job (${jobs.length})`);
  const without = new Set(options.without ?? []);
  for (const p of without) keyword(p, "without", MODEL_PARTS);
  const asked = keyword(options.timing ?? "events", "timing", ["events", "slurmctld"] as const);
  const timing = without.has("timing model") ? (asked === "events" ? "slurmctld" : "events") : asked;
  const rec = options.recorded;
  if (rec && rec.jobs.length !== jobs.length)
    throw invalidArgument("recorded.jobs", `${rec.jobs.length} jobs`, `one per job (${jobs.length})`);
  if (rec && shift && Array.prototype.some.call(shift, (x: number) => x !== 0))
    throw invalidArgument("shift", "with recorded timing", "none (the recorded submits are the real ones)");
  let t0 = rec ? rec.origin : Infinity;
  if (!rec) for (const j of jobs) t0 = Math.min(t0, j.eligible);
  const memory = settings.selectTypeParameters.some((p) => /MEMORY/i.test(p));
  const tres = machine.tres;
  const input: SimJobInput[] = jobs.map((j, i) => {
    const run = Math.max(0, j.end - j.start);
    return {
      ...(tres ? { tres: ablated(jobTres(j, tres, memory), without) } : {}),
      id: j.id,
      submit: Math.max(0, j.eligible - t0 + (shift ? shift[i] : 0)),
      nodes: j.nodes,
      procs: j.cpus,
      // the CPUs it asked: Slurm's job-size factor counts them until a select test counts its own
      ...(tres && j.reqCpus >= 1 ? { sizeCpus: j.reqCpus } : {}),
      limit: j.limit,
      runtime: run,
      completing: machine.turnaround ?? 0,
      ...(rec ? rec.jobs[i] : {}),
      user: associationName(j.user, j.account),
      account: j.account,
      qos: j.qos,
      partition: j.partition,
    };
  });
  const attributed = attributeStarts(
    options.contender?.scheduler?.() ??
      slurmScheduler({
        ...slurmOptionsOf(settings, timing),
        ...(tres ? { machine: tres, epoch: t0 } : {}),
        ...(tres && machine.topology && !without.has("topology") ? { topology: machine.topology } : {}),
        ...(without.has("bf_continue") ? { bfContinue: false } : {}),
        ...rec?.scheduler,
      }),
    jobs.length,
  );
  const multifactor = settings.priorityType === "priority/multifactor";
  const result = simulate(input, {
    nodes: machine.nodes,
    coresPerNode: machine.coresPerNode,
    ...(tres ? { totalCpus: tres.reduce((s, n) => s + n.cpus, 0) } : {}),
    scheduler: attributed.scheduler,
    priority:
      options.contender?.priority?.() ??
      (multifactor
        ? slurmPriority({
            weights: { ...settings.weights },
            associations: withAccountShares(site.tree.rows, settings.accountShares),
            fairShare: settings.fairShare,
            usage: { halfLifeSeconds: settings.halfLifeSeconds, resetPeriod: settings.usageResetPeriod },
            maxAgeSeconds: settings.maxAgeSeconds,
            favorSmall: settings.favorSmall,
            calcPeriod: settings.calcPeriod,
            calcPhase: rec?.calcPhase,
            sizeFromTests: tres !== undefined,
          })
        : undefined),
    snapshotAt: options.snapshotAt,
  });
  const refused = result.rejected[0];
  if (refused)
    throw new Error(
      `${site.source}: job ${refused.id} cannot be replayed on this machine: ${refused.reason} (${result.rejected.length} job(s) in all; check nodes.txt and the job's ReqTRES, or replay with whole nodes: an export without nodes.txt)`,
    );
  return { result, backfilled: attributed.backfilled(), t0 };
}
