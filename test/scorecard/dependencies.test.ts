import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { clarkePayments } from "../../lib/mechanism/clarke-payments";
import { exactRule } from "../../lib/mechanism/exact";
import { greedyRule } from "../../lib/mechanism/greedy";
import { makeInstance } from "../../lib/mechanism/instance";
import { DEPENDENCIES, dependencyOf, twinVersionOf } from "../../lib/scorecard/dependencies";
import { mechanismTier } from "../../lib/scorecard/tiers";

/**
 * Instances shaped as F4 states: jobs planned above 40 minutes that fit in W together, then enough
 * 40-minute jobs (W of one node, so the optimum fills W exactly) that the 40-minute band crosses
 * W, then shorter jobs; bids b = w·min (experiment 1A/1B's inexperienced bids).
 */
const f4Instance = fc
  .record({
    W: fc.integer({ min: 20, max: 60 }),
    above: fc.array(fc.record({ w: fc.integer({ min: 1, max: 6 }), m: fc.constantFrom(50, 60, 120) }), {
      maxLength: 4,
    }),
    band: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 12 }),
    below: fc.array(fc.record({ w: fc.integer({ min: 1, max: 4 }), m: fc.constantFrom(10, 30) }), {
      maxLength: 3,
    }),
  })
  .map(({ W, above, band, below }) => {
    const aboveNodes = above.reduce((s, j) => s + j.w, 0);
    // W one-node 40-minute jobs: the band alone fills W, and refills any winner's nodes node by node
    // (with fewer, a band of wide jobs can leave the optimum short of W: TP_1A < 40·W)
    const ones = W;
    const jobs = [
      ...above,
      ...band.map((w) => ({ w, m: 40 })),
      ...Array.from({ length: ones }, () => ({ w: 1, m: 40 })),
      ...below,
    ];
    return {
      W,
      aboveNodes,
      inst: makeInstance({ capacity: W, weights: jobs.map((j) => j.w), bids: jobs.map((j) => j.w * j.m) }),
    };
  })
  .filter(({ W, aboveNodes }) => aboveNodes <= W - 5);

const sum = (x: Uint8Array, v: ArrayLike<number>) => Array.from(x).reduce((s, xi, i) => s + xi * v[i], 0);

describe("the identities behind each dependency hold on instances shaped as its input states", () => {
  it("F4: TP_1A = 40·W, no 1B winner pays more than her bid, and TV_1B = TV_1A − 40·(W − TW_1B)", () => {
    fc.assert(
      fc.property(f4Instance, ({ W, inst }) => {
        const x1a = exactRule().allocate(inst);
        const p1a = clarkePayments(exactRule(), inst, x1a);
        expect(sum(x1a, inst.w)).toBe(W);
        expect(sum(x1a, p1a)).toBe(40 * W);
        const x1b = greedyRule().allocate(inst);
        const p1b = clarkePayments(greedyRule(), inst, x1b);
        for (let i = 0; i < x1b.length; i++) if (x1b[i]) expect(p1b[i]).toBeLessThanOrEqual(inst.b[i]);
        expect(sum(x1a, inst.b) - sum(x1b, inst.b)).toBe(40 * (W - sum(x1b, inst.w)));
      }),
      { numRuns: 200 },
    );
  });
  it("the capacity W: no allocation holds more than W nodes", () => {
    fc.assert(
      fc.property(f4Instance, fc.boolean(), ({ W, inst }, skip) => {
        expect(sum(greedyRule({ skip }).allocate(inst), inst.w)).toBeLessThanOrEqual(W);
      }),
      { numRuns: 100 },
    );
  });
});

describe("dependencyOf", () => {
  it("reads the twin version off the source", () => {
    expect(twinVersionOf("twin")).toBe(2);
    expect(twinVersionOf("twin:7")).toBe(2);
    expect(twinVersionOf("twin-v5")).toBe(5);
    expect(twinVersionOf("twin-v3:2")).toBe(3);
    expect(twinVersionOf("SDSC-SP2-1998-4.2-cln")).toBeUndefined();
  });
  it("fixes TP_1A on the twins calibrated to F4, not on v1 or a log; the capacity everywhere", () => {
    expect(dependencyOf(11, "TP_1A", "twin")?.input).toBe("F4");
    expect(dependencyOf(11, "TP_1A", "twin-v1")).toBeUndefined();
    expect(dependencyOf(11, "TP_1A", "RICC-2010-2")).toBeUndefined();
    expect(dependencyOf(17, "TW_4B", "RICC-2010-2")?.input).toBe("the capacity W");
    expect(dependencyOf(10, "TV_1A", "twin")).toBeUndefined();
    expect(dependencyOf(10, "TV_1A", "twin-v5")?.input).toBe("F7 and F8");
  });
  it("names only published columns", () => {
    for (const d of DEPENDENCIES)
      for (const r of d.rows) expect(r.column).toMatch(/^(TV|TP|TW|PM)_\dB?\d?$|^T[VPW]_1A$/);
  });
});

describe("mechanismTier", () => {
  it("names the identities, the dependencies, Table 18's times and the reproduced results", () => {
    expect(mechanismTier(12, "PM_1A").tier).toBe("identity");
    expect(mechanismTier(16, "NC_3B").tier).toBe("identity");
    // the halting greedy by b/w with the re-run capped at the covered nodes: an identity on any source
    expect(mechanismTier(12, "PM_1B").basis).toEqual({
      kind: "identity",
      identity: "halting-greedy-within-bid",
    });
    expect(mechanismTier(12, "PM_4B", "twin-v1").tier).toBe("identity");
    expect(mechanismTier(12, "PM_4B", "twin", "W").tier).toBe("reproduced result");
    expect(mechanismTier(12, "PM_1B", "twin", "W").tier).toBe("reproduced result");
    expect(mechanismTier(22, "PM_4B").tier).toBe("reproduced result"); // the modified (skipping) greedy
    expect(mechanismTier(11, "TP_1A").tier).toBe("by construction");
    expect(mechanismTier(20, "TW_1B").tier).toBe("by construction");
    expect(mechanismTier(27, "NC_1B").tier).toBe("reproduced result"); // the priority model pays players
    expect(mechanismTier(18, "TTS_1A").tier).toBe("not comparable");
    expect(mechanismTier(10, "TV_2B").tier).toBe("reproduced result");
  });
});
