import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { drawSample, drawThesisSamples, thesisSampleSet } from "../../lib/sample/draw";
import { formatSampleFile, parseSampleFile } from "../../lib/sample/sample-file";
import { createRng } from "../../lib/util/rng";
import { JOBS } from "./fixtures";

describe("drawSample", () => {
  it("draws without replacement until the nodes reach factor·W, keeping the last job", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 5, max: 200 }), (seed, W) => {
        const s = drawSample(JOBS, createRng(seed), { capacity: W, factor: 2 });
        const ids = s.jobs.map((j) => j.id);
        expect(new Set(ids).size).toBe(ids.length);
        const total = s.jobs.reduce((a, j) => a + j.nnodes, 0);
        expect(total).toBeGreaterThanOrEqual(2 * W);
        expect(total - s.jobs[s.jobs.length - 1].nnodes).toBeLessThan(2 * W);
      }),
      { numRuns: 100 },
    );
  });

  it("is reproducible from the seed", () => {
    const a = drawSample(JOBS, createRng(3), { capacity: 100 });
    const b = drawSample(JOBS, createRng(3), { capacity: 100 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.seed).toBe(3);
  });

  it("draws every job with roughly equal frequency", () => {
    const counts = new Map<string, number>();
    const rng = createRng(11);
    for (let t = 0; t < 2000; t++) {
      const s = drawSample(JOBS, rng.fork(t), { capacity: 10, factor: 1 });
      counts.set(s.jobs[0].id, (counts.get(s.jobs[0].id) ?? 0) + 1);
    }
    // first pick is uniform over 40 jobs: each ≈ 50 of 2000
    for (const j of JOBS) expect(counts.get(j.id) ?? 0).toBeGreaterThan(20);
  });

  it("refuses a table too small for the target", () => {
    expect(() => drawSample(JOBS.slice(0, 3), createRng(1), { capacity: 3456 })).toThrow(
      /^invalid jobs: "3 jobs with 6 nodes"; expected at least 6912 nodes/,
    );
  });
});

describe("drawThesisSamples", () => {
  it("makes samples 0–19 plus the special sample without 40-minute jobs", () => {
    const s = drawThesisSamples(JOBS, createRng(1), { capacity: 50 });
    expect(s.map((x) => x.name)).toEqual(Array.from({ length: 21 }, (_, k) => `sample_${k}.txt`));
    expect(s[20].jobs.some((j) => j.minutes === 40)).toBe(false);
    expect(s.slice(0, 20).some((x) => x.jobs.some((j) => j.minutes === 40))).toBe(true);
    // sample k does not depend on how many samples are drawn
    const fewer = drawThesisSamples(JOBS, createRng(1), {
      capacity: 50,
      count: 3,
      specialExcludeMinutes: [],
    });
    expect(fewer.map((x) => x.jobs.map((j) => j.id))).toEqual(
      s.slice(0, 3).map((x) => x.jobs.map((j) => j.id)),
    );
  });
});

describe("sample file", () => {
  it("round-trips the thesis format", () => {
    const s = drawSample(JOBS, createRng("x"), { capacity: 30, name: "sample_7.txt", source: "fixture" });
    const text = formatSampleFile(s);
    expect(text.split("\n")[3]).toBe("job_name\ttype\tnnodes\tminutes\tqtime\trtime");
    const back = parseSampleFile(text, "sample_7.txt");
    expect(back.name).toBe("sample_7.txt");
    expect(back.seed).toBe("x");
    expect(back.source).toBe("fixture");
    expect(back.jobs).toEqual(
      s.jobs.map((j) => ({ ...j, submit: 0, user: "", account: "", qos: "", partition: "" })),
    );
    expect(formatSampleFile(back)).toBe(text);
  });

  it("names file, line and field on bad data", () => {
    const bad =
      "# name: s\njob_name\ttype\tnnodes\tminutes\tqtime\trtime\na\tSIM\t2\t40\t1\t3\nb\tSIM\tx\t40\t1\t3\n";
    expect(() => parseSampleFile(bad, "s.txt")).toThrow(
      /^s\.txt:4: invalid nnodes: "x"; expected an integer >= 1$/,
    );
    expect(() => parseSampleFile("a\tb\n", "s.txt")).toThrow(
      /^s\.txt:1: invalid header: "a\\tb"; expected job_name<TAB>type/,
    );
    expect(() => parseSampleFile("job_name\ttype\tnnodes\tminutes\tqtime\trtime\na\tb\n", "s.txt")).toThrow(
      /^s\.txt:2: invalid row: "a\\tb"; expected 6 tab-separated fields/,
    );
  });
});

describe("thesisSampleSet: one sample set for notebooks 06–10", () => {
  it("samples = drawThesisSamples on the 'thesis' stream; many = ordinary samples on 'statistics', prefix-stable", () => {
    const set = thesisSampleSet(JOBS, 7, { capacity: 20, statistics: 5 });
    expect(set.samples).toEqual(drawThesisSamples(JOBS, createRng(7).fork("thesis"), { capacity: 20 }));
    expect(set.many).toEqual(
      drawThesisSamples(JOBS, createRng(7).fork("statistics"), {
        capacity: 20,
        count: 5,
        specialExcludeMinutes: [],
      }),
    );
    expect(thesisSampleSet(JOBS, 7, { capacity: 20, statistics: 3 }).many).toEqual(set.many.slice(0, 3));
    expect(thesisSampleSet(JOBS, 7, { capacity: 20 }).many).toEqual([]);
    expect(() => thesisSampleSet(JOBS, 7, { statistics: -1 })).toThrow(/^invalid statistics: -1/);
  });
});

describe("drawSample against the dense partial Fisher–Yates", () => {
  /** The textbook form: a full index array, swapped in place (what the sparse version must equal). */
  function denseDraw(jobs: readonly (typeof JOBS)[number][], seed: number, target: number): string[] {
    const rng = createRng(seed);
    const idx = Array.from({ length: jobs.length }, (_, i) => i);
    const out: string[] = [];
    let sum = 0;
    for (let k = 0; sum < target; k++) {
      const r = k + Math.floor(rng.next() * (idx.length - k));
      [idx[k], idx[r]] = [idx[r], idx[k]];
      out.push(String(jobs[idx[k]].id));
      sum += jobs[idx[k]].nnodes;
    }
    return out;
  }

  it("draws the same jobs in the same order (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 5, max: 200 }), (seed, W) => {
        expect(
          drawSample(JOBS, createRng(seed), { capacity: W, factor: 2 }).jobs.map((j) => String(j.id)),
        ).toEqual(denseDraw(JOBS, seed, 2 * W));
      }),
      { numRuns: 100 },
    );
  });

  it("refuses a pool too small, naming its jobs and nodes", () => {
    const total = JOBS.reduce((a, j) => a + j.nnodes, 0);
    expect(() => drawThesisSamples(JOBS, createRng(1), { capacity: total, count: 1 })).toThrow(
      new RegExp(
        `^invalid jobs: "${JOBS.length} jobs with ${total} nodes"; expected at least ${2 * total} nodes in total to draw from`,
      ),
    );
  });
});
