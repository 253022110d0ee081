/**
 * The 1A accounting of notebook 16: experiment 1A's published columns split, by the exact
 * identities of lib/twin/derived-facts.ts, into what the input decides. Wherever TP_1A = 40·W and
 * TW_1A = W (every ordinary sample of the thesis, every sample of ours where it holds):
 *
 *   JP_1A = (JP_1A − SP_1A) + SP_1A = jobs planned for more than 40 minutes + 40-minute winners,
 *   TV_1A = (TV_1A − TP_1A) + 40·W  = their node-minutes beyond 40 minutes + a constant.
 *
 * So a gap in JP_1A, SP_1A or TV_1A is a gap in these input quantities: each gets a row by the
 * scorecard's rule and estimates, thesis against ours on the same results file, with the stored
 * counterfactuals as candidate explanations (paired by sample). These rows analyse scorecard rows;
 * they are not counted among them.
 */
import { invalidArgument } from "../util/errors";
import { readThesisTable } from "../mechanism/thesis-tables";
import type { ResultRow, ResultsFile } from "./results-file";
import { type ScorecardRow, scoreRow } from "./row";
import { type Explanation, counterfactualExplanation, estimate } from "./verdict";

interface OneA { sample: string; JP: number; SP: number; TV: number; TP: number }

/** Per-sample 1A values (Clarke payments) of one table of a results file, where the identities hold. */
function oneARows(rows: readonly ResultRow[] | undefined, capacity: number, band: number): OneA[] {
  return (rows ?? [])
    .filter((r) => r.experiment === "1A" && r.payment === "clarke" && r.TP === band * capacity && r.TW === capacity)
    .map((r) => ({ sample: r.sample as string, JP: r.JP as number, SP: r.SP as number, TV: r.TV as number, TP: r.TP as number }));
}

/** The stored counterfactuals' explanations of one accounting quantity, paired by sample with ours (as the scorecard's). */
function explanations(results: ResultsFile, thesis: number[], base: OneA[], capacity: number, band: number, q: (r: OneA) => number): Explanation[] {
  const byName = new Map(base.map((r) => [r.sample, r]));
  return Object.keys(results.tables).filter((k) => k.startsWith("cf:")).flatMap((k) => {
    const cf = oneARows(results.tables[k], capacity, band).filter((r) => byName.has(r.sample));
    return cf.length ? [counterfactualExplanation(k.slice(3), `notebook ${results.notebook}`, estimate(thesis), cf.map(q), 0.05, cf.map((r) => q(byName.get(r.sample)!)))] : [];
  });
}

/**
 * The 1A accounting rows (module comment) from notebook 07's results file.
 * @param capacity W (the thesis's TW_1A)
 * @param band the planned minutes where W is crossed (the thesis's TP_1A / W)
 * @throws `invalid results: …` when the file is not notebook 07's, or no statistics sample has TP_1A = band·W and TW_1A = W
 */
export function oneAAccounting(results: ResultsFile, capacity: number, band: number, root = process.cwd()): ScorecardRow[] {
  if (results.notebook !== "07-main-experiments") throw invalidArgument("results", results.notebook, "notebook 07's results file");
  const ours = oneARows(results.tables.many, capacity, band);
  const all = (results.tables.many ?? []).filter((r) => r.experiment === "1A" && r.payment === "clarke").length;
  if (!ours.length) throw invalidArgument("results", `${all} statistics samples of 1A, none with TP_1A = ${band}·${capacity} and TW_1A = ${capacity}`, "samples where the 1A identities hold");
  // the thesis's ordinary samples (sample 20 left out, as every scorecard row), paired by name across tables
  const by = (table: number, c: string) => new Map(readThesisTable(table, root).rows.map((r) => [r.sample as string, r[c] as number]));
  const [JP, SP, TV, TP] = [by(15, "JP_1A"), by(13, "SP_1A"), by(10, "TV_1A"), by(11, "TP_1A")];
  const samples = [...JP.keys()].filter((s) => s !== "sample_20.txt" && SP.has(s) && TV.has(s) && TP.has(s));
  const [tJP, tSP, tTV, tTP] = [JP, SP, TV, TP].map((m) => samples.map((s) => m.get(s)!));
  const note = `ours: the ${ours.length} of ${all} statistics samples of ${results.notebook} where TP_1A = ${band}·W and TW_1A = W (the identities hold); thesis: its ordinary samples`;
  const id = "1A accounting";
  const row = (quantity: string, thesis: number[], q: (r: OneA) => number) =>
    scoreRow(id, quantity, thesis, ours.map(q), { note, explanations: explanations(results, thesis, ours, capacity, band, q) });
  return [
    row(`jobs above ${band} min (JP_1A − SP_1A, F7)`, tJP.map((v, k) => v - tSP[k]), (r) => r.JP - r.SP),
    row(`${band}-minute winners (SP_1A)`, tSP, (r) => r.SP),
    row(`node-minutes beyond ${band} min (TV_1A − TP_1A, F8)`, tTV.map((v, k) => v - tTP[k]), (r) => r.TV - r.TP),
  ];
}
