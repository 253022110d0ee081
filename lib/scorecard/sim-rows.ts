/**
 * Scorecard rows of the simulator tables (thesis Tables 28–29, Figure 21) from notebook 10's
 * results file: the simulator's first-iteration Total Value and the Price of Anarchy (the knapsack
 * models' TV_1B1/1B2/1B3 repeat Tables 10, 19 and 24 and are scored there), thesis (its 15 ordinary kept samples) against ours over the PoA
 * samples; a stored counterfactual (`cf:<setting>` tables, e.g. the BSC template's settings
 * switched on one by one) explains a difference when it brings ours within noise.
 */
import type { PoaRow } from "../sim/poa";
import { thesisTotalValueRows } from "../sim/tables";
import { type ResultRow, type ResultsFile, resultRows } from "./results-file";
import { type ScorecardRow, scoreRow } from "./row";
import { experimentBasis, firstPrinted } from "./tiers";
import { thesisColumn } from "./mechanism-rows";
import { type Estimate, counterfactualExplanation } from "./verdict";

/** The PoA-row fields a results file keeps. */
export const POA_RESULT_KEYS = [
  "sample",
  "jobs",
  "TV",
  "TV_t0",
  "TV_1B1",
  "TV_1B2",
  "TV_1B3",
  "TV_1A",
  "PoA",
  "PoA_exact",
] as const;

/** PoA rows as result rows. */
export function poaResultRows(rows: readonly PoaRow[]): ResultRow[] {
  return resultRows(rows, POA_RESULT_KEYS as unknown as (keyof PoaRow & string)[]);
}

/** Rows for Tables 28 (with Figure 21) and 29 from notebook 10's results (undefined = not computed). */
export function simTableRows(
  results: ResultsFile | undefined,
  root = process.cwd(),
  special = "sample_20.txt",
): ScorecardRow[] {
  const thesis = thesisTotalValueRows(root).filter((r) => r.sample !== special);
  const many = results?.tables.many;
  const note = (n: number) =>
    results
      ? `thesis: its ${thesis.length} ordinary samples; ours: notebook 10, ${n} PoA samples`
      : "no results file of 10-slurm-simulator";
  const row = (id: string, col: "TV" | "TV_1B1" | "TV_1B2" | "TV_1B3" | "PoA", label: string) => {
    const tv = thesis.map((r) => (col === "PoA" ? Math.round(r.PoA * 100) / 100 : r[col]));
    const ours = many?.map((r) => r[col] as number);
    const explanations = (t: Estimate) =>
      results
        ? Object.entries(results.tables)
            .filter(([k, rows]) => k.startsWith("cf:") && rows.length && col in rows[0])
            .flatMap(([k, rows]) => {
              const base = new Map((many ?? []).map((r) => [r.sample, r[col] as number]));
              if (!rows.every((r) => base.has(r.sample as string))) return [];
              return [
                counterfactualExplanation(
                  k.slice(3),
                  "notebook 10, § PoA decomposition",
                  t,
                  rows.map((r) => r[col] as number),
                  experimentBasis(k.slice(3)),
                  rows.map((r) => base.get(r.sample as string)!),
                ),
              ];
            })
        : [];
    return scoreRow(id, label, tv, ours, {
      note: note(ours?.length ?? 0),
      explanations,
      thesisLabels: thesis.map((r) => r.sample),
    });
  };
  const repeated = (col: "TV_1B1" | "TV_1B2" | "TV_1B3") => {
    const first = firstPrinted(28, col)!;
    const a = thesis.map((r) => r[col]),
      b = thesisColumn(first.table, first.column, root, special);
    return a.length === b.length && a.every((v, k) => v === b[k]);
  };
  return [
    row("Table 28 / Figure 21", "TV", "TV (simulator, first iteration)"),
    ...(repeated("TV_1B1") ? [] : [row("Table 28 / Figure 21", "TV_1B1", "TV_1B1 (greedy)")]),
    ...(repeated("TV_1B2") ? [] : [row("Table 28 / Figure 21", "TV_1B2", "TV_1B2 (modified greedy)")]),
    ...(repeated("TV_1B3") ? [] : [row("Table 28 / Figure 21", "TV_1B3", "TV_1B3 (priority)")]),
    row("Table 29", "PoA", "PoA = TV_1B1 / TV"),
  ];
}
