/**
 * The 1A/1B accounting of notebook 16: the published columns of experiments 1A and 1B split, by
 * exact identities, into what the input decides. Wherever TP_1A = 40·W and TW_1A = W (every
 * ordinary sample of the thesis; every sample of ours where it holds), the jobs planned for more
 * than 40 minutes fit in W, 1A holds all of them and fills the rest with 40-minute jobs, every 1A
 * winner paying 40 per node (lib/twin/derived-facts.ts). Then per sample:
 *
 *   JP_1A = (JP_1A − SP_1A) + SP_1A = jobs above 40 minutes (F7) + 40-minute winners of 1A,
 *   TV_1A = (TV_1A − TP_1A) + 40·W  = their node-minutes beyond 40 minutes (F8) + a constant,
 *
 * and 1B (greedy by planned minutes) also takes every job above 40 minutes first, then 40-minute
 * jobs until one does not fit — one does, since the 40-minute band crosses W (F4), unless 1B's
 * fallback to the single highest bidder wins — so JP_1B − (JP_1A − SP_1A) is the number of
 * 40-minute winners of 1B;
 * a job above 40 minutes pays at most 40 per node, below its bid, so SP_1B counts those 40-minute
 * winners whose nodes the jobs after the halting one refill exactly — how alike the 40-minute jobs'
 * widths are (Figure 22's "usually around 16 nodes", as a share).
 *
 * So a gap in these columns is a gap in these input quantities: each gets a row by the scorecard's
 * rule and estimates, thesis against ours on the same results file, with the stored counterfactuals
 * as candidate explanations (paired by sample). Each row restates published columns by an identity
 * (tier *identity*: F8's gap is TV_1A's gap, not its cause); on a twin calibrated to F7 and F8 those
 * two rows are by construction. The rows analyse scorecard rows; they are not counted among them.
 */
import { invalidArgument } from "../util/errors";
import { thesisDerivedFacts, thesisOneASamples } from "../twin/derived-facts";
import type { ResultRow, ResultsFile } from "./results-file";
import { type ScorecardRow, scoreRow } from "./row";
import { DEPENDENCIES, twinVersionOf } from "./dependencies";
import { type Explanation, counterfactualExplanation } from "./explanation";
import { projectRoot } from "../util/project-paths";

/** One sample's 1A and 1B columns. */
interface OneAB {
  sample: string;
  JP: number;
  SP: number;
  TV: number;
  TP: number;
  JP1B: number;
  SP1B: number;
}

/** Per-sample 1A and 1B values (Clarke payments) of one table of a results file, where the 1A identities hold. */
function sampleRows(rows: readonly ResultRow[] | undefined, capacity: number, band: number): OneAB[] {
  const b = new Map(
    (rows ?? [])
      .filter((r) => r.experiment === "1B" && r.payment === "clarke")
      .map((r) => [r.sample as string, r]),
  );
  return (rows ?? [])
    .filter(
      (r) =>
        r.experiment === "1A" &&
        r.payment === "clarke" &&
        r.TP === band * capacity &&
        r.TW === capacity &&
        b.has(r.sample as string),
    )
    .map((r) => {
      const r1b = b.get(r.sample as string)!;
      return {
        sample: r.sample as string,
        JP: r.JP as number,
        SP: r.SP as number,
        TV: r.TV as number,
        TP: r.TP as number,
        JP1B: r1b.JP as number,
        SP1B: r1b.SP as number,
      };
    });
}

/** A quantity of one sample (NaN when undefined there, e.g. a share of nothing: such samples are left out). */
type Quantity = (r: OneAB) => number;

const values = (rows: readonly OneAB[], q: Quantity) => rows.map(q).filter(Number.isFinite);

/** The stored counterfactuals' evidence about one quantity, paired by sample with ours. */
function explanations(
  notebook: string,
  thesis: readonly number[],
  base: ReadonlyMap<string, OneAB>,
  cfs: readonly [string, OneAB[]][],
  q: Quantity,
): Explanation[] {
  return cfs.flatMap(([label, rows]) => {
    const cf = rows.filter(
      (r) => base.has(r.sample) && Number.isFinite(q(r)) && Number.isFinite(q(base.get(r.sample)!)),
    );
    return cf.length
      ? [
          counterfactualExplanation(
            label,
            `notebook ${notebook}`,
            thesis,
            cf.map(q),
            cf.map((r) => q(base.get(r.sample)!)),
          ),
        ]
      : [];
  });
}

/**
 * The 1A/1B accounting rows (module comment) from notebook 07's results file.
 * @param capacity W (the thesis's TW_1A)
 * @param band the planned minutes where W is crossed (the thesis's TP_1A / W)
 * @throws `invalid results: …` when the file is not notebook 07's, or no statistics sample has TP_1A = band·W and TW_1A = W
 */
export function oneAAccounting(
  results: ResultsFile,
  capacity: number,
  band: number,
  root = projectRoot(),
): ScorecardRow[] {
  if (results.notebook !== "07-main-experiments")
    throw invalidArgument("results", results.notebook, "notebook 07's results file");
  const ours = sampleRows(results.tables.many, capacity, band);
  const all = (results.tables.many ?? []).filter(
    (r) => r.experiment === "1A" && r.payment === "clarke",
  ).length;
  if (!ours.length)
    throw invalidArgument(
      "results",
      `${all} statistics samples of 1A, none with TP_1A = ${band}·${capacity} and TW_1A = ${capacity}`,
      "samples where the 1A identities hold",
    );
  // the thesis's ordinary samples (sample 20 left out, as every scorecard row), paired by name across tables
  const thesis: OneAB[] = thesisOneASamples(root);
  // each counterfactual table's samples once, for every quantity
  const base = new Map(ours.map((r) => [r.sample, r]));
  const cfs = Object.keys(results.tables)
    .filter((k) => k.startsWith("cf:"))
    .map((k): [string, OneAB[]] => [k.slice(3), sampleRows(results.tables[k], capacity, band)]);
  const provenance = {
    kind: "identity samples",
    notebook: results.notebook,
    kept: ours.length,
    all,
    band,
  } as const;
  const source = String(results.parameters.SOURCE ?? "twin");
  const calibrated = DEPENDENCIES.find((d) => d.input === "F7 and F8")!;
  const fixed =
    calibrated.sources !== "every source" && calibrated.sources.includes(twinVersionOf(source) ?? -1);
  const row = (quantity: string, q: Quantity, input = false) => {
    const t = values(thesis, q);
    return scoreRow("1A/1B accounting", quantity, t, values(ours, q), {
      provenance,
      tier: input && fixed ? "by construction" : "identity",
      tierBasis:
        input && fixed
          ? { kind: "calibrated", source, to: "F7 and F8" }
          : { kind: "identity", identity: "restates-published" },
      explanations: () => explanations(results.notebook, t, base, cfs, q),
    });
  };
  const above = (r: OneAB) => r.JP - r.SP;
  const bandWinners1B = (r: OneAB) => r.JP1B - above(r);
  return [
    row(`jobs above ${band} min (JP_1A − SP_1A, F7)`, above, true),
    row(`${band}-minute winners of 1A (SP_1A)`, (r) => r.SP),
    row(`node-minutes beyond ${band} min (TV_1A − TP_1A, F8)`, (r) => r.TV - r.TP, true),
    row(`${band}-minute winners of 1B (JP_1B − jobs above ${band} min)`, bandWinners1B),
    row(`share of them refilled exactly (SP_1B / ${band}-minute winners of 1B)`, (r) =>
      bandWinners1B(r) > 0 ? r.SP1B / bandWinners1B(r) : NaN,
    ),
  ];
}

/** The 1A/1B accounting for the scorecard, or what it needs when it cannot apply. */
export interface OneAAccounting {
  rows: ScorecardRow[];
  /** The thesis's ordinary samples the identities are read from. */
  thesisSamples: number;
  /** When the identities cannot apply: the thesis's W they need, and the source and W at hand. */
  needs: { capacity: number; source: string; W: unknown } | null;
}

/**
 * The 1A/1B accounting of notebook 07's results (`results["07-main-experiments"]`) with the thesis's
 * W and minutes band read off its tables; no rows, and what they need, when the identities cannot
 * apply (no notebook 07 results, another W, or a source that is not a twin of the thesis's machine).
 */
export function oneAAccountingOf(
  results: Readonly<Record<string, ResultsFile>>,
  source: string,
  root = projectRoot(),
): OneAAccounting {
  const derived = thesisDerivedFacts(root);
  const r07 = results["07-main-experiments"];
  const thesisSamples = derived.aboveShare.n;
  if (!r07 || r07.parameters.W !== derived.capacity || twinVersionOf(source) === undefined)
    return {
      rows: [],
      thesisSamples,
      needs: { capacity: derived.capacity, source, W: r07?.parameters.W },
    };
  return {
    rows: oneAAccounting(r07, derived.capacity, derived.bandMinutes, root),
    thesisSamples,
    needs: null,
  };
}
