/**
 * Scorecard rows of the simulator tables (thesis Tables 28–29, Figure 21) from notebook 10's
 * results file: the simulator's first-iteration Total Value and the Price of Anarchy (the knapsack
 * models' TV_1B1/1B2/1B3 repeat Tables 10, 19 and 24 and are scored there), thesis (its 15 ordinary
 * kept samples) against ours over the PoA samples; a stored experiment (`cf:<setting>` tables, e.g.
 * the BSC template's settings switched on one by one) explains a difference only as
 * lib/scorecard/explanation.ts says, the other simulator column checked for condition (4).
 */
import { thesisTotalValueRows } from "../sim/thesis-poa";
import { worsens } from "../agreement/reference";
import { twinVersionOf } from "./dependencies";
import { type Explanation, counterfactualExplanation } from "./explanation";
import type { ResultsFile } from "./results-file";
import { type ScorecardRow, scoreRow } from "./row";
import { repeatsEarlier } from "./mechanism-rows";
import { projectRoot } from "../util/project-paths";

type SimColumn = "TV" | "TV_1B1" | "TV_1B2" | "TV_1B3" | "PoA";

/** Rows for Tables 28 (with Figure 21) and 29 from notebook 10's results (undefined = not computed). */
export function simTableRows(
  results: ResultsFile | undefined,
  root = projectRoot(),
  special = "sample_20.txt",
): ScorecardRow[] {
  return _simRows(results, root, special).scored;
}

/**
 * Table 28's model columns the thesis printed before (TV_1B1 = Table 10's TV_1B, TV_1B2 = Table
 * 19's, TV_1B3 = Table 24's), from notebook 10's results by the same rule, keyed by column: they are
 * scored where first printed, and their samples and priorities are those notebooks' (sim-results.ts),
 * so each shows the value of the row it repeats. Not counted in the scorecard; no experiment is
 * tried on them (the row they repeat has its own).
 */
export function repeatedSimRows(
  results: ResultsFile | undefined,
  root = projectRoot(),
  special = "sample_20.txt",
): Map<string, ScorecardRow> {
  return _simRows(results, root, special).repeated;
}

function _simRows(
  results: ResultsFile | undefined,
  root: string,
  special: string,
): { scored: ScorecardRow[]; repeated: Map<string, ScorecardRow> } {
  const thesis = thesisTotalValueRows(root).filter((r) => r.sample !== special);
  const many = results?.tables.many;
  const thesisOf = (col: SimColumn) =>
    thesis.map((r) => (col === "PoA" ? Math.round(r.PoA * 100) / 100 : r[col]));
  const paired = (k: string, col: SimColumn) => {
    const rows = results!.tables[k];
    const base = new Map((many ?? []).map((r) => [r.sample, r[col] as number]));
    if (!rows.length || !(col in rows[0]) || !rows.every((r) => base.has(r.sample as string)))
      return undefined;
    return { base: rows.map((r) => base.get(r.sample as string)!), under: rows.map((r) => r[col] as number) };
  };
  const explanations = (col: SimColumn): Explanation[] =>
    Object.keys(results!.tables)
      .filter((k) => k.startsWith("cf:"))
      .flatMap((k) => {
        const v = paired(k, col);
        if (!v) return [];
        const e = counterfactualExplanation(
          k.slice(3),
          "notebook 10, § PoA decomposition",
          thesisOf(col),
          v.under,
          v.base,
        );
        const other: SimColumn = col === "PoA" ? "TV" : "PoA";
        const w = e.holds ? paired(k, other) : undefined;
        return [
          w && worsens(thesisOf(other), w.base, w.under) ? { ...e, breaks: [`Table 28/29 ${other}`] } : e,
        ];
      });
  const source = String(results?.parameters.SOURCE ?? "twin");
  const foreign = twinVersionOf(source) === undefined;
  const row = (id: string, col: SimColumn, label: string, tried = true) => {
    const ours = many?.map((r) => r[col] as number);
    if (foreign && col !== "PoA")
      return scoreRow(id, label, thesisOf(col), ours, {
        tier: "not comparable",
        tierBasis: { kind: "another machine", source, W: null, scale: null },
      });
    return scoreRow(id, label, thesisOf(col), ours, {
      provenance: results
        ? {
            kind: "results",
            notebook: "10-slurm-simulator",
            thesisSamples: thesis.length,
            oursSamples: ours?.length ?? 0,
            samples: "PoA",
            caption: null,
          }
        : { kind: "no results", notebook: "10-slurm-simulator", caption: null },
      explanations: results && tried ? () => explanations(col) : undefined,
      thesisLabels: thesis.map((r) => r.sample),
    });
  };
  const repeated = (col: "TV_1B1" | "TV_1B2" | "TV_1B3") =>
    repeatsEarlier(
      28,
      col,
      thesis.map((r) => r[col]),
      root,
    );
  const models = [
    ["TV_1B1", "TV_1B1 (greedy)"],
    ["TV_1B2", "TV_1B2 (modified greedy)"],
    ["TV_1B3", "TV_1B3 (priority)"],
  ] as const;
  return {
    scored: [
      row("Table 28 / Figure 21", "TV", "TV (simulator, first iteration)"),
      ...models.filter(([c]) => !repeated(c)).map(([c, label]) => row("Table 28 / Figure 21", c, label)),
      row("Table 29", "PoA", "PoA = TV_1B1 / TV"),
    ],
    repeated: new Map(
      models
        .filter(([c]) => repeated(c))
        .map(([c, label]) => [c, row("Table 28 / Figure 21", c, label, false)] as const),
    ),
  };
}
