/**
 * Scorecard rows of thesis Section 4 (Tables 8–9, Figures 2–15 and 22: the cleaning of the
 * Autosubmit logs, notebooks 03–04) and Section 5's illustrations (Figures 16–17, notebook 05),
 * computed from a cleaned source with lib/clean's comparison functions. On the calibrated twin the
 * Section 4 numbers match by construction (data/README.md); on another source they are real
 * comparisons. Every figure without published numbers is scored on the count or statistic its
 * data set has in the thesis's text (e.g. Figure 4's bars sum to the 1265 experiments of Figure 2).
 */
import type { ColumnTable } from "arquero";
import type { SourceCleaning } from "../clean/clean-source";
import type { ThesisSection4 } from "../io/thesis-section4";
import { categoryCounts, compareSummaries, rSummary } from "../clean/summary";
import { analyseGame, braessParadox, ispRoutingGame } from "../mechanism/games";
import { type ScoreRowOptions, type ScorecardRow, type Tier, decimalsOf, scoreRow } from "./row";

const rows = (t: ColumnTable | undefined) => (t ? t.numRows() : 0);
const col = (t: ColumnTable | undefined, name: string): number[] =>
  t && t.column(name) ? Array.from(t.array(name) as ArrayLike<number>) : [];

function summaryMatches(
  tier: Tier,
  id: string,
  table: ColumnTable | undefined,
  published: ThesisSection4["summaries"][string] | undefined,
): ScorecardRow {
  const cmp = published ? compareSummaries(table, published) : [];
  const ours = cmp.filter((r) => r.match === true).length;
  return scoreRow(
    id,
    "R summary statistics equal at R's printed precision (count)",
    [cmp.length || 1],
    table ? [ours] : undefined,
    { tier, provenance: { kind: "published statistics", count: cmp.length } },
  );
}

function countRow(
  tier: Tier,
  id: string,
  quantity: string,
  thesis: number | undefined,
  ours: number | undefined,
): ScorecardRow[] {
  return thesis === undefined
    ? []
    : [
        scoreRow(id, quantity, [thesis], ours === undefined ? undefined : [ours], {
          tier,
          provenance: { kind: "count", printed: null },
        }),
      ];
}

/**
 * Rows for Tables 8–9 and Figures 2–15, 22 from a cleaned source (experiments absent on SWF
 * sources: those rows say "ours not computed").
 */
export function dataRows(cleaning: SourceCleaning, ref: ThesisSection4): ScorecardRow[] {
  const kind = cleaning.source.spec.kind;
  const tier: Tier =
    kind === "twin" ? "by construction" : kind === "autosubmit" ? "reproduced result" : "not comparable";
  const o: ScoreRowOptions = {
    tier,
    tierBasis:
      kind === "twin"
        ? { kind: "calibrated", source: cleaning.source.spec.text, to: "Section 4" }
        : kind === "autosubmit"
          ? { kind: "reproduced" }
          : { kind: "another log", source: cleaning.source.spec.text },
  };
  const fig2 = cleaning.experiments?.figure2;
  const fig9 = cleaning.jobs.figure9;
  const fin = cleaning.jobs.final;
  const pub = (stage: string, re: RegExp) =>
    ref.pipeline.find((p) => p.stage === stage && re.test(p.step))?.count;
  const models = fig2 ? categoryCounts(fig2, "model", 1000) : [];
  const modelCount = (m: string) =>
    fig2 ? (models.find((x) => x.value.startsWith(m))?.count ?? 0) : undefined;
  const out: ScorecardRow[] = [];
  const fig2Model = (m: string) =>
    ref.categorical.fig02_experiments_1265?.model?.find((x) => x.value !== "(Other)" && m.startsWith(x.value))
      ?.count;
  for (const t of ref.table08) {
    const ours = fig2 ? (models.find((x) => x.value === t.model)?.count ?? 0) : undefined;
    const other = fig2Model(t.model);
    const printed = other !== undefined && other !== t.n_exps ? { table8: t.n_exps, figure2: other } : null;
    out.push(
      scoreRow(
        "Table 8",
        `experiments of model ${t.model} (Figure 2 set)`,
        [t.n_exps],
        ours === undefined ? undefined : [ours],
        { ...o, provenance: { kind: "count", printed } },
      ),
    );
  }
  out.push(
    ...countRow(
      tier,
      "Table 9",
      "jobs after the filters that apply Table 9's default wallclocks (Figure 9 set)",
      pub("jobs", /^submit > 0/),
      rows(fig9),
    ),
  );
  out.push(
    ...countRow(
      tier,
      "Figure 2",
      "experiments after the five filters",
      pub("experiments", /^hpc in/),
      fig2 ? rows(fig2) : undefined,
    ),
  );
  out.push(summaryMatches(tier, "Figure 2", fig2, ref.summaries.fig02_experiments_1265));
  const total = col(fig2, "total");
  const meanTotal = ref.summaries.fig02_experiments_1265?.total?.mean;
  if (meanTotal !== undefined)
    out.push(
      scoreRow(
        "Figure 3",
        "jobs per experiment summed over the months / experiments (mean total)",
        [meanTotal],
        total.length ? [rSummary(fig2!, "total").mean] : undefined,
        { ...o, decimals: 1 },
      ),
    );
  out.push(
    ...countRow(
      tier,
      "Figure 4",
      "experiments summed over the months",
      pub("experiments", /^hpc in/),
      fig2 ? rows(fig2) : undefined,
    ),
  );
  [
    ["Figure 5", "auto-ecearth3"],
    ["Figure 6", "auto-monarch"],
    ["Figure 7", "auto-nemo"],
    ["Figure 8", "auto-caliop"],
  ].forEach(([id, m]) =>
    out.push(
      ...countRow(
        tier,
        id,
        `experiments of ${m} summed over the months (Figure 2's count)`,
        fig2Model(m),
        modelCount(m),
      ),
    ),
  );
  out.push(
    ...countRow(tier, "Figure 9", "jobs after the first filters", pub("jobs", /^submit > 0/), rows(fig9)),
  );
  out.push(summaryMatches(tier, "Figure 9", fig9, ref.summaries.fig09_jobs_102868));
  out.push(
    ...countRow(
      tier,
      "Figure 10",
      "jobs with qtime > 720 minutes (removed after Figure 10)",
      pub("jobs", /^qtime > 720/),
      col(fig9, "qtime").filter((q) => q > 720).length,
    ),
  );
  out.push(...countRow(tier, "Figure 11", "final valid jobs", pub("jobs", /^final valid/), rows(fin)));
  out.push(summaryMatches(tier, "Figure 11", fin, ref.summaries.fig11_jobs_88047));
  const s11 = ref.summaries.fig11_jobs_88047 ?? {};
  [
    ["Figure 12", "nnodes"],
    ["Figure 13", "minutes"],
    ["Figure 14", "qtime"],
    ["Figure 15", "rtime"],
  ].forEach(([id, f]) => {
    if (s11[f])
      out.push(
        scoreRow(
          id,
          `mean ${f} of the histogram's jobs`,
          [s11[f].mean],
          col(fin, f).length ? [rSummary(fin, f).mean] : undefined,
          { ...o, decimals: decimalsOf([s11[f].mean]) },
        ),
      );
  });
  const forty = fin.numRows() ? fin.filter("d => d.minutes === 40") : fin;
  const r40 = col(forty, "rtime"),
    n40 = col(forty, "nnodes");
  out.push(
    scoreRow(
      "Figure 22",
      'median rtime of 40-minute jobs, minutes (thesis: "half of the planned")',
      [20],
      r40.length ? [rSummary(forty, "rtime").median] : undefined,
      { ...o, provenance: { kind: "stated", statement: "half of 40 minutes" } },
    ),
  );
  out.push(
    scoreRow(
      "Figure 22",
      'median nnodes of 40-minute jobs (thesis: "around 16 nodes")',
      [16],
      n40.length ? [rSummary(forty, "nnodes").median] : undefined,
      { ...o, provenance: { kind: "stated", statement: "around 16" } },
    ),
  );
  return out;
}

/** Rows for the illustrations of Section 5.1: Figure 16 (ISP routing game) and Figure 17 (Braess's paradox). */
export function gameRows(): ScorecardRow[] {
  const isp = analyseGame(ispRoutingGame());
  const steps = 200;
  const braess = braessParadox(steps);
  return [
    scoreRow(
      "Figure 16",
      "the selfish strategy C is dominant for both ISPs (1 = yes)",
      [1],
      [isp.dominant1 === "C" && isp.dominant2 === "C" ? 1 : 0],
      {
        tier: "identity",
        tierBasis: { kind: "model", follows: "game payoffs" },
        provenance: { kind: "solved", by: "game", steps: null },
      },
    ),
    scoreRow("Figure 17", "equilibrium delay without the v→w link", [1.5], [braess[0].equilibriumDelay], {
      decimals: 2,
      tier: "identity",
      tierBasis: { kind: "model", follows: "delay functions" },
      provenance: { kind: "solved", by: "wardrop", steps },
    }),
    scoreRow("Figure 17", "equilibrium delay with the v→w link", [2], [braess[1].equilibriumDelay], {
      decimals: 2,
      tier: "identity",
      tierBasis: { kind: "model", follows: "delay functions" },
    }),
  ];
}
