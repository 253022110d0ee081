/**
 * Sample generation (thesis Section 6.1): jobs drawn uniformly at random without replacement from
 * the cleaned job table until their nnodes sum to at least factor·W (2 × 3456 = 6912 nodes); the
 * job that crosses the line is kept. The "special sample" (thesis sample 20) draws the same way
 * from the jobs whose planned minutes are not 40. Every draw takes an explicit seeded {@link Rng}.
 */
import type { JobRecord } from "../io/job-record";
import { invalidArgument } from "../util/errors";
import { finiteNumber, integer } from "../util/options";
import { createRng, type Rng } from "../util/rng";

/** A sample: an ordered list of jobs plus where it came from. */
export interface Sample {
  /** File-style name, e.g. `sample_3.txt` (matches the thesis's table rows). */
  name: string;
  /** Seed of the stream that drew it. */
  seed: number | string;
  /** Description of the source table (e.g. `twin seed=1`, a trace file name). */
  source: string;
  /** The jobs, in drawing order. */
  jobs: JobRecord[];
}

/** Options of {@link drawSample}. */
export interface DrawOptions {
  /** Machine nodes W. Defaults to 3456 (MareNostrum4). */
  capacity?: number;
  /** Demand factor: draw until Σ nnodes ≥ factor·W. Defaults to 2 (the thesis; MN4 staff quote 1.2). */
  factor?: number;
  /** Sample name. Defaults to `sample.txt`. */
  name?: string;
  /** Source description stored with the sample. Defaults to "". */
  source?: string;
  /** Keep only jobs for which this returns true (e.g. the special sample's filter). Defaults to all. */
  filter?: (job: JobRecord) => boolean;
}

/**
 * Draws one sample.
 * @throws `invalid jobs: …` when the (filtered) table holds fewer than factor·W nodes in total
 */
export function drawSample(jobs: readonly JobRecord[], rng: Rng, options: DrawOptions = {}): Sample {
  const capacity = integer(options.capacity ?? 3456, "capacity", 1);
  const factor = finiteNumber(options.factor ?? 2, "factor", Number.MIN_VALUE);
  return _drawSample(drawPool(jobs, options.filter), rng, factor * capacity, options.name, options.source);
}

/** The jobs a sample is drawn from, with their total nodes (once per sample set, not per sample). */
interface DrawPool {
  jobs: readonly JobRecord[];
  total: number;
}

function drawPool(jobs: readonly JobRecord[], filter?: (job: JobRecord) => boolean): DrawPool {
  const pool = filter ? jobs.filter(filter) : jobs;
  let total = 0;
  for (const j of pool) total += j.nnodes;
  return { jobs: pool, total };
}

function _drawSample(pool: DrawPool, rng: Rng, target: number, name = "sample.txt", source = ""): Sample {
  const jobs = pool.jobs;
  if (pool.total < target)
    throw invalidArgument(
      "jobs",
      `${jobs.length} jobs with ${pool.total} nodes`,
      `at least ${target} nodes in total to draw from`,
    );
  // Partial Fisher–Yates over the identity permutation 0…N−1, kept sparse: only the positions a
  // swap touched are stored (a sample draws a few hundred of the N jobs, so no O(N) array per sample).
  const moved = new Map<number, number>();
  const at = (k: number): number => moved.get(k) ?? k;
  const out: JobRecord[] = [];
  let sum = 0;
  // Position k receives a uniform pick among the not-yet-drawn jobs.
  for (let k = 0; sum < target; k++) {
    const r = k + Math.floor(rng.next() * (jobs.length - k));
    const t = at(k);
    const picked = at(r);
    moved.set(k, picked);
    moved.set(r, t);
    const job = jobs[picked];
    out.push(job);
    sum += job.nnodes;
  }
  return { name, seed: rng.seed, source, jobs: out };
}

/** Options of {@link drawThesisSamples}. */
export interface ThesisSamplesOptions extends Omit<DrawOptions, "name" | "filter"> {
  /** Ordinary samples, numbered 0…count−1. Defaults to 20 (thesis samples 0–19). */
  count?: number;
  /** Add the special sample (numbered `count`) without jobs of these planned minutes. Defaults to [40]; [] for none. */
  specialExcludeMinutes?: number[];
}

/**
 * The thesis's sample set: samples 0–19 drawn independently and the special sample 20 without
 * 40-minute jobs. Sample k uses the stream `rng.fork("sample_k")`, so any one sample can be
 * redrawn alone and adding samples does not change earlier ones.
 */
export function drawThesisSamples(
  jobs: readonly JobRecord[],
  rng: Rng,
  options: ThesisSamplesOptions = {},
): Sample[] {
  const count = integer(options.count ?? 20, "count", 0);
  const exclude = options.specialExcludeMinutes ?? [40];
  const capacity = integer(options.capacity ?? 3456, "capacity", 1);
  const factor = finiteNumber(options.factor ?? 2, "factor", Number.MIN_VALUE);
  const target = factor * capacity;
  const out: Sample[] = [];
  const all = count > 0 ? drawPool(jobs) : undefined;
  for (let k = 0; k < count && all; k++)
    out.push(_drawSample(all, rng.fork(`sample_${k}`), target, `sample_${k}.txt`, options.source));
  if (exclude.length) {
    const filter = (j: JobRecord) => !exclude.includes(j.minutes);
    out.push(
      _drawSample(
        drawPool(jobs, filter),
        rng.fork(`sample_${count}`),
        target,
        `sample_${count}.txt`,
        options.source,
      ),
    );
  }
  return out;
}

/** Options of {@link thesisSampleSet}. */
export interface SampleSetOptions extends Omit<ThesisSamplesOptions, "count" | "specialExcludeMinutes"> {
  /** Extra ordinary samples for statistics (`many`). Defaults to 0. */
  statistics?: number;
}

/** One seed's sample set: the thesis-style samples and the statistics samples, with the seed's rng. */
export interface SampleSet {
  /** `createRng(seed)`; notebooks fork further streams from it (e.g. "priority"). */
  rng: Rng;
  /** Samples 0–19 and the special sample 20 (stream "thesis"). */
  samples: Sample[];
  /** `statistics` ordinary samples (stream "statistics"; the first k are the same for any count ≥ k). */
  many: Sample[];
}

/**
 * The one sample set every notebook from 06 to 11 and the scorecard use: from `seed`, samples 0–19
 * and the special sample on the stream "thesis", and the statistics samples on the stream
 * "statistics" — so the same seed gives the same samples in every notebook (Tables 10, 19, 24 and 28
 * are computed on the same jobs).
 */
export function thesisSampleSet(
  jobs: readonly JobRecord[],
  seed: number | string,
  options: SampleSetOptions = {},
): SampleSet {
  const statistics = integer(options.statistics ?? 0, "statistics", 0);
  const rng = createRng(seed);
  const base = { capacity: options.capacity, factor: options.factor, source: options.source };
  return {
    rng,
    samples: drawThesisSamples(jobs, rng.fork("thesis"), base),
    many: statistics
      ? drawThesisSamples(jobs, rng.fork("statistics"), {
          ...base,
          count: statistics,
          specialExcludeMinutes: [],
        })
      : [],
  };
}
