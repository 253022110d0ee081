/**
 * The twin's Experiment File (thesis Table 6): 2,734 experiments, of which 1,265 pass the
 * Section 4.4.1 filters with Figure 2's model and HPC counts and completed/total summaries
 * (exact, by construction), and 1,469 carry one defect each, in the thesis's filter order, in the
 * amounts of {@link TWIN_EXPERIMENT_DEFECTS} (the thesis publishes only their total).
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import { type Rng, shuffleInPlace } from "../util/rng";
import { invariantViolated } from "../util/errors";
import type { PublishedSummary } from "../io/thesis-section4";
import { adjustSum, quantilePins, sortedFromPins } from "./fit";

/** Rejected experiments by the first filter they fail (our choice; only the total 1,469 is published). */
export const TWIN_EXPERIMENT_DEFECTS = Object.freeze({
  otherHpc: 700,
  completedBelow10: 420,
  testName: 180,
  emptyModel: 110,
  excludedWrapper: 59,
});

/** HPCs the thesis's Figure 2 lists with 0 experiments after filtering. */
export const OTHER_HPCS = ["cca", "cca-intel", "dl-machine", "ecgate", "nord3", "power9"];
/** Wrappers the thesis excludes. */
export const EXCLUDED_WRAPPERS = ["vertical", "horizontal-vertical", "hybrid", "vertical-mixed"];

/** Targets of the experiment twin. */
export interface ExperimentTargets {
  /** Experiments in the raw file (2,734). */
  raw: number;
  /** Model counts of the 1,265 (Figure 2 names completed from Table 8; "(Other)" split as Table 8). */
  models: { value: string; count: number }[];
  /** HPC counts of the 1,265. */
  hpcs: { value: string; count: number }[];
  /** Figure 2 summaries of completed and total. */
  completed: PublishedSummary;
  total: PublishedSummary;
}

/** A generated experiment table plus which rows are valid (for the job generator). */
export interface TwinExperiments {
  table: ColumnTable;
  /** Row index → true for the 1,265 valid experiments. */
  valid: boolean[];
}

const DAY = 86400;
const T = (iso: string) => Date.parse(iso + "T00:00:00Z") / 1000;
/** End of the thesis's data (exclusive): 2020-05-01 UTC. */
export const TWIN_DATA_END = T("2020-05-01");
const MN3_FROM = T("2015-06-01"),
  MN4_FROM = T("2017-07-01");

function stamp(sec: number): string {
  return new Date(sec * 1000).toISOString().slice(0, 19).replace("T", " ");
}

function sample(n: number, s: PublishedSummary): Float64Array {
  const a = sortedFromPins(n, [...quantilePins(n, s)]);
  const h = (n - 1) * 0.75;
  const tailFrom = Math.floor(h) + (h === Math.floor(h) ? 0 : 1);
  if (!adjustSum(a, Math.round(s.mean * n), tailFrom, n - 1))
    throw invariantViolated(`twin: experiment sum for mean ${s.mean}`);
  return a;
}

/**
 * Generates the Experiment File table. Columns as {@link EXPERIMENT_COLUMNS} (ints as Float64Array).
 * @param t targets read from the reference CSVs
 * @param rng the seeded stream
 */
export function generateExperiments(t: ExperimentTargets, rng: Rng): TwinExperiments {
  const nValid = t.models.reduce((s, m) => s + m.count, 0);
  const d = TWIN_EXPERIMENT_DEFECTS;
  const nBad = d.otherHpc + d.completedBelow10 + d.testName + d.emptyModel + d.excludedWrapper;
  if (nValid + nBad !== t.raw)
    throw invariantViolated(`twin: ${nValid} valid + ${nBad} defects != ${t.raw} experiments`);
  const n = t.raw;
  // completed/total of the valid ones: comonotone pairing keeps completed ≤ total and ≥ 10 %.
  const comp = sample(nValid, t.completed),
    tot = sample(nValid, t.total);
  for (let i = 0; i < nValid; i++) {
    if (comp[i] > tot[i] || 10 * comp[i] < tot[i])
      throw invariantViolated(`twin: experiment ${i}: completed ${comp[i]} vs total ${tot[i]}`);
  }
  const perm = shuffleInPlace(
    Array.from({ length: nValid }, (_, i) => i),
    rng,
  );
  const bag = (xs: { value: string; count: number }[]) =>
    xs.flatMap((x) => new Array<string>(x.count).fill(x.value));
  const models = bag(t.models),
    hpcs = bag(t.hpcs);
  // MareNostrum3 experiments are the oldest: give them the earliest dates (hpc bag is shuffled by perm below).
  const cols = {
    id: new Float64Array(n),
    name: new Array<string>(n),
    completed: new Float64Array(n),
    total: new Float64Array(n),
    user: new Array<string>(n),
    "as.version": new Array<string>(n),
    created: new Array<string>(n),
    model: new Array<string>(n),
    hpc: new Array<string>(n),
    wrapper: new Array<string>(n),
    maxwrapper: new Float64Array(n),
  };
  const valid = new Array<boolean>(n).fill(false);
  const versions = ["3.7.3", "3.8.1", "3.9.0", "3.10.0", "3.11.0", "3.11.1"];
  const createdFor = (model: string, hpc: string) => {
    let from = hpc === "marenostrum3" ? MN3_FROM : MN4_FROM;
    let to = hpc === "marenostrum3" ? MN4_FROM : TWIN_DATA_END;
    if (model === "auto-nemo") {
      from = T("2018-01-01");
      to = T("2019-01-01");
    }
    return from + Math.floor(rng.next() * (to - from - DAY));
  };
  const order = shuffleInPlace(
    Array.from({ length: n }, (_, i) => i),
    rng,
  );
  let next = 0;
  const row = () => order[next++];
  const fill = (r: number, f: Partial<Record<keyof typeof cols, string | number>>) => {
    const id = r + 1;
    cols.id[r] = id;
    cols.name[r] = "a" + (46656 + id * 7).toString(36).slice(-3);
    cols.user[r] = `u${String(1 + Math.floor(rng.next() * 140)).padStart(3, "0")}`;
    cols["as.version"][r] = versions[Math.floor(rng.next() * versions.length)];
    cols.wrapper[r] = rng.next() < 0.1 ? "horizontal" : "";
    cols.maxwrapper[r] = cols.wrapper[r] ? 2 + Math.floor(rng.next() * 19) : NaN;
    for (const [k, v] of Object.entries(f))
      (cols as Record<string, unknown[] | Float64Array>)[k][r] = v as never;
  };
  for (let k = 0; k < nValid; k++) {
    const r = row();
    valid[r] = true;
    const m = models[perm[k]],
      h = hpcs[k];
    fill(r, {
      completed: comp[perm[k]],
      total: tot[perm[k]],
      model: m,
      hpc: h,
      created: stamp(createdFor(m, h)),
    });
  }
  const plainModel = () => models[Math.floor(rng.next() * models.length)];
  const randomCounts = (below10: boolean) => {
    const total = 1 + Math.floor(Math.exp(rng.uniform(0, Math.log(20000))));
    const completed = below10
      ? Math.floor(rng.next() * Math.ceil(0.1 * total))
      : Math.ceil(total * rng.uniform(0.1, 1));
    return { total, completed: Math.min(total, completed) };
  };
  const defect = (count: number, make: () => Partial<Record<keyof typeof cols, string | number>>) => {
    for (let k = 0; k < count; k++) {
      const r = row();
      const base = {
        ...randomCounts(false),
        model: plainModel(),
        hpc: rng.next() < 0.85 ? "marenostrum4" : "marenostrum3",
      };
      const f = { ...base, ...make() };
      fill(r, { ...f, created: stamp(createdFor(String(f.model), String(f.hpc))) });
    }
  };
  defect(d.otherHpc, () => ({ hpc: OTHER_HPCS[Math.floor(rng.next() * OTHER_HPCS.length)] }));
  defect(d.completedBelow10, () => randomCounts(true));
  defect(d.testName, () => ({}));
  defect(d.emptyModel, () => ({ model: "" }));
  defect(d.excludedWrapper, () => ({
    wrapper: EXCLUDED_WRAPPERS[Math.floor(rng.next() * EXCLUDED_WRAPPERS.length)],
    maxwrapper: 2 + Math.floor(rng.next() * 19),
  }));
  // Test experiments: the last `testName` rows filled above get "t0" names (they pass the hpc and 10 % filters).
  const firstTest = nValid + d.otherHpc + d.completedBelow10;
  for (let k = 0; k < d.testName; k++)
    cols.name[order[firstTest + k]] = "t0" + (36 * 36 + k).toString(36).slice(-2);
  return { table: aq.table(cols as unknown as Record<string, ArrayLike<unknown>>), valid };
}
