/**
 * Scorecard rows of the mechanism tables (thesis Tables 10–27, Figures 18–20): one row per
 * published column, the thesis's mean over its ordinary samples (sample 20 left out) against ours
 * over the statistics samples of notebooks 07–09, explained where a counterfactual experiment
 * stored in the results file (`cf:<experiment>` tables) brings ours within noise.
 */
import type { RoundRow } from "../mechanism/rounds";
import { readThesisTable } from "../mechanism/thesis-tables";
import { integer } from "../util/options";
import { type ResultRow, type ResultsFile, resultRows } from "./results-file";
import { type ScorecardRow, scoreRow } from "./row";
import { experimentBasis, firstPrinted, mechanismTier } from "./tiers";
import { type Estimate, type Explanation, counterfactualExplanation, estimate, withinNoise } from "./verdict";

/** The round-row fields a results file keeps (TTS is wall clock, so not reproducible, and left out). */
export const ROUND_RESULT_KEYS = [
  "sample",
  "experiment",
  "payment",
  "n",
  "TV",
  "TP",
  "TW",
  "AD",
  "PM",
  "SP",
  "JP",
  "NC",
] as const;

/** Round rows as result rows (no TTS). */
export function roundResultRows(rows: readonly RoundRow[]): ResultRow[] {
  return resultRows(
    rows as readonly (RoundRow & Record<string, unknown>)[],
    ROUND_RESULT_KEYS as unknown as (keyof RoundRow & string)[],
  );
}

/** Which notebook computes each thesis table 10–27 and where it is shown. */
export const MECHANISM_TABLES: Readonly<Record<number, { notebook: string; figure?: number }>> =
  Object.freeze({
    10: { notebook: "07-main-experiments", figure: 18 },
    11: { notebook: "07-main-experiments", figure: 19 },
    12: { notebook: "07-main-experiments" },
    13: { notebook: "07-main-experiments" },
    14: { notebook: "07-main-experiments" },
    15: { notebook: "07-main-experiments" },
    16: { notebook: "07-main-experiments" },
    17: { notebook: "07-main-experiments" },
    18: { notebook: "07-main-experiments" },
    19: { notebook: "08-greedy-modified" },
    20: { notebook: "08-greedy-modified" },
    21: { notebook: "08-greedy-modified" },
    22: { notebook: "08-greedy-modified" },
    23: { notebook: "08-greedy-modified" },
    24: { notebook: "09-priority-model", figure: 20 },
    25: { notebook: "09-priority-model" },
    26: { notebook: "09-priority-model" },
    27: { notebook: "09-priority-model" },
  });

/** The thesis's values of one column over its ordinary samples (the special sample left out). */
export function thesisColumn(
  table: number,
  column: string,
  root = process.cwd(),
  special = "sample_20.txt",
): number[] {
  return readThesisTable(table, root)
    .rows.filter((r) => r.sample !== special)
    .map((r) => r[column] as number);
}

/** The names of the thesis's ordinary samples of a table, in the order of {@link thesisColumn}. */
function thesisSampleNames(table: number, root: string, special = "sample_20.txt"): string[] {
  return readThesisTable(table, root)
    .rows.filter((r) => r.sample !== special)
    .map((r) => String(r.sample));
}

/** Our values of `metric` for one experiment (Clarke payments) in a result-row set. */
export function metricValues(
  rows: readonly ResultRow[] | undefined,
  experiment: string,
  metric: string,
  payment = "clarke",
): number[] | undefined {
  if (!rows) return undefined;
  const v = rows
    .filter((r) => r.experiment === experiment && r.payment === payment && Number.isFinite(r[metric]))
    .map((r) => r[metric] as number);
  return v.length ? v : undefined;
}

/** Counterfactual explanations of one column from the results file's `cf:<experiment>` tables, paired with the statistics samples of the same names. */
export function counterfactuals(
  results: ResultsFile,
  thesis: Estimate,
  experiment: string,
  metric: string,
): Explanation[] {
  const t = thesis;
  return Object.entries(results.tables)
    .filter(([k]) => k.startsWith("cf:"))
    .flatMap(([k, rows]) => {
      const sel = rows.filter((r) => r.experiment === experiment && r.payment === "clarke");
      if (!sel.length) return [];
      const base = new Map(
        (results.tables.many ?? [])
          .filter((r) => r.experiment === experiment && r.payment === "clarke")
          .map((r) => [r.sample, r[metric] as number]),
      );
      const paired = sel.filter((r) => base.has(r.sample as string));
      if (paired.length !== sel.length) return [];
      return [
        counterfactualExplanation(
          k.slice(3),
          `notebook ${results.notebook}`,
          t,
          paired.map((r) => r[metric] as number),
          experimentBasis(k.slice(3)),
          paired.map((r) => base.get(r.sample as string)!),
        ),
      ];
    });
}

/** True when column `column` (`<metric>_<experiment>`) under counterfactual `cf` is still within noise of the thesis (or the cf lacks it). */
function stillAgrees(
  results: ResultsFile,
  thesisValues: readonly number[],
  column: string,
  cf: string,
): boolean {
  const [metric, experiment] = [column.slice(0, column.indexOf("_")), column.slice(column.indexOf("_") + 1)];
  const v = metricValues(results.tables[`cf:${cf}`], experiment, metric);
  return !v || withinNoise(estimate(thesisValues), estimate(v));
}

/** The published columns (table, `<metric>_<experiment>`) of one notebook's tables that agree (exact or within noise) under our setting. */
function agreeingColumns(
  notebook: string,
  results: ResultsFile,
  root: string,
): { table: number; c: string; tv: number[] }[] {
  const out: { table: number; c: string; tv: number[] }[] = [];
  for (const t of Object.keys(MECHANISM_TABLES).map(Number)) {
    if (MECHANISM_TABLES[t].notebook !== notebook) continue;
    for (const c of readThesisTable(t, root).columns.filter(
      (x) => x !== "sample" && x !== "size" && !x.startsWith("TTS_"),
    )) {
      const tv = thesisColumn(t, c, root);
      const ours = metricValues(results.tables.many, c.slice(c.indexOf("_") + 1), c.slice(0, c.indexOf("_")));
      const v = scoreRow("", c, tv, ours, { tier: mechanismTier(t, c).tier }).verdict;
      if (v === "exact" || v === "within noise" || v === "holds") out.push({ table: t, c, tv });
    }
  }
  return out;
}

/** True when `values` (column `column` of table `table`) repeat, value for value, where the thesis first printed them. */
export function repeatsEarlier(
  table: number,
  column: string,
  values: readonly number[],
  root = process.cwd(),
): boolean {
  const first = firstPrinted(table, column);
  if (!first) return false;
  const earlier = thesisColumn(first.table, first.column, root);
  return earlier.length === values.length && earlier.every((v, k) => v === values[k]);
}

/** The caption's sentence that says to ignore some experiments' results, when it names `experiment` (e.g. Table 13: 3B and 2B). */
export function captionCaveat(caption: string, experiment: string): string | undefined {
  const named = new RegExp(`\\b${experiment.replace(/[^\w]/g, "")}\\b`);
  return caption
    .split(/(?<=\.)\s+/)
    .find((sentence) => /\bignore\b/i.test(sentence) && named.test(sentence))
    ?.trim();
}

/**
 * Rows for thesis Table `table` (10–27), one per published column not printed before (a column the
 * thesis repeats with the same values is scored where it first appears, lib/scorecard/tiers.ts), from a notebook's results file
 * (undefined = not computed: every row says so). A counterfactual explains a column only when it
 * brings that column within noise **and** keeps every column of the notebook's tables that agreed
 * (exact or within noise) under our setting in agreement — a setting that fixes one column by
 * breaking another is no explanation.
 */
export function mechanismTableRows(
  table: number,
  results: ResultsFile | undefined,
  root = process.cwd(),
): ScorecardRow[] {
  integer(table, "table", 10, 27);
  const thesis = readThesisTable(table, root);
  const meta = MECHANISM_TABLES[table];
  const id = meta.figure ? `Table ${table} / Figure ${meta.figure}` : `Table ${table}`;
  const cols = thesis.columns.filter(
    (c) => c !== "sample" && c !== "size" && !repeatsEarlier(table, c, thesisColumn(table, c, root), root),
  );
  const labels = thesisSampleNames(table, root);
  const split = (c: string) => [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];
  const base = cols.map((c) => {
    const [metric, experiment] = split(c);
    const tv = thesisColumn(table, c, root);
    const { tier, reason } = mechanismTier(table, c);
    if (tier === "not comparable")
      return {
        c,
        tv,
        note: "",
        row: scoreRow(id, `${c} (s)`, tv, undefined, {
          tier,
          tierReason: reason,
          note: "ours is measured in notebook 16 (wall clock on this machine, so not stored in the results file)",
          thesisLabels: labels,
        }),
        cfs: undefined,
      };
    const ours = metricValues(results?.tables.many, experiment, metric);
    const caveat = captionCaveat(thesis.caption, experiment);
    const note =
      (results
        ? `thesis: its ${tv.length} ordinary samples; ours: ${results.notebook}, ${ours?.length ?? 0} statistics samples`
        : `no results file of ${meta.notebook}`) + (caveat ? `; the thesis's caption: "${caveat}"` : "");
    const cfs = results ? (t: Estimate) => counterfactuals(results, t, experiment, metric) : undefined;
    const options = { tier, tierReason: reason, note, thesisLabels: labels };
    return { c, tv, note, options, row: scoreRow(id, c, tv, ours, { ...options, explanations: cfs }), cfs };
  });
  const differing = base.filter((b) => b.row.verdict.startsWith("differs") && b.cfs);
  const agreeing = results && differing.length ? agreeingColumns(results.notebook, results, root) : [];
  return base.map((b) => {
    if (!differing.includes(b) || !b.cfs || !b.options) return b.row;
    const cfs = b.cfs;
    const explanations = (t: Estimate) =>
      cfs(t).map((e) => {
        if (!e.holds) return e;
        const broken = agreeing
          .filter((a) => !stillAgrees(results!, a.tv, a.c, e.experiment))
          .map((a) => `Table ${a.table} ${a.c}`);
        return broken.length
          ? { ...e, holds: false, detail: `${e.detail}, but it breaks ${broken.join(", ")}` }
          : e;
      });
    const [metric, experiment] = split(b.c);
    const ours = metricValues(results?.tables.many, experiment, metric);
    return scoreRow(id, b.c, b.tv, ours, { ...b.options, explanations });
  });
}
