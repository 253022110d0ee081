import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { jobSizeStudy, studyRows } from "../../lib/operators/job-size-study";
import { jobSizeSummaryTable } from "../../views/operators/job-size-tables";
import { operatorNotes } from "../../views/operators/notes";

const root = path.resolve(__dirname, "../..");
const small = { bits: [4, 8, 12], targets: [0.2, 0.5] };

describe("jobSizeStudy", () => {
  const saved = process.env.SCHEDGAME_JOBSIZE_CACHE;
  afterEach(() => {
    if (saved === undefined) delete process.env.SCHEDGAME_JOBSIZE_CACHE;
    else process.env.SCHEDGAME_JOBSIZE_CACHE = saved;
  });

  it("a cache hit equals the computed sweep, Infinity and NaN included", () => {
    process.env.SCHEDGAME_JOBSIZE_CACHE = "off";
    const off = jobSizeStudy({ ...small, root });
    expect(off.cache).toBe("off");
    delete process.env.SCHEDGAME_JOBSIZE_CACHE;
    const first = jobSizeStudy({ ...small, root });
    const again = jobSizeStudy({ ...small, root });
    expect(again.cache).toBe("hit");
    expect(again.rows).toEqual(off.rows);
    expect(first.rows).toEqual(off.rows);
    expect(off.rows.some((r) => r.jobHours === Infinity)).toBe(true);
  });

  it("names the readings and gives their Fig. 17", () => {
    process.env.SCHEDGAME_JOBSIZE_CACHE = "off";
    const s = jobSizeStudy({ ...small, root, reading: { aggregate: "min" } });
    expect(s.readings.length).toBe(18);
    expect(s.primary.name).toBe("corrected, lower, min");
    expect(s.paperFormula.name).toBe("paper, lower, min");
    expect(studyRows(s, s.primary).every((r) => r.reading === s.primary.index)).toBe(true);
    expect(s.fig17.primary.cells).toBe(28);
    expect(s.fig17.best.agree).toBeGreaterThanOrEqual(s.fig17.primary.agree);
    expect(operatorNotes.fig17Verdict(s)).toMatch(
      /^\*\*Fig\. 17 is not reproduced\.\*\* Under the reading \(corrected, lower, min\), /,
    );
    expect(() => jobSizeStudy({ ...small, root, jobHours: 0 })).toThrow(/^invalid jobHours: /);
    expect(() => jobSizeStudy({ ...small, root, reading: { aggregate: "median" as "max" } })).toThrow(
      /^invalid reading: /,
    );
  });

  it("summary table: every fourth resolution from the finest, separators, % of U", () => {
    process.env.SCHEDGAME_JOBSIZE_CACHE = "off";
    const s = jobSizeStudy({ ...small, root });
    const t = jobSizeSummaryTable(studyRows(s, s.primary), "balance", 5_256_000);
    expect(Object.keys(t[0])).toEqual([
      "operator",
      "4 bits (node·h)",
      "8 bits (node·h)",
      "12 bits (node·h)",
      "12 bits, % of U",
    ]);
    expect(t[0]["12 bits (node·h)"]).toMatch(/^(\d{1,3}(,\d{3})*(\.\d)?|never|–)$/);
  });

  it("writes nothing outside its cache folder", () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "jobsize-"));
    const s = jobSizeStudy({ ...small, root: tmp });
    expect(s.cache).toBe("off"); // no lib sources under tmp: the key cannot be formed
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
