/**
 * Results files (lib/scorecard/results-file.ts): one folder per job source, so a notebook run on a
 * trace or on sacct output never replaces the twin's results that the scorecard reads; a file made
 * with other settings is named, not silently used.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readResults,
  resultsFolder,
  resultsMismatch,
  resultsPath,
  writeResults,
  type ResultsFile,
} from "../../lib/scorecard/results-file";

const file = (source: string, seed: number): ResultsFile => ({
  notebook: "10-slurm-simulator",
  parameters: { SOURCE: source, SAMPLE_SEED: seed, N_POA_SAMPLES: 200 },
  tables: { thesis: [{ sample: "s0", TV: 2 }] },
});

describe("results files", () => {
  it("keeps plain source names as folders and makes other sources safe and distinct", () => {
    expect(resultsFolder("twin")).toBe("twin");
    expect(resultsFolder("RICC-2010-2")).toBe("RICC-2010-2");
    expect(resultsFolder("sacct:test/fixtures/slurm/sacct.txt")).toMatch(
      /^sacct-test-fixtures-slurm-sacct\.txt-[0-9a-f]{8}$/,
    );
    expect(resultsFolder("a/b")).not.toBe(resultsFolder("a-b"));
    expect(resultsFolder("a/b")).not.toBe(resultsFolder("a:b"));
    expect(resultsPath("07-main-experiments", "/r")).toBe(
      path.join("/r", "data", "generated", "results", "twin", "07-main-experiments.json"),
    );
    expect(() => resultsFolder("")).toThrow(/invalid source: ""; expected a job source/);
  });

  it("a run on another source does not replace the twin's file", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "results-"));
    try {
      writeResults(file("twin", 1), root);
      writeResults(file("sacct:test/fixtures/slurm/sacct.txt", 1), root);
      expect(readResults("10-slurm-simulator", root)?.parameters.SOURCE).toBe("twin");
      expect(
        readResults("10-slurm-simulator", root, "sacct:test/fixtures/slurm/sacct.txt")?.parameters.SOURCE,
      ).toBe("sacct:test/fixtures/slurm/sacct.txt");
      expect(readResults("10-slurm-simulator", root, "RICC-2010-2")).toBeUndefined();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it("refuses a file without its source", () => {
    expect(() =>
      writeResults({ notebook: "07-main-experiments", parameters: {}, tables: {} }, os.tmpdir()),
    ).toThrow(/invalid parameters\.SOURCE of the results: undefined; expected the job source/);
  });

  it("names the settings a file was made with that differ, sample counts aside", () => {
    const p = file("twin", 1).parameters;
    expect(resultsMismatch(p, { SOURCE: "twin", SAMPLE_SEED: 1, N_POA_SAMPLES: 10 })).toEqual([]);
    expect(resultsMismatch(p, { SOURCE: "twin", SAMPLE_SEED: 2, PRIORITY_SEED: "x" })).toEqual([
      "SAMPLE_SEED=1 (wanted 2)",
    ]);
  });
});
