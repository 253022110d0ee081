/**
 * The executed report's checks fail on the class of error, not on one sentence: any placeholder where
 * a number belongs, any quantity quoted with two values or on two scales, any comparison row of a
 * setting with itself, any index out of notebook order.
 */
import { describe, expect, it } from "vitest";
import { markdownBundle } from "../../views/display/markdown";
import { tableBundle } from "../../views/display/table";
import type { Notebook, NotebookCell } from "../../workbook/notebook";
import {
  equalSettingProblems,
  indexOrderProblems,
  placeholderProblems,
  quantityMentions,
  reportProblems,
  twoValueProblems,
} from "../../workbook/report-consistency";

const cell = (data: Record<string, unknown>, tags: string[] = []): NotebookCell => ({
  cell_type: "code",
  metadata: { tags },
  source: "…",
  outputs: [{ output_type: "display_data", data, metadata: {} }],
  execution_count: 1,
});
const nb = (...cells: NotebookCell[]): Notebook => ({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells });
const findings = (md: string) => nb(cell(markdownBundle(md), ["findings"]));
const table = (rows: object[], caption: string, tags: string[] = []) =>
  cell(tableBundle(rows, { caption }), tags);

describe("placeholderProblems", () => {
  it("finds a dash, undefined or NaN standing for a number in the findings, and nothing in prose", () => {
    const bad = findings(
      "- the greedy's TV_1B1 (ours / thesis —, scored with Table 10 TV_1B). PoA = TV_1B1 / TV: the ratio of — in its numerator\n" +
        "- TV_2B ours NaN\n- TP_1B is undefined here",
    );
    expect(placeholderProblems("10-x", bad).map((p) => p.what)).toEqual([
      expect.stringContaining("ours / thesis —,"),
      expect.stringContaining("ours NaN"),
      expect.stringContaining("is undefined"),
    ]);
    const prose = findings("**Findings** — thesis Section 6.3.1: TV_1A ours 418,599 — a gap (Table 10).");
    expect(placeholderProblems("07-x", prose)).toEqual([]);
  });
  it("finds a dash in a number column of an indexed table, and reads only the cells the index shows", () => {
    const headline = table([{ quantity: "TV_1A", ours: "—", outcome: "not computed" }], "Headline", [
      "headline",
    ]);
    expect(placeholderProblems("16-x", nb(headline))).toHaveLength(1);
    const body = table([{ quantity: "TV_1A", ours: "—" }], "Body");
    expect(placeholderProblems("16-x", nb(body))).toEqual([]);
  });
});

describe("twoValueProblems", () => {
  it("finds one quantity quoted with two values in two notebooks (Table 28's TV_1B3 is Table 24's TV_1B)", () => {
    const nine = nb(
      table(
        [{ quantity: "TV_1B", ours: 256192, "ours / thesis [95%]": "0.907 [0.839, 0.980]" }],
        "Table 24: total value",
      ),
    );
    const ten = nb(
      table(
        [{ quantity: "TV_1B3", ours: 257514, "ours / thesis [95%]": "0.911 [0.84, 0.98]" }],
        "Table 28: mean Total Value",
      ),
    );
    const mentions = [
      ...quantityMentions("09-priority-model", nine),
      ...quantityMentions("10-slurm-simulator", ten),
    ];
    expect(mentions.map((m) => m.key)).toEqual([
      "twin Table 24 TV_1B",
      "twin Table 24 TV_1B",
      "twin Table 24 TV_1B",
      "twin Table 24 TV_1B",
    ]);
    const problems = twoValueProblems(mentions);
    expect(problems.map((p) => p.what)).toEqual([
      "twin Table 24 TV_1B (ours) is 256,192 in 09-priority-model and 257,514 in 10-slurm-simulator",
      "twin Table 24 TV_1B (ratio) is 0.907 [0.839, 0.980] in 09-priority-model and 0.911 [0.84, 0.98] in 10-slurm-simulator",
    ]);
    const same = nb(
      table(
        [{ quantity: "TV_1B3", ours: 256191.6, "ours / thesis [95%]": "0.907 [0.839, 0.980]" }],
        "Table 28: x",
      ),
    );
    expect(
      twoValueProblems([
        ...quantityMentions("09-priority-model", nine),
        ...quantityMentions("10-slurm-simulator", same),
      ]),
    ).toEqual([]);
  });
  it("finds one quantity compared on two scales (a Δ-judged row worded as a ratio) in a conclusion", () => {
    const eight = findings(
      "- **Largest differences:** PM_4B ours 5 against 1 (ours − thesis 3.38 [1.72, 5.03]).",
    );
    const conclusion = nb(
      cell(markdownBundle("- Table 22 PM_4B: thesis 1, ours 5, ours / thesis 3.81 [2.43, 5.19] — differs")),
    );
    const problems = twoValueProblems([
      ...quantityMentions("08-greedy-modified", eight),
      ...quantityMentions("08-greedy-modified", conclusion),
    ]);
    expect(problems.map((p) => p.what)).toEqual([
      "twin Table 22 PM_4B is compared on two scales: difference 3.38 (08-greedy-modified) and ratio 3.81 (08-greedy-modified)",
    ]);
  });
  it("keeps apart the same column of another table, and the calibrated twin's from the paragraph that names it on", () => {
    const md =
      "- Table 10 TV_1B: thesis 478,867, ours 418,065, ours / thesis 0.873 [0.821, 0.928]\n" +
      "- Table 19 TV_1B: thesis 479,228, ours 418,598, ours / thesis 0.873 [0.822, 0.928]\n\n" +
      "On `twin-v5` — calibrated — TV_2B (Table 10) inconclusive, ours / thesis 0.971 [0.9, 1.05]; and TP_1B (Table 11) ours / thesis 0.69 [0.6, 0.8].\n\n" +
      "- Table 10 TV_2B: thesis 274,690, ours 227,288, ours / thesis 0.827 [0.771, 0.888]";
    const mentions = quantityMentions("16-scorecard", findings(md));
    expect(new Set(mentions.map((m) => m.key))).toEqual(
      new Set([
        "twin Table 10 TV_1B",
        "twin Table 19 TV_1B",
        "twin-v5 Table 10 TV_2B",
        "twin-v5 Table 11 TP_1B",
        "twin Table 10 TV_2B",
      ]),
    );
    expect(twoValueProblems(mentions)).toEqual([]);
  });
  it("reads a statement's share of samples as no value of the quantities it names", () => {
    const md =
      "- TV_1B ≥ 0.99·TV_1A (6.3.1, Table 10) — thesis's samples 15/15 (100%), ours 200/200 (100%); ours − thesis 0 [-0.019, 0.204]";
    expect(quantityMentions("07-main-experiments", findings(md))).toEqual([]);
  });
});

describe("equalSettingProblems", () => {
  it("finds a comparison row whose two settings are equal", () => {
    const rows = [
      { step: "base", factor: "—", from: "—", to: "ours" },
      { step: "one", factor: "favorSmall", from: "YES", to: "YES" },
      { step: "one", factor: "weights", from: "Table 2", to: "template" },
    ];
    expect(equalSettingProblems("10-x", nb(table(rows, "PoA by factor"))).map((p) => p.what)).toEqual([
      'table "PoA by factor": row one favorSmall compares YES with itself',
    ]);
  });
});

describe("indexOrderProblems", () => {
  const index = (names: string[]) =>
    `<h2 id="notebooks">…</h2><table>${names.map((n) => `<tr><td><a href="${n}.html">${n}</a></td></tr>`).join("")}</table>`;
  it("finds an index that does not list the notebooks in their order", () => {
    const names = ["05-games", "06-sampling", "17-appendix", "18-your-cluster"];
    expect(
      indexOrderProblems(index(["06-sampling", "05-games", "18-your-cluster", "17-appendix"]), names),
    ).toHaveLength(1);
    expect(indexOrderProblems(index(names), names)).toEqual([]);
  });
  it("runs with the others over a report", () => {
    expect(reportProblems([{ name: "07-x", nb: findings("TV_1A ours 1") }], index(["07-x"]))).toEqual([]);
  });
});
