/**
 * Scorecard rows of the mechanism tables (thesis Tables 10–27, Figures 18–20): one row per
 * published column, the thesis's mean over its ordinary samples (sample 20 left out) against ours
 * over the statistics samples of notebooks 07–09, with the stored experiments (`cf:<experiment>`
 * tables) tried on a differing row as lib/scorecard/explanation.ts says.
 */
import { readThesisTable } from "../io/thesis-tables";
import { integer } from "../util/options";
import type { ResultRow, ResultsFile } from "./results-file";
import { agreement, worsens } from "../agreement/reference";
import { foreignScale } from "./foreign-scale";
import { type Explanation, counterfactualExplanation } from "./explanation";
import { type ScorecardRow, scoreRow } from "./row";
import { firstPrinted, mechanismTier } from "./tiers";
import { projectRoot } from "../util/project-paths";

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
  root = projectRoot(),
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

/** A column's values under our setting and under one experiment, on the experiment's samples (same order), or undefined. */
function pairedValues(
  results: ResultsFile,
  cf: string,
  experiment: string,
  metric: string,
): { base: number[]; under: number[] } | undefined {
  const sel = (results.tables[cf] ?? []).filter(
    (r) => r.experiment === experiment && r.payment === "clarke" && Number.isFinite(r[metric]),
  );
  if (!sel.length) return undefined;
  const base = new Map(
    (results.tables.many ?? [])
      .filter((r) => r.experiment === experiment && r.payment === "clarke")
      .map((r) => [r.sample, r[metric] as number]),
  );
  if (!sel.every((r) => Number.isFinite(base.get(r.sample as string)))) return undefined;
  return { base: sel.map((r) => base.get(r.sample as string)!), under: sel.map((r) => r[metric] as number) };
}

/** Every column of one notebook's tables (thesis values by table), for the breaks check. */
function notebookColumns(notebook: string, root: string): { table: number; c: string; tv: number[] }[] {
  return Object.keys(MECHANISM_TABLES)
    .map(Number)
    .filter((t) => MECHANISM_TABLES[t].notebook === notebook)
    .flatMap((t) =>
      readThesisTable(t, root)
        .columns.filter((x) => x !== "sample" && x !== "size" && !x.startsWith("TTS_"))
        .map((c) => ({ table: t, c, tv: thesisColumn(t, c, root) })),
    );
}

const split = (c: string) => [c.slice(0, c.indexOf("_")), c.slice(c.indexOf("_") + 1)];

/**
 * The stored experiments' evidence about column `column` (`<metric>_<experiment>`) of `table`, with
 * condition (4) checked: an experiment that explains it must not worsen another column of the
 * notebook's tables (lib/scorecard/explanation.ts).
 */
export function counterfactuals(
  results: ResultsFile,
  table: number,
  column: string,
  root = projectRoot(),
): Explanation[] {
  const [metric, experiment] = split(column);
  const thesis = thesisColumn(table, column, root);
  return Object.keys(results.tables)
    .filter((k) => k.startsWith("cf:"))
    .flatMap((k) => {
      const v = pairedValues(results, k, experiment, metric);
      if (!v) return [];
      const e = counterfactualExplanation(
        k.slice(3),
        `notebook ${results.notebook}`,
        thesis,
        v.under,
        v.base,
      );
      if (!e.holds) return [e];
      const breaks = notebookColumns(results.notebook, root)
        .filter((o) => !(o.table === table && o.c === column))
        .filter((o) => {
          const [m, x] = split(o.c);
          const w = pairedValues(results, k, x, m);
          return w !== undefined && worsens(o.tv, w.base, w.under);
        })
        .map((o) => `Table ${o.table} ${o.c}`);
      return [{ ...e, breaks }];
    });
}

/** True when `values` (column `column` of table `table`) repeat, value for value, where the thesis first printed them. */
export function repeatsEarlier(
  table: number,
  column: string,
  values: readonly number[],
  root = projectRoot(),
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
 * thesis repeats with the same values is scored where it first appears, lib/scorecard/tiers.ts),
 * from a notebook's results file (undefined = not computed: every row says so). A column's tier
 * depends on the results' source (lib/scorecard/dependencies.ts); a differing reproduced result is
 * explained by a stored experiment only as lib/scorecard/explanation.ts says.
 */
export function mechanismTableRows(
  table: number,
  results: ResultsFile | undefined,
  root = projectRoot(),
): ScorecardRow[] {
  integer(table, "table", 10, 27);
  const thesis = readThesisTable(table, root);
  const meta = MECHANISM_TABLES[table];
  const id = meta.figure ? `Table ${table} / Figure ${meta.figure}` : `Table ${table}`;
  const source = String(results?.parameters.SOURCE ?? "twin");
  const rerun = results?.parameters.RERUN_CAPACITY === "W" ? "W" : "covered";
  const labels = thesisSampleNames(table, root);
  return thesis.columns
    .filter(
      (c) => c !== "sample" && c !== "size" && !repeatsEarlier(table, c, thesisColumn(table, c, root), root),
    )
    .map((c) => {
      const [metric, experiment] = split(c);
      const tv = thesisColumn(table, c, root);
      const { tier, basis } = mechanismTier(table, c, source, rerun);
      if (tier === "not comparable")
        return scoreRow(id, `${c} (s)`, tv, undefined, {
          tier,
          tierBasis: basis,
          provenance: { kind: "wall clock" },
          thesisLabels: labels,
        });
      const caption = captionCaveat(thesis.caption, experiment) || null;
      const foreign = results ? foreignScale(results, table, metric, experiment, root) : undefined;
      if (foreign)
        return scoreRow(id, `${c} ${foreign.unit}`, foreign.thesis, foreign.ours, {
          tier: "not comparable",
          tierBasis: foreign.basis,
          provenance: {
            kind: "results",
            notebook: results!.notebook,
            thesisSamples: foreign.thesis.length,
            oursSamples: foreign.ours.length,
            samples: "statistics",
            caption,
          },
          thesisLabels: labels,
        });
      const ours = metricValues(results?.tables.many, experiment, metric);
      const row = scoreRow(id, c, tv, ours, {
        tier,
        tierBasis: basis,
        provenance: results
          ? {
              kind: "results",
              notebook: results.notebook,
              thesisSamples: tv.length,
              oursSamples: ours?.length ?? 0,
              samples: "statistics",
              caption,
            }
          : { kind: "no results", notebook: meta.notebook, caption },
        thesisLabels: labels,
        explanations: results ? () => counterfactuals(results, table, c, root) : undefined,
      });
      return metric === "AD" && results ? withCancellingErrors(row, results, experiment, root) : row;
    });
}

/**
 * Table 14's AD = Σ|b − p|/n is (TV − TP)/n wherever no winner pays more than her bid: an AD row
 * that agrees while TV or TP of the same experiment differs agrees by cancelling errors.
 */
function withCancellingErrors(
  row: ScorecardRow,
  results: ResultsFile,
  experiment: string,
  root: string,
): ScorecardRow {
  if (row.verdict !== "agrees" || row.tier !== "reproduced result") return row;
  const cancelling = (
    [
      [10, "TV"],
      [11, "TP"],
    ] as const
  ).flatMap(([t, m]) => {
    const a = agreement(
      thesisColumn(t, `${m}_${experiment}`, root),
      metricValues(results.tables.many, experiment, m),
    );
    return a.outcome === "differs" ? [{ quantity: `${m}_${experiment}`, ratio: a.ratio }] : [];
  });
  return cancelling.length ? { ...row, cause: "cancelling errors", cancelling } : row;
}
