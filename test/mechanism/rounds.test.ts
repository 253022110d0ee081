import { describe, expect, it } from "vitest";
import { mechanismMetrics } from "../../lib/mechanism/metrics";
import { makeInstance } from "../../lib/mechanism/instance";
import { jobBids, jobsInstance } from "../../lib/mechanism/experiments";
import { greedyModifiedRound, mainRound, priorityRound } from "../../lib/mechanism/rounds";
import type { PaymentFunction } from "../../lib/mechanism/mechanism";
import { priorityVariants } from "../../lib/mechanism/round-statistics";
import { drawThesisSamples } from "../../lib/sample/draw";
import { createRng } from "../../lib/util/rng";
import { JOBS, job } from "../sample/fixtures";

describe("metrics", () => {
  it("computes TV TP TW AD PM SP JP NC", () => {
    const inst = makeInstance({ weights: [1, 2, 3, 4], bids: [10, 20, 30, 40], capacity: 10 });
    const m = mechanismMetrics(inst, Uint8Array.from([1, 1, 1, 0]), [10, 25, -5, 0]);
    expect(m).toEqual({ n: 4, TV: 60, TP: 30, TW: 6, AD: (0 + 5 + 35) / 4, PM: 1, SP: 1, JP: 3, NC: 1 });
    expect(
      mechanismMetrics(inst, Uint8Array.from([1, 1, 1, 0]), [10, 25, -5, 0], { adNormaliser: "winners" }).AD,
    ).toBeCloseTo(40 / 3, 12);
  });

  it("reproduces Table 14's normaliser (AD = Σ|b − p| / n)", () => {
    // sample_1, 1A: TV 506930, TP 138240, n 406 → 908.10 as printed; /JP (216) would give 1706.9.
    expect(((506930 - 138240) / 406).toFixed(2)).toBe("908.10");
  });
});

describe("bids", () => {
  it("are w·min (inexperienced) and 1.1·w·rtime (experienced)", () => {
    const jobs = [job("a", 2, 40, 30), job("b", 3, 60, 0)];
    expect(Array.from(jobBids(jobs, "inexperienced"))).toEqual([80, 180]);
    expect(Array.from(jobBids(jobs, "experienced"))).toEqual([66, 0]);
    const inst = jobsInstance(jobs, "experienced", 10);
    expect(Array.from(inst.r)).toEqual([30, 1]); // rtime 0 → minRtime 1 in the b/(w·rtime) key
  });
});

describe("rounds", () => {
  const samples = drawThesisSamples(JOBS, createRng(2), { capacity: 60, count: 3 });

  it("return one tidy row per sample, experiment and payment", () => {
    const rows = mainRound(samples, {
      capacity: 60,
      payments: ["clarke", "vcg", "critical"],
      measureTime: false,
    });
    // 4 samples × (1A: 3 payments + 4 greedy × 2 payments)
    expect(rows.length).toBe(4 * (3 + 4 * 2));
    const r1a = rows.filter((r) => r.experiment === "1A");
    for (const r of r1a) {
      expect(r.TW).toBeLessThanOrEqual(60);
      expect(r.PM).toBe(0);
      expect(r.NC).toBe(0);
    }
    // exact VCG and critical coincide for 1A
    const vcg = r1a.filter((r) => r.payment === "vcg").map((r) => r.TP);
    const crit = r1a.filter((r) => r.payment === "critical").map((r) => r.TP);
    expect(vcg).toEqual(crit);
  });

  it("take one's own payment rule beside the built-in ones: rows under its name, where it applies", () => {
    // winners pay their bid, written as one's own rule: the same rows as the built-in first price
    const paysBid: PaymentFunction = {
      name: "pays its bid",
      pay: (_rule, inst, x) => Float64Array.from(x, (xi, i) => (xi ? inst.b[i] : 0)),
      applies: (rule) => rule.kind === "greedy",
    };
    const rows = mainRound(samples, { capacity: 60, payments: ["first-price", paysBid], measureTime: false });
    const own = rows.filter((r) => r.payment === "pays its bid");
    const builtIn = rows.filter((r) => r.payment === "first-price" && r.experiment !== "1A");
    expect(own.length).toBe(4 * 4); // 4 samples × the 4 greedy experiments, not 1A
    expect(own.map(({ payment: _, ...r }) => r)).toEqual(builtIn.map(({ payment: _, ...r }) => r));
    expect(() => mainRound(samples, { capacity: 60, payments: [paysBid, paysBid] })).toThrow(
      /^invalid payments\[1\]: "pays its bid"; expected a payment rule named once$/,
    );
  });

  it("are byte-identical across runs with the same seed", () => {
    const a = JSON.stringify([
      mainRound(samples, { capacity: 60, measureTime: false }),
      greedyModifiedRound(samples, { capacity: 60, measureTime: false }),
      priorityRound(samples, { capacity: 60, rng: createRng(9), measureTime: false }),
    ]);
    const s2 = drawThesisSamples(JOBS, createRng(2), { capacity: 60, count: 3 });
    const b = JSON.stringify([
      mainRound(s2, { capacity: 60, measureTime: false }),
      greedyModifiedRound(s2, { capacity: 60, measureTime: false }),
      priorityRound(s2, { capacity: 60, rng: createRng(9), measureTime: false }),
    ]);
    expect(a).toBe(b);
  });

  it("compares skipping and halting priority lists; halting never pays a winner", () => {
    const v = priorityVariants(samples, { capacity: 60, rng: createRng(4) });
    expect(v.map((r) => `${r.list} ${r.experiment} ${r.payment}`)).toEqual([
      "skip 1B clarke",
      "skip 1B critical",
      "skip 4B clarke",
      "skip 4B critical",
      "halt 1B clarke",
      "halt 1B critical",
      "halt 4B clarke",
      "halt 4B critical",
    ]);
    for (const r of v) if (r.list === "halt" || r.payment === "critical") expect(r.totalNC).toBe(0);
    for (const r of v) if (r.payment === "critical") expect(r.meanTP).toBe(0);
  });

  it("needs a seeded stream for the priority rule", () => {
    expect(() => priorityRound(samples, { capacity: 60 } as never)).toThrow(
      /^invalid rng: undefined; expected a seeded Rng/,
    );
  });
});
