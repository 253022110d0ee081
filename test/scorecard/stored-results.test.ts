import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { storedResults } from "../../lib/scorecard/stored-results";
import { writeResults } from "../../lib/scorecard/results-file";
import { storedResultsTables } from "../../views/scorecard/stored-results";

describe("storedResults", () => {
  it("describes every counterfactual and finds what a results file stores", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "stored-"));
    try {
      const none = storedResults("twin", root);
      expect(none.experiments).toHaveLength(10);
      // only the simulator's settings read from the thesis's text are fixed in advance (lib/scorecard/explanation.ts)
      expect(
        none.experiments.filter((e) => e.basis.basis === "fixed in advance").map((e) => e.experiment),
      ).toEqual([
        "PriorityFavorSmall = NO (MareNostrum4, Section 2.2.2)",
        "Table 5 setting (MareNostrum4 knobs, Table 2 weights)",
        "first iteration skips overflowing jobs",
      ]);
      expect(
        storedResultsTables(none, "twin").experiments.find((e) => e.experiment === 'rerunCapacity = "W"')!
          .setting,
      ).toMatch(/^post-hoc: the thesis's remark in Section 6\.3\.1 caps the Clarke re-run/);
      expect(none.files.every((f) => !f.written)).toBe(true);
      expect(storedResultsTables(none, "twin").findings).toMatch(/0 of 4 written/);
      writeResults(
        {
          notebook: "07-main-experiments",
          parameters: { SOURCE: "twin", SEED: 1 },
          tables: { many: [{ sample: "a" }, { sample: "b" }], 'cf:rerunCapacity = "W"': [{ sample: "a" }] },
        },
        root,
      );
      const one = storedResults("twin", root);
      expect(one.experiments[0].stored).toEqual([{ notebook: "07-main-experiments", samples: 1 }]);
      expect(one.files[0]).toMatchObject({
        written: true,
        parameters: { SOURCE: "twin", SEED: 1 },
        statisticsSamples: 2,
      });
      const shown = storedResultsTables(one, "twin");
      expect(shown.experiments[0].stored).toBe("07: 1");
      expect(one.experiments[0].switches).toEqual({ setting: "rerun capacity", from: "covered", to: "W" });
      expect(shown.experiments[0].switches).toBe(
        'capacity of the Clarke re-runs without each winner: "covered" → "W"',
      );
      const input = storedResults("twin", root).experiments.find(
        (e) => e.switches.setting === "twin version",
      )!;
      expect(
        storedResultsTables({ experiments: [input], files: [] }, "twin").experiments[0].switches,
      ).toMatch(/^the input: twin v2 → twin v\d+, drawn with the same seed/);
      expect(shown.files[0]).toMatchObject({ parameters: "SOURCE=twin, SEED=1", "statistics samples": 2 });
      expect(shown.findings).toMatch(/1 of 4 written \(statistics samples: 07: 2\)\.$/);
      expect(
        storedResults("RICC-2010-2", root).experiments.some((e) => e.experiment.startsWith("input:")),
      ).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
  it("refuses an empty source", () => {
    expect(() => storedResults("")).toThrow(/^invalid source: ""; expected a job source/);
  });
});
