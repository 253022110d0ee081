/**
 * Slurm's multifactor priority as a simulator priority model, written from Slurm's source
 * (priority_multifactor.c of Slurm 20.11) independently of lib: it imports lib's types only (the
 * options, the job and the model interface are the shape of its input and output), and the fair
 * share of the oracles under test/slurm/oracles. lib's slurmPriority (lib/sim/slurm-priority.ts)
 * is compared with it in test/sim/slurm-priority.test.ts, priority-formula.test.ts and
 * slurm-rules.test.ts.
 *
 * Usage (`_decay_thread`, `_apply_decay`, `_apply_new_usage`, `_reset_usage`, `_next_reset`,
 * `priority_p_job_end`): every association holds `usage_raw`, its own and its sub-tree's. Each
 * model `update(t)` is one pass of the decay thread, the previous pass at `lastRan`:
 * 1. a job that ended since was charged when it ended (`priority_p_job_end`, called from
 *    acct_policy.c `_adjust_limit_usage` only when AccountingStorageEnforce includes limits):
 *    its run in [lastRan, end];
 * 2. at or after the next PriorityUsageResetPeriod boundary, every usage_raw is zeroed (then the
 *    next boundary follows `_next_reset`, calendar in UTC here, Slurm uses the controller's local
 *    time);
 * 3. every usage_raw is multiplied by decay^(t − lastRan), floored at DBL_MIN, where decay =
 *    1 − 0.693/PriorityDecayHalfLife ("exact" model, lib's option: the half-life law 2^(−dt/hl));
 * 4. each running job is charged for its run in [lastRan, t], in the job list's order (submit);
 * a charge is run_delta · decay^run_delta · CPUs (billable TRES = allocated CPUs, QOS
 * UsageFactor 1), added to the job's association and every ancestor up to the root;
 * 5. the fair share is recomputed from usage_raw (fair_tree.c `_apply_priority_fs`, classic
 *    `_set_assoc_usage_efctv`, LEVEL_BASED `_level_based_apply_priority_fs`; with no accounting
 *    database every factor is 0).
 *
 * A job's priority (`_get_priority_internal`, `set_priority_factors`) at `now`:
 * - age: (now − submit) / PriorityMaxAge, capped at 1, 0 before submit (accrue time = submit: the
 *   simulator's jobs are eligible when submitted);
 * - job size: favor large, (min_nodes / nodes + CPUs / cluster CPUs) / 2; PriorityFavorSmall,
 *   ((nodes − min_nodes) / nodes + (cluster CPUs − CPUs) / cluster CPUs) / 2; clamped to [0, 1];
 * - partition: PriorityJobFactor / the largest partition's, with every partition at Slurm's
 *   default PriorityJobFactor=1 (read_config.c), so 1;
 * - QOS: its Priority / the largest QOS Priority (assoc_mgr.c `_set_qos_norm_priority`); 0 for a
 *   job whose QOS is not defined;
 * - fair share as computed at the last pass; association factor and TRES weights 0;
 * - priority = age + assoc + fair share + job size + partition + QOS + TRES, each weighted, in
 *   this order, + the site factor − nice (0); below 1 → 1; truncated; capped at 2^32 − 1.
 * With SlurmPriorityOptions.formula (lib's PRIORITY_FORMULA, no Slurm counterpart), the formula
 * of the unweighted factors (evaluated by mathjs, lib's formula language) replaces the weighted
 * sum, and sprio shows the unweighted factors.
 *
 * Left out, in lib and here: Slurm computes classic's account effective usage before the pass's
 * decay and charges, and a user's lazily while it walks the job list (`_decay_thread`,
 * `_set_children_usage_efctv`, `_get_fairshare_priority`); both compute it after the charges, as
 * Fair Tree does. Slurm keeps usage in long doubles; both use doubles.
 *
 * {@link LibModel} names the places where lib's model is not Slurm's, so that a comparison can
 * reach everything else; each is a finding (test/sim/slurm-priority.test.ts shows it).
 */
import type { AssociationRow } from "../../../lib/slurm/associations";
import type { SimJob } from "../../../lib/sim/job";
import type { PriorityModel, PriorityState } from "../../../lib/sim/priority";
import type { SlurmPriorityOptions } from "../../../lib/sim/slurm-priority-options";
import { compile } from "mathjs";
import { treeFromRows } from "../../slurm/oracles/association-walk";
import { classicFactors } from "../../slurm/oracles/classic-reference";
import { fairTreeValues } from "../../slurm/oracles/fair-tree-reference";
import { levelBasedValues } from "../../slurm/oracles/level-based-reference";

/** Where lib's model departs from Slurm's (each off by default: the reference is Slurm). */
export interface LibModel {
  /**
   * A job's final slice (its run since the last pass) charged at the next pass like a running
   * job's, decay^run_delta only, instead of when it ends and then decayed with the whole pass.
   */
  finalSliceAtNextPass?: boolean;
  /**
   * Usage zeroed at the reset boundary itself (then decayed from it, and only the runs after it
   * charged) instead of at the first pass after it (which charges the whole pass).
   */
  resetAtBoundary?: boolean;
  /** Every job's partition factor 0 instead of 1 (PriorityJobFactor=1 on every partition). */
  partitionFactorZero?: boolean;
}

/** Everything lib's slurmPriority departs from Slurm in (see {@link LibModel}). */
export const LIB_MODEL: Readonly<LibModel> = Object.freeze({
  finalSliceAtNextPass: true,
  resetAtBoundary: true,
});

/** The reference's Slurm settings beyond {@link SlurmPriorityOptions}. */
export interface ReferenceSettings {
  /** AccountingStorageEnforce includes limits (so a job's final slice is charged at its end). Defaults to true. */
  enforceLimits?: boolean;
  /** lib's departures to take on (see {@link LibModel}). Defaults to none. */
  libModel?: LibModel;
}

/** Thesis Table 2 (MareNostrum4), SlurmPriorityOptions' default weights. */
const TABLE2_WEIGHTS = { age: 100000, jobSize: 100000, fairShare: 10000, qos: 1000000, partition: 0 };
const DAY = 86400;
/** DBL_MIN, the smallest normal double: `_decay_thread` floors real_decay here. */
const DBL_MIN = 2.2250738585072014e-308;
const MAX_PRIORITY = 0xffffffff;

/**
 * The association a job is charged to, and the rows of the default tree (SlurmPriorityOptions
 * `associations`: root → one account per job account → its users, shares 1; users are named
 * `user@account` when one user is in two accounts or is called "root"; "(none)" for an empty name).
 */
function associationsFor(jobs: readonly SimJob[], given: readonly AssociationRow[] | undefined) {
  const plain = (j: SimJob) => j.user || "(none)";
  const account = (j: SimJob) => "acct:" + (j.account || "(none)");
  if (given) return { rows: given, userOf: plain };
  const accountOf = new Map<string, string>();
  let qualified = false;
  for (const j of jobs) {
    const had = accountOf.get(plain(j));
    if (plain(j) === "root" || (had !== undefined && had !== account(j))) qualified = true;
    accountOf.set(plain(j), account(j));
  }
  const userOf = qualified ? (j: SimJob) => `${plain(j)}@${j.account || "(none)"}` : plain;
  const rows: AssociationRow[] = [];
  const seen = new Set<string>();
  for (const j of jobs) {
    for (const [entity, parent, kind] of [
      [account(j), "root", "account"],
      [userOf(j), account(j), "user"],
    ] as const) {
      if (seen.has(entity)) continue;
      seen.add(entity);
      rows.push({ entity, parent, kind, shares: 1 });
    }
  }
  return { rows, userOf };
}

/** `_next_reset`: the reset after `lastReset` (UTC calendar), DAILY and WEEKLY caught up to `now`. */
function nextReset(period: string, lastReset: number, now: number): number {
  const d = new Date(lastReset * 1000);
  const y = d.getUTCFullYear(),
    m = d.getUTCMonth();
  const midnight = Date.UTC(y, m, d.getUTCDate()) / 1000;
  let t: number;
  switch (period) {
    case "DAILY":
      for (t = midnight + DAY; t + DAY < now;) t += DAY;
      return t;
    case "WEEKLY":
      for (t = midnight + DAY * (7 - d.getUTCDay()); t + 7 * DAY < now;) t += 7 * DAY;
      return t;
    case "MONTHLY":
      return m < 11 ? Date.UTC(y, m + 1, 1) / 1000 : Date.UTC(y + 1, 0, 1) / 1000;
    case "QUARTERLY":
      return (
        (m < 3
          ? Date.UTC(y, 3, 1)
          : m < 6
            ? Date.UTC(y, 6, 1)
            : m < 9
              ? Date.UTC(y, 9, 1)
              : Date.UTC(y + 1, 0, 1)) / 1000
      );
    case "YEARLY":
      return Date.UTC(y + 1, 0, 1) / 1000;
    default:
      return Infinity;
  }
}

/** The reference model for these options (as lib's slurmPriority). */
export function referenceSlurmPriority(
  options: SlurmPriorityOptions = {},
  settings: ReferenceSettings = {},
): PriorityModel {
  const lib = settings.libModel ?? {};
  const enforceLimits = settings.enforceLimits ?? true;
  const fsKind = options.fairShare ?? "fair-tree";
  const weights = { ...TABLE2_WEIGHTS, ...options.weights }; // PriorityWeights.partition defaults to 0
  const maxAge = options.maxAgeSeconds ?? 7 * DAY;
  const halfLife = options.usage?.halfLifeSeconds ?? 7 * DAY;
  const exactDecay = options.usage?.decayModel === "exact";
  const period = options.usage?.resetPeriod ?? "NONE";
  const formulaSource = options.formula?.trim() ? options.formula : undefined;
  const formula = formulaSource === undefined ? undefined : compile(formulaSource);
  const site = options.siteFactor;
  const qos = options.qos ?? [];
  const maxQosPriority = Math.max(0, ...qos.map((q) => q.priority)); // g_qos_max_priority
  const qosFactor = new Map(qos.map((q) => [q.name, maxQosPriority ? q.priority / maxQosPriority : 0]));
  /** decay^dt: pow(decay_factor, dt), decay_factor = 1 − 0.693/hl (1 without a half-life). */
  const decayOver = (dt: number) =>
    halfLife > 0 ? (exactDecay ? Math.pow(2, -dt / halfLife) : Math.pow(1 - 0.693 / halfLife, dt)) : 1;

  let jobs: readonly SimJob[] = [];
  let userOf: (j: SimJob) => string = () => "";
  let tree: ReturnType<typeof treeFromRows> | undefined;
  let raw = new Map<string, number>(); // usage_raw per association
  let fs = new Map<string, number>(); // fair-share factor per user association
  let W = 1,
    CPUS = 1,
    lastRan = 0,
    nextBoundary = Infinity;

  // _apply_new_usage: the run in [from, to] charged to the association and every ancestor
  const charge = (j: number, start: number, from: number, to: number) => {
    let runDelta = to - Math.max(from, start);
    if (runDelta < 0) runDelta = 0;
    const realDecay = runDelta * decayOver(runDelta) * jobs[j].procs;
    for (let a: string | null = userOf(jobs[j]); a !== null; a = tree!.nodes.get(a)!.parent)
      raw.set(a, raw.get(a)! + realDecay);
  };
  const computeFairShare = () => {
    const t = tree!;
    const f =
      fsKind === "classic"
        ? classicFactors(t, raw)
        : fsKind === "level-based"
          ? levelBasedValues(t, raw, 4).factor
          : fairTreeValues(t, raw, fsKind === "fair-tree" ? "slurm" : "thesis").factor;
    fs = options.accounting === false ? new Map([...f.keys()].map((u) => [u, 0])) : f;
  };

  // set_priority_factors: the unweighted factors
  const factorsOf = (job: SimJob, now: number) => {
    const diff = now > job.submit ? now - job.submit : 0;
    const N = W,
      minNodes = job.nodes,
      cpus = job.procs;
    let js: number;
    if (options.favorSmall) {
      js = (N - minNodes) / N;
      if (cpus) {
        js += (CPUS - cpus) / CPUS;
        js /= 2;
      }
    } else {
      js = minNodes / N;
      if (cpus) {
        js += cpus / CPUS;
        js /= 2;
      }
    }
    if (js < 0) js = 0;
    else if (js > 1) js = 1;
    return {
      age: diff < maxAge ? diff / maxAge : 1.0,
      fairShare: fs.get(userOf(job))!,
      jobSize: js,
      partition: lib.partitionFactorZero ? 0 : 1,
      qos: qosFactor.get(job.qos) ?? 0,
    };
  };
  // _get_priority_internal
  const breakdown = (job: SimJob, now: number) => {
    const f = factorsOf(job, now);
    const siteValue = site ? site.value(job, now) : 0;
    const nice = 0;
    let priority: number;
    let shown: Record<string, number>;
    if (formula) {
      priority =
        (formula.evaluate({
          age: f.age,
          fairshare: f.fairShare,
          size: f.jobSize,
          partition: f.partition,
          qos: f.qos,
        }) as number) +
        siteValue -
        nice;
      shown = { ...f };
    } else {
      const w = {
        age: f.age * weights.age,
        fairShare: f.fairShare * weights.fairShare,
        jobSize: f.jobSize * weights.jobSize,
        partition: f.partition * weights.partition,
        qos: f.qos * weights.qos,
      };
      const assoc = 0,
        tres = 0;
      priority = w.age + assoc + w.fairShare + w.jobSize + w.partition + w.qos + tres + siteValue - nice;
      shown = w;
    }
    if (priority < 1) priority = 1;
    priority = Math.trunc(priority);
    if (priority > MAX_PRIORITY) priority = MAX_PRIORITY;
    return { priority, factors: site ? { ...shown, site: siteValue } : shown };
  };

  return {
    name:
      `slurm-multifactor(${fsKind})` +
      (formulaSource !== undefined ? ` formula ${formulaSource}` : "") +
      (site ? ` site ${site.name}` : ""),
    calcPeriod: options.calcPeriod ?? 300,
    calcPhase: options.calcPhase,
    reset(js: readonly SimJob[], t0: number, st: PriorityState) {
      jobs = js;
      W = st.totalNodes;
      CPUS = st.totalNodes * st.coresPerNode;
      const a = associationsFor(js, options.associations);
      userOf = a.userOf;
      tree = treeFromRows(a.rows);
      for (const j of js)
        if (tree.nodes.get(userOf(j))?.kind !== "user")
          throw new Error(
            `invalid user of job ${j.id}: ${JSON.stringify(j.user)}; expected a user in the association tree`,
          );
      raw = new Map([...tree.nodes.keys()].map((n) => [n, 0]));
      lastRan = t0;
      nextBoundary = nextReset(period, t0, t0);
      computeFairShare();
    },
    update(t: number, st: PriorityState) {
      const ended: [number, number, number][] = [],
        running: [number, number][] = [];
      st.eachRanSinceUpdate((j, start, end) => {
        if (end === Infinity) running.push([j, start]);
        else ended.push([j, start, end]);
      });
      // 1. priority_p_job_end, at each job's end
      if (!lib.finalSliceAtNextPass && enforceLimits)
        for (const [j, start, end] of ended) charge(j, start, lastRan, end);
      // 2. PriorityUsageResetPeriod
      let from = lastRan;
      if (lib.resetAtBoundary) {
        let b = nextReset(period, lastRan, lastRan);
        if (b <= t) {
          while (nextReset(period, b, b) <= t) b = nextReset(period, b, b);
          for (const k of raw.keys()) raw.set(k, 0);
          from = b;
        }
      } else if (t >= nextBoundary) {
        for (const k of raw.keys()) raw.set(k, 0); // _reset_usage
        nextBoundary = nextReset(period, nextBoundary, t);
      }
      // 3. _apply_decay
      if (t - from > 0) {
        let realDecay = decayOver(t - from);
        if (realDecay < DBL_MIN) realDecay = DBL_MIN;
        for (const [k, v] of raw) raw.set(k, v * realDecay);
      }
      // 4. the running jobs, in the job list's order; lib's model charges the ended ones here too
      if (lib.finalSliceAtNextPass) for (const [j, start, end] of ended) charge(j, start, from, end);
      running.sort((x, y) => jobs[x[0]].submit - jobs[y[0]].submit || x[0] - y[0]);
      for (const [j, start] of running) charge(j, start, from, t);
      lastRan = t;
      // 5. the fair share
      computeFairShare();
    },
    priority: (job, now) => breakdown(job, now).priority,
    factors: (job, now) => breakdown(job, now).factors,
  };
}

/** An sprio snapshot as simulate returns it. */
type Sprio =
  { time: number; rows: { id: string; priority: number; factors: Record<string, number> }[] } | undefined;

/**
 * The first difference between two sprio snapshots, or undefined: the same time, rows (ids, users,
 * accounts, integer priorities) exactly, and the same factors to a relative 1e-12. The factors are
 * doubles summed in another order here (usage_raw held per association and decayed whole, as
 * Slurm does) than in lib (own usage rolled up at each recalculation), so they may differ in the
 * last bits.
 */
export function sprioDifference(got: Sprio, want: Sprio): string | undefined {
  if (!got || !want)
    return got === want ? undefined : `snapshot ${got ? "" : "missing"} vs ${want ? "" : "missing"}`;
  const head = (s: NonNullable<Sprio>) =>
    JSON.stringify([s.time, s.rows.map(({ factors, ...r }) => [r, Object.keys(factors).sort()])]);
  if (head(got) !== head(want)) return `rows ${head(got)} vs ${head(want)}`;
  for (let i = 0; i < got.rows.length; i++)
    for (const [k, w] of Object.entries(want.rows[i].factors)) {
      const g = got.rows[i].factors[k];
      if (!(g === w || Math.abs(g - w) <= 1e-12 * Math.abs(w)))
        return `job ${want.rows[i].id} factor ${k}: ${g} vs ${w}`;
    }
  return undefined;
}
