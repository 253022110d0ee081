import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BID_SYMBOLS, jobBids } from "../../lib/mechanism/experiments";
import { compileExpression } from "../../lib/expr/expression";
import { mainRound } from "../../lib/mechanism/rounds";
import type { JobRecord } from "../../lib/io/job-record";

const job = (id: number, nnodes: number, rtime: number, minutes = 40): JobRecord =>
  ({
    id: `j${id}`,
    type: "SIM",
    submit: 0,
    nprocs: 48 * nnodes,
    nnodes,
    minutes,
    qtime: 0,
    rtime,
    user: "",
    account: "",
  }) as JobRecord;
const SAMPLE = [job(0, 16, 20), job(1, 3, 7), job(2, 5, 3), job(3, 10, 4), job(4, 2, 15)];

describe("custom bid expressions", () => {
  it("evaluate in w, min, rtime; the experienced bid is rounded per node (default) or floored, as printed", () => {
    expect(Array.from(jobBids(SAMPLE, "inexperienced", { inexperiencedBid: "w*(min + rtime)/2" }))).toEqual([
      480, 70.5, 107.5, 220, 55,
    ]);
    // per node: w·⌊b/w⌋ = 16·24, 3·⌊8.4⌋, 5·⌊3.6⌋, 10·⌊4.8⌋, 2·18
    expect(Array.from(jobBids(SAMPLE, "experienced", { experiencedBid: "1.2*w*rtime" }))).toEqual([
      384, 24, 15, 40, 36,
    ]);
    expect(
      Array.from(
        jobBids(SAMPLE, "experienced", { experiencedBid: "1.2*w*rtime", experiencedRounding: "floor" }),
      ),
    ).toEqual([384, 25, 18, 48, 36]);
    expect(
      Array.from(
        jobBids(SAMPLE, "experienced", { experiencedBid: "1.2*w*rtime", experiencedRounding: "none" }),
      ),
    ).toEqual([1.2 * 16 * 20, 1.2 * 3 * 7, 1.2 * 5 * 3, 1.2 * 10 * 4, 1.2 * 2 * 15]);
    expect(
      Array.from(
        jobBids([job(0, 50, 1)], "experienced", {
          experiencedBid: "1.1*w*rtime",
          experiencedRounding: "floor",
        }),
      ),
    ).toEqual([55]); // 1.1·50 = 55.00000000000001 reads 55
    expect(Array.from(jobBids([job(0, 3, 50)], "experienced", { experiencedBid: "1.1*w*rtime" }))).toEqual([
      165,
    ]); // per node: 3·⌊1.1·50⌋, 1.1·150/3 read as 55
  });
  it("blank expressions are the thesis's bids", () => {
    expect(Array.from(jobBids(SAMPLE, "experienced", { experiencedBid: "" }))).toEqual([352, 21, 15, 40, 32]);
    expect(Array.from(jobBids(SAMPLE, "inexperienced", { inexperiencedBid: " " }))).toEqual([
      640, 120, 200, 400, 80,
    ]);
  });
  it("property: the thesis's bids written as expressions give the same bids as the defaults", () => {
    const jobArb = fc.record({
      w: fc.integer({ min: 1, max: 3456 }),
      r: fc.integer({ min: 0, max: 300000 }),
      m: fc.integer({ min: 1, max: 2880 }),
    });
    fc.assert(
      fc.property(fc.array(jobArb, { minLength: 1, maxLength: 30 }), (js) => {
        const jobs = js.map((j, i) => job(i, j.w, j.r / 100, j.m));
        expect(Array.from(jobBids(jobs, "experienced", { experiencedBid: "1.1*w*rtime" }))).toEqual(
          Array.from(jobBids(jobs, "experienced")),
        );
        expect(Array.from(jobBids(jobs, "inexperienced", { inexperiencedBid: "w*min" }))).toEqual(
          Array.from(jobBids(jobs, "inexperienced")),
        );
      }),
      { numRuns: 300 },
    );
  });
  it("mainRound with the default bids written out is today's result", () => {
    const samples = [{ name: "s", seed: 1, source: "literal", jobs: SAMPLE }];
    const a = mainRound(samples, { capacity: 20, measureTime: false });
    const b = mainRound(samples, {
      capacity: 20,
      measureTime: false,
      inexperiencedBid: "w*min",
      experiencedBid: "1.1*w*rtime",
    });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
  it("refuses bad expressions and negative bids by name", () => {
    expect(() => compileExpression("BID", "w*mins", BID_SYMBOLS)).toThrow(
      /^invalid BID: "w\*mins"; unknown symbol "mins"; expected an expression in w, min, rtime$/,
    );
    expect(() => jobBids(SAMPLE, "inexperienced", { inexperiencedBid: "min(w, 2)" })).toThrow(
      /^invalid inexperiencedBid: "min\(w, 2\)"; "min" is a symbol here, not a function; expected an expression in w, min, rtime$/,
    );
    expect(() => jobBids(SAMPLE, "experienced", { experiencedBid: "rtime - 10" })).toThrow(
      /^invalid experiencedBid: "rtime - 10" gives -3 at w=3, min=40, rtime=7; expected a bid >= 0$/,
    );
    expect(() => jobBids(SAMPLE, "experienced", { experiencedBid: "w/(rtime - 20)" })).toThrow(
      /^invalid experiencedBid: "w\/\(rtime - 20\)" gives Infinity at w=16, min=40, rtime=20; expected a finite number$/,
    );
  });
});

describe("bidComparison", () => {
  it("means per experiment with both bids, the ratio and changed samples", async () => {
    const { bidComparison } = await import("../../lib/mechanism/bid-comparison");
    const samples = [{ name: "s", seed: 1, source: "literal", jobs: SAMPLE }];
    const a = mainRound(samples, { capacity: 20, measureTime: false });
    const b = mainRound(samples, { capacity: 20, measureTime: false, inexperiencedBid: "2*w*min" });
    const rows = bidComparison(a, b, ["TV"]);
    expect(rows.map((r) => r.experiment)).toEqual(["1A", "1B", "3B", "2B", "4B"]);
    const oneA = rows[0];
    expect(oneA).toEqual({
      experiment: "1A",
      metric: "TV",
      samples: 1,
      thesisBids: a[0].TV,
      customBids: 2 * a[0].TV,
      ratio: 2,
      changed: 1,
    });
    expect(rows[3]).toMatchObject({ experiment: "2B", ratio: 1, changed: 0 }); // experienced bids untouched
    expect(() => bidComparison(a, b.slice(1))).toThrow(
      /^invalid custom: "4 rows"; expected the same 5 sample × experiment rows as thesis \(Clarke payments\)$/,
    );
  });
});
