import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { storedResults } from "../../lib/scorecard/stored-results";
import { writeResults } from "../../lib/scorecard/results-file";

describe("storedResults", () => {
  it("describes every counterfactual and finds what a results file stores", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "stored-"));
    try {
      const none = storedResults("twin", root);
      expect(none.experiments).toHaveLength(10);
      expect(
        none.experiments.filter((e) => e.setting.startsWith("post-hoc")).map((e) => e.experiment),
      ).toEqual([expect.stringMatching(/^input: twin v3/), expect.stringMatching(/^input: twin v4/)]);
      expect(none.files.every((f) => !f.written)).toBe(true);
      expect(none.findings).toMatch(/0 of 4 written/);
      writeResults(
        {
          notebook: "07-main-experiments",
          parameters: { SOURCE: "twin", SEED: 1 },
          tables: { many: [{ sample: "a" }, { sample: "b" }], 'cf:rerunCapacity = "W"': [{ sample: "a" }] },
        },
        root,
      );
      const one = storedResults("twin", root);
      expect(one.experiments[0].stored).toBe("07: 1");
      expect(one.files[0]).toMatchObject({
        written: true,
        parameters: "SOURCE=twin, SEED=1",
        "statistics samples": 2,
      });
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
