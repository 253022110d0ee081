/**
 * A snapshot of pending jobs' priorities (`sprio -l`, lib/io parseSprio, or a replay's own) re-ranked
 * under other PriorityWeight*, without simulating: Slurm's priority is the sum of weighted factors
 * (priority_multifactor.c: site + age + assoc + fair share + job size + partition + QOS + TRES −
 * nice), each weighted factor = weight × a factor in [0, 1], so a factor's value is its weighted
 * column / its weight, and under a new weight the job's priority moves by Σ (new weighted − old
 * weighted) (the printed priority kept as the base, so the site's own weights give back the
 * snapshot exactly). A factor whose weight is 0 in the snapshot cannot be recovered: it counts as 0
 * and is named in `unknown`. The queue order is priority descending, then job id (numerically when
 * both are numbers). Per job: its rank before and after, how far it moves, the factor that weighs
 * most after, and the factors at their ceiling (value 1: age at PriorityMaxAge, fair share or job
 * size at the top).
 */
import type { SprioRecord } from "../io/sprio";
import { priorityOfTotal } from "../slurm/multifactor";
import type { SiteWeights } from "./site-settings";

/** The factors a weight scales, by SiteWeights' names. */
export const WEIGHTED_FACTORS = ["age", "fairShare", "jobSize", "partition", "qos"] as const;

/** One pending job's priority and weighted factors. */
export interface PriorityRow {
  jobId: string;
  user: string;
  priority: number;
  /** Weighted factors by SiteWeights' names. */
  weighted: Record<(typeof WEIGHTED_FACTORS)[number], number>;
}

/** A snapshot of pending jobs: where it came from and its rows. */
export interface PrioritySnapshot {
  source: string;
  rows: PriorityRow[];
}

/** One job re-ranked. */
export interface RerankRow {
  jobId: string;
  user: string;
  priority: number;
  rank: number;
  newPriority: number;
  newRank: number;
  /** rank − new rank: positive when it moves up the queue. */
  jump: number;
  /** The factor with the largest weighted value under the new weights (ties: the first of WEIGHTED_FACTORS; "" when all are 0). */
  dominant: string;
  /** Factors at their ceiling (value ≥ 1). */
  saturated: string[];
}

/** sprio -l's records as a snapshot (AGE, FAIRSHARE, JOBSIZE, PARTITION_FACTOR, QOS columns). */
export function snapshotFromSprio(records: readonly SprioRecord[], source = "sprio -l"): PrioritySnapshot {
  return {
    source,
    rows: records.map((r) => ({
      jobId: r.jobId,
      user: r.user,
      priority: r.priority,
      weighted: {
        age: r.factors.AGE ?? 0,
        fairShare: r.factors.FAIRSHARE ?? 0,
        jobSize: r.factors.JOBSIZE ?? 0,
        partition: r.factors.PARTITION_FACTOR ?? 0,
        qos: r.factors.QOS ?? 0,
      },
    })),
  };
}

const byQueue = (a: { jobId: string; p: number }, b: { jobId: string; p: number }) => {
  if (a.p !== b.p) return b.p - a.p;
  const na = Number(a.jobId),
    nb = Number(b.jobId);
  return Number.isFinite(na) && Number.isFinite(nb)
    ? na - nb
    : a.jobId < b.jobId
      ? -1
      : a.jobId > b.jobId
        ? 1
        : 0;
};

/** Ranks (1 = first) of priorities in queue order (see the module comment). */
function ranks(rows: readonly PriorityRow[], p: readonly number[]): number[] {
  const order = rows.map((r, i) => ({ jobId: r.jobId, p: p[i], i })).sort(byQueue);
  const out = new Array<number>(rows.length);
  order.forEach((o, k) => (out[o.i] = k + 1));
  return out;
}

/**
 * Re-ranks a snapshot under new weights (see the module comment).
 * @param own the weights the snapshot was taken under
 * @param next the new weights
 * @returns the rows in the new queue order, and the factors that could not be recovered
 */
export function rerankSnapshot(
  snapshot: PrioritySnapshot,
  own: SiteWeights,
  next: SiteWeights,
): { rows: RerankRow[]; unknown: string[] } {
  const unknown = WEIGHTED_FACTORS.filter((f) => own[f] === 0 && next[f] !== 0);
  const newWeighted = (f: (typeof WEIGHTED_FACTORS)[number], x: number) =>
    next[f] === own[f] ? x : own[f] === 0 ? 0 : (x / own[f]) * next[f];
  const newP = snapshot.rows.map((r) => {
    let p = r.priority;
    for (const f of WEIGHTED_FACTORS) p += newWeighted(f, r.weighted[f]) - r.weighted[f];
    return p === r.priority ? p : priorityOfTotal(p);
  });
  const before = ranks(
    snapshot.rows,
    snapshot.rows.map((r) => r.priority),
  );
  const after = ranks(snapshot.rows, newP);
  const rows = snapshot.rows.map((r, i): RerankRow => {
    let dominant = "",
      most = 0;
    const saturated: string[] = [];
    for (const f of WEIGHTED_FACTORS) {
      const w = newWeighted(f, r.weighted[f]);
      if (w > most) {
        most = w;
        dominant = f;
      }
      if (own[f] > 0 && r.weighted[f] / own[f] >= 1) saturated.push(f);
    }
    return {
      jobId: r.jobId,
      user: r.user,
      priority: r.priority,
      rank: before[i],
      newPriority: newP[i],
      newRank: after[i],
      jump: before[i] - after[i],
      dominant,
      saturated,
    };
  });
  rows.sort((a, b) => a.newRank - b.newRank);
  return { rows, unknown };
}

/** Per setting that changes the weights: how a snapshot's queue moves under it. */
export interface RerankSummary {
  setting: string;
  /** Jobs that move up, and down. */
  up: number;
  down: number;
  /** The job that moves up most and by how many places ("" when none moves up). */
  biggestJump: string;
  /** The factor that weighs most for most jobs under the new weights (ties: the first of WEIGHTED_FACTORS). */
  dominant: string;
  /** Factors that cannot be recovered from the snapshot. */
  unknown: string[];
}

/** The snapshot re-ranked under each setting whose weights differ from `own` (see {@link rerankSnapshot}). */
export function rerankSummaries(
  snapshot: PrioritySnapshot,
  own: SiteWeights,
  settings: readonly { label: string; weights: SiteWeights }[],
): RerankSummary[] {
  return settings
    .filter((s) => WEIGHTED_FACTORS.some((f) => s.weights[f] !== own[f]))
    .map((s) => {
      const r = rerankSnapshot(snapshot, own, s.weights);
      const top = r.rows.reduce<RerankRow | undefined>(
        (b, x) => (x.jump > (b?.jump ?? 0) ? x : b),
        undefined,
      );
      const counts = WEIGHTED_FACTORS.map((f) => r.rows.filter((x) => x.dominant === f).length);
      const most = Math.max(...counts);
      return {
        setting: s.label,
        up: r.rows.filter((x) => x.jump > 0).length,
        down: r.rows.filter((x) => x.jump < 0).length,
        biggestJump: top ? `${top.jobId} (+${top.jump})` : "",
        dominant: most > 0 ? WEIGHTED_FACTORS[counts.indexOf(most)] : "",
        unknown: r.unknown,
      };
    });
}
