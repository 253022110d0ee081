import { describe, expect, it } from "vitest";
import { job } from "../sample/fixtures";
import { JOBS, P } from "./fixtures";
import {
  INPUT_COUNTERFACTUALS,
  inputCounterfactualSource,
  narrowestFirst,
} from "../../lib/scorecard/counterfactuals";
import { recomputeRoundResults, roundSamples } from "../../lib/scorecard/round-results";
import { recomputeSimResults } from "../../lib/scorecard/sim-results";
import { greedyModifiedRound } from "../../lib/mechanism/rounds";
import { thesisComparison } from "../../views/mechanism/tables";
import { mechanismTableWithSummary } from "../../views/scorecard/summary-rows";
import { firstPrinted } from "../../lib/scorecard/tiers";
import { buildScorecard } from "../../lib/scorecard/scorecard";
import { verdictCountRows, verdictsByItem } from "../../views/scorecard/scorecard";
import { formatResults } from "../../lib/scorecard/results-file";
import { captionCaveat, mechanismTableRows, thesisColumn } from "../../lib/scorecard/mechanism-rows";

function scorecardText() {
  const results = {
    "07-main-experiments": recomputeRoundResults("07-main-experiments", P, JOBS),
    "09-priority-model": recomputeRoundResults("09-priority-model", { ...P, PRIORITY_SKIP: true }, JOBS),
  };
  return { results, text: JSON.stringify(buildScorecard({ results })) };
}

describe("buildScorecard", () => {
  it("is byte-identical for the same seed, results files too", () => {
    const a = scorecardText();
    const b = scorecardText();
    expect(a.text).toBe(b.text);
    expect(formatResults(a.results["07-main-experiments"])).toBe(
      formatResults(b.results["07-main-experiments"]),
    );
  });
  it("has rows for every table 10–29 (a repeated column once) and says which notebooks were not run", () => {
    const rows = JSON.parse(scorecardText().text) as {
      id: string;
      quantity: string;
      provenance: { kind: string; notebook?: string };
      verdict: string;
      tier: string;
    }[];
    for (const t of [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])
      expect(rows.some((r) => r.id.startsWith(`Table ${t}`))).toBe(true);
    expect(
      rows
        .filter((r) => r.id === "Table 19")
        .every((r) => r.provenance.kind === "no results" && r.provenance.notebook === "08-greedy-modified"),
    ).toBe(true);
    expect(
      rows
        .filter((r) => r.id === "Table 19" && r.tier === "reproduced result")
        .every((r) => r.verdict === "not computed"),
    ).toBe(true);
    expect(rows.some((r) => r.id === "Figure 17")).toBe(true);
    expect(verdictCountRows(rows as never).map((r) => r.tier)).toEqual([
      "reproduced result",
      "by construction",
      "identity",
      "not comparable",
    ]);
  });
});

describe("mechanismTableRows", () => {
  it("keeps TTS out of the results and does not judge it", () => {
    const rows = mechanismTableRows(18, recomputeRoundResults("07-main-experiments", P, JOBS));
    expect(rows.map((r) => r.quantity)).toEqual([
      "TTS_1A (s)",
      "TTS_1B (s)",
      "TTS_3B (s)",
      "TTS_2B (s)",
      "TTS_4B (s)",
    ]);
    expect(
      rows.every(
        (r) =>
          r.verdict === "not judged" &&
          r.provenance.kind === "wall clock" &&
          r.tierBasis.kind === "another solver",
      ),
    ).toBe(true);
  });
  it("uses the statistics samples of the results file", () => {
    const rows = mechanismTableRows(17, recomputeRoundResults("07-main-experiments", P, JOBS));
    expect(rows.map((r) => r.oursN)).toEqual([4, 4, 4, 4, 4]);
    expect(rows[0].provenance).toEqual({
      kind: "results",
      notebook: "07-main-experiments",
      thesisSamples: 15,
      oursSamples: 4,
      samples: "statistics",
      caption: null,
    });
  });
});

describe("recomputeSimResults", () => {
  it("stores the thesis set, the PoA samples and three counterfactual settings", () => {
    const f = recomputeSimResults(
      { SOURCE: "fixture", SAMPLE_SEED: 1, N_POA_SAMPLES: 2, CF_SAMPLES: 1 },
      Array.from({ length: 2000 }, (_, k) => job(`j${k}`, 1 + (k % 9), [40, 60, 120][k % 3], 10 + (k % 30))),
    );
    expect(Object.keys(f.tables)).toEqual([
      "thesis",
      "many",
      "cf:PriorityFavorSmall = NO (MareNostrum4, Section 2.2.2)",
      "cf:Table 5 setting (MareNostrum4 knobs, Table 2 weights)",
      "cf:first iteration skips overflowing jobs",
    ]);
    expect(f.tables.thesis.length).toBe(21);
    expect(f.tables.many.length).toBe(2);
  }, 60000);
});

describe("counterfactual guard", () => {
  const thesisTv = (c: string) => {
    const v = thesisColumn(10, c);
    return v.reduce((a, b) => a + b, 0) / v.length;
  };
  // ours: TV of the five experiments per sample; 1A as the thesis's mean, 1B at half of it
  const sample = (k: number, tv1b: number, tv1a = thesisTv("TV_1A")): Record<string, string | number>[] =>
    ["1A", "1B", "3B", "2B", "4B"].map((e) => ({
      sample: `m${k}`,
      experiment: e,
      payment: "clarke",
      TV: (e === "1A" ? tv1a : e === "1B" ? tv1b : thesisTv(`TV_${e}`)) + (k % 3) - 1,
    }));
  const many = Array.from({ length: 40 }, (_, k) => sample(k, thesisTv("TV_1B") / 2)).flat();
  const breaks = Array.from({ length: 40 }, (_, k) =>
    sample(k, thesisTv("TV_1B"), thesisTv("TV_1A") / 2),
  ).flat();
  const keeps = Array.from({ length: 40 }, (_, k) => sample(k, thesisTv("TV_1B"))).flat();
  const tv1b = (tables: Record<string, Record<string, string | number>[]>) =>
    mechanismTableRows(10, { notebook: "07-main-experiments", parameters: {}, tables }).find(
      (r) => r.quantity === "TV_1B",
    )!;
  it("takes a setting that moves ours to the thesis as a (post-hoc) cause only when it worsens no other column", () => {
    const both = tv1b({ many, "cf:breaks 1A": breaks, "cf:keeps 1A": keeps });
    expect(both.verdict).toBe("differs");
    expect(both.cause).toBe("post-hoc cause"); // neither setting is a reading of the thesis's text
    expect(both.causeBy).toMatchObject({ experiment: "keeps 1A", shownIn: "notebook 07-main-experiments" });
    expect(["higher", "lower"]).toContain(both.causeBy!.shift.outcome); // it moves ours
    const only = tv1b({ many, "cf:breaks 1A": breaks });
    expect(only.cause).toBe("—");
    expect(only.tried[0].breaks).toEqual(["Table 10 TV_1A"]);
  });
  it("explains with a reading of the thesis's text fixed in advance", () => {
    const row = tv1b({ many, 'cf:rerunCapacity = "covered"': keeps });
    expect(row.cause).toBe("explained");
  });
});

describe("verdictsByItem", () => {
  it("counts verdicts per published item in order", () => {
    const rows = [
      { id: "Table 8", tier: "by construction", verdict: "agrees" },
      { id: "Table 8", tier: "by construction", verdict: "differs" },
      { id: "Figure 2", tier: "reproduced result", verdict: "inconclusive" },
    ];
    expect(verdictsByItem(rows as never)).toEqual([
      { item: "Table 8", tiers: "by construction", rows: 2, outcomes: "1 agrees, 1 differs" },
      { item: "Figure 2", tiers: "reproduced result", rows: 1, outcomes: "1 inconclusive" },
    ]);
  });
});

describe("the input counterfactuals (twin v3, v4)", () => {
  it("map a default twin source to v3 / v4 with the same seed, and nothing else", () => {
    expect(inputCounterfactualSource("twin", 3)).toBe("twin-v3");
    expect(inputCounterfactualSource("twin:7", 4)).toBe("twin-v4:7");
    expect(inputCounterfactualSource("twin-v2:abc", 3)).toBe("twin-v3:abc");
    for (const s of ["twin-v1", "twin-v3", "twin-v4:2", "RICC-2010-2", "fixture", "twinx"])
      expect(inputCounterfactualSource(s, 4)).toBeUndefined();
  });
  it("are stored only for a twin source (a log or fixture has no v3 or v4)", () => {
    const f = recomputeRoundResults("07-main-experiments", P, JOBS);
    const cfs = Object.keys(f.tables).filter((k) => k.startsWith("cf:"));
    for (const c of INPUT_COUNTERFACTUALS) expect(cfs).not.toContain(`cf:${c.label}`);
    expect(cfs.length).toBe(4); // re-run capacity, two other roundings, tie order
  });
});

describe("narrowestFirst", () => {
  it("orders a sample's players by nodes, equal widths in drawing order, and keeps its name", () => {
    const s = {
      name: "sample_1.txt",
      seed: 1,
      source: "fixture",
      jobs: [
        job("a", 16, 40, 20, "SIM"),
        job("b", 4, 40, 20, "SIM"),
        job("c", 16, 40, 20, "SIM"),
        job("d", 1, 120, 60, "SIM"),
      ],
    };
    const n = narrowestFirst(s);
    expect(n.jobs.map((j) => j.id)).toEqual(["d", "b", "a", "c"]);
    expect(n.name).toBe("sample_1.txt");
    expect(s.jobs.map((j) => j.id)).toEqual(["a", "b", "c", "d"]);
  });
});

describe("captionCaveat", () => {
  const caption =
    "Thesis Table 13: Number of players that will pay their bid per sample and experiment. We can ignore the results for experiment 3B and 2B.";
  it("returns the caption's sentence that says to ignore results, for the experiments it names only", () => {
    expect(captionCaveat(caption, "3B")).toBe("We can ignore the results for experiment 3B and 2B.");
    expect(captionCaveat(caption, "2B")).toBe("We can ignore the results for experiment 3B and 2B.");
    expect(captionCaveat(caption, "4B")).toBeUndefined();
    expect(captionCaveat(caption, "B")).toBeUndefined();
    expect(captionCaveat("Thesis Table 10: Total Value per sample and experiment.", "3B")).toBeUndefined();
  });
  it("is carried into Table 13's SP_3B and SP_2B rows, not SP_4B", () => {
    const rows = mechanismTableRows(13, recomputeRoundResults("07-main-experiments", P, JOBS));
    const caption = (q: string) => {
      const p = rows.find((r) => r.quantity.startsWith(q))!.provenance;
      return p.kind === "results" ? p.caption : undefined;
    };
    expect(caption("SP_3B")).toBe("We can ignore the results for experiment 3B and 2B.");
    expect(caption("SP_4B")).toBeNull();
  });
});

describe("one verdict per quantity", () => {
  it("the notebooks' summary rows show the scorecard's verdict, a repeated column points where it is scored", () => {
    const results = recomputeRoundResults("08-greedy-modified", P, JOBS);
    const rounds = greedyModifiedRound(roundSamples(JOBS, P).samples, { capacity: P.W, measureTime: false });
    for (const table of [19, 21, 22]) {
      const scored = new Map(
        mechanismTableRows(table, results).map((r) => [r.quantity.split(" ")[0], r.verdict]),
      );
      const t = thesisComparison(rounds, table, (["TV", "TP", "PM"] as const)[[19, 21, 22].indexOf(table)]);
      const summary = mechanismTableWithSummary(t.rows, table, results);
      const verdicts = summary[summary.length - 1];
      for (const [quantity, verdict] of scored) expect(verdicts[quantity]).toBe(verdict);
      const first = firstPrinted(
        table,
        `${String(t.rows[0] && Object.keys(t.rows[0])[1]).split("_")[0]}_1B1`,
      )!;
      expect(verdicts[`${first ? String(Object.keys(t.rows[0])[1]).split("_")[0] : ""}_1B1`]).toBe(
        `= Table ${first.table} ${first.column}`,
      );
    }
  });
  it("the scorecard gives each quantity one row: no two rows share (non-constant) thesis values and ours", () => {
    const rows = buildScorecard({ results: scorecardText().results });
    const keys = rows
      .filter(
        (r) => r.tier === "reproduced result" && r.verdict !== "not computed" && r.thesisLow !== r.thesisHigh,
      )
      .map(
        (r) => `${r.quantity.split(" ")[0].split("_")[0]}|${r.thesis}|${r.thesisLow}|${r.ours}|${r.oursLow}`,
      );
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("another machine than the thesis's", () => {
  it("shows totals per node of W and counts per job of the sample, not judged", () => {
    const results = recomputeRoundResults("07-main-experiments", P, JOBS);
    const tv = mechanismTableRows(10, results).find((r) => r.quantity.startsWith("TV_1A"))!;
    expect(tv.quantity).toBe("TV_1A (per node)");
    expect(tv).toMatchObject({ tier: "not comparable", verdict: "not judged" });
    expect(tv.tierBasis).toEqual({ kind: "another machine", source: "fixture", W: 96, scale: "per node" });
    const many = results.tables.many.filter((r) => r.experiment === "1A" && r.payment === "clarke");
    const perNode = many.map((r) => (r.TV as number) / 96);
    expect(tv.ours).toBeCloseTo(perNode.reduce((a, b) => a + b, 0) / perNode.length, 2);
    const jp = mechanismTableRows(15, results).find((r) => r.quantity.startsWith("JP_1A"))!;
    expect(jp.quantity).toBe("JP_1A (per job)");
    expect(jp.ours).toBeLessThanOrEqual(1);
    expect(jp.thesis).toBeLessThanOrEqual(1);
  });
});
