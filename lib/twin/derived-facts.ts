/**
 * Input facts the thesis's result tables reveal through exact identities of its experiment 1A (the
 * optimal knapsack with b = w·min, Clarke payments re-solved on the covered nodes).
 *
 * In every ordinary sample TP_1A = 40·W and TW_1A = W (Tables 11 and 17). Then the optimum holds
 * every job planned for more than 40 minutes, fills the rest of W with 40-minute jobs, and every
 * winner pays 40 per node (the price of the 40-minute band). So, per sample:
 *
 * - **F7**: JP_1A − SP_1A is the number of jobs planned for more than 40 minutes — the players paying
 *   exactly their bid are the 40-minute winners (b = 40·w = p), the others pay 40·w < w·min
 *   (Tables 13 and 15; divided by the sample's size, the share of such jobs);
 * - **F8**: TV_1A − TP_1A = Σ w·(min − 40) over the same jobs — the node-minutes the jobs planned for
 *   more than 40 minutes hold beyond 40 minutes each (Tables 10 and 11).
 *
 * Both identities are checked on our own 1A rounds (test/twin/derived-facts.test.ts: they hold in
 * every sample where TP_1A = 40·W). Like F4, these are facts about the *input* read off result
 * tables by the mechanism's structure. F8 is TV_1A shifted by a constant, so a twin calibrated to it
 * makes TV_1A agree by construction: twin versions 1–4 are not; v5 is, as an experiment declared in
 * data/twin/v5.json (lib/twin/joint.ts), and on it TV_1A and TV_1B are not reproductions. Notebook 17
 * shows each source's value beside the thesis's; {@link measureDerivedFacts} measures them on any job set.
 */
import { readThesisTable } from "../io/thesis-tables";
import { invalidArgument, invariantViolated } from "../util/errors";
import { meanInterval } from "../util/interval";
import { projectRoot } from "../util/project-paths";

/** A mean over the thesis's ordinary samples with its 95% confidence interval (lib/util/interval.ts). */
export interface DerivedEstimate {
  mean: number;
  low: number;
  high: number;
  /** Ordinary samples behind it. */
  n: number;
}

/** The input facts derived from the thesis's 1A results (module comment). */
export interface DerivedInputFacts {
  /** W, nodes: TW_1A of the ordinary samples. */
  capacity: number;
  /** The planned minutes of the band where W is crossed (TP_1A / W). */
  bandMinutes: number;
  /** F7: share of a sample's jobs planned for more than `bandMinutes`. */
  aboveShare: DerivedEstimate;
  /** F8: Σ w·(min − bandMinutes) over those jobs, per sample, node-minutes. */
  excessNodeMinutes: DerivedEstimate;
}

const estimate = (values: number[]): DerivedEstimate => {
  const e = meanInterval(values);
  return { mean: e.mean, low: e.low, high: e.high, n: e.n };
};

/** One ordinary thesis sample's 1A (and 1B) columns, paired by sample name across Tables 10–17. */
export interface ThesisOneASample {
  sample: string;
  /** Jobs in the sample (Table 15). */
  size: number;
  JP: number;
  SP: number;
  TV: number;
  TP: number;
  TW: number;
  /** JP_1B and SP_1B (NaN when the tables have no 1B column). */
  JP1B: number;
  SP1B: number;
}

/**
 * The thesis's ordinary samples (every sample of Table 10 but `special`) with their 1A and 1B
 * columns, read once from Tables 10, 11, 13, 15 and 17.
 * @throws `invariant violated: …` when a sample of Table 10 is missing from another table
 */
export function thesisOneASamples(root = projectRoot(), special = "sample_20.txt"): ThesisOneASample[] {
  const tables = Object.fromEntries(
    [10, 11, 13, 15, 17].map((t) => [
      t,
      new Map(readThesisTable(t, root).rows.map((r) => [r.sample as string, r])),
    ]),
  );
  return [...tables[10].keys()]
    .filter((s) => s !== special)
    .map((s) => {
      const row = (t: number) => {
        const r = tables[t].get(s);
        if (!r) throw invariantViolated(`thesis Table ${t} has no row for ${s}, which Table 10 has`);
        return r;
      };
      const num = (t: number, c: string) => (c in row(t) ? (row(t)[c] as number) : NaN);
      return {
        sample: s,
        size: num(15, "size"),
        JP: num(15, "JP_1A"),
        SP: num(13, "SP_1A"),
        TV: num(10, "TV_1A"),
        TP: num(11, "TP_1A"),
        TW: num(17, "TW_1A"),
        JP1B: num(15, "JP_1B"),
        SP1B: num(13, "SP_1B"),
      };
    });
}

/**
 * F7 and F8 from the thesis's Tables 10, 11, 13, 15 and 17 (the ordinary samples: every sample but
 * `special`, {@link thesisOneASamples}). Tie rule: none needed, every quantity is a whole number.
 * @throws `invariant violated: …` when an ordinary sample is missing from a table, or its TP_1A is not
 *   (its minutes band) × TW_1A with the same band in every sample — the identities would not hold
 */
export function thesisDerivedFacts(root = projectRoot(), special = "sample_20.txt"): DerivedInputFacts {
  const samples = thesisOneASamples(root, special);
  if (samples.length < 2)
    throw invariantViolated(`thesis Table 10 has ${samples.length} ordinary samples; at least 2 are needed`);
  const [capacity, band] = [samples[0].TW, samples[0].TP / samples[0].TW];
  for (const r of samples) {
    if (r.TW !== capacity || r.TP !== band * capacity || !Number.isInteger(band))
      throw invariantViolated(
        `${r.sample}: TP_1A = ${r.TP}, TW_1A = ${r.TW}; the identities need TP_1A = ${band}·W and TW_1A = W = ${capacity} in every ordinary sample`,
      );
  }
  return {
    capacity,
    bandMinutes: band,
    aboveShare: estimate(samples.map((r) => (r.JP - r.SP) / r.size)),
    excessNodeMinutes: estimate(samples.map((r) => r.TV - r.TP)),
  };
}

/** The job fields F7 and F8 are measured on. */
export interface DerivedFactJob {
  nnodes: number;
  minutes: number;
}

/**
 * F7 and F8 measured on a job set, as a sample drawn uniformly until 2W nodes would show them on
 * average: the share of jobs planned for more than `bandMinutes`, and 2W × Σ w·(min − band)⁺ / Σ w.
 * @throws `invalid jobs: …` when empty or holding no nodes
 */
export function measureDerivedFacts(
  jobs: readonly DerivedFactJob[],
  capacity: number,
  bandMinutes: number,
): { aboveShare: number; excessNodeMinutes: number } {
  let above = 0,
    nodes = 0,
    excess = 0;
  for (const j of jobs) {
    nodes += j.nnodes;
    if (j.minutes > bandMinutes) {
      above++;
      excess += j.nnodes * (j.minutes - bandMinutes);
    }
  }
  if (jobs.length === 0 || nodes <= 0)
    throw invalidArgument("jobs", `${jobs.length} jobs, ${nodes} nodes`, "jobs holding nodes");
  return { aboveShare: above / jobs.length, excessNodeMinutes: (2 * capacity * excess) / nodes };
}
