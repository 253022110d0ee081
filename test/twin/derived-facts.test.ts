import * as fs from "node:fs";
import { factTargetText, factText, factValueText } from "../../views/twin/input-facts";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { job } from "../sample/fixtures";
import { measureDerivedFacts, thesisDerivedFacts } from "../../lib/twin/derived-facts";
import { jointShapeFacts } from "../../lib/twin/joint-facts";
import { loadSampleSource } from "../../lib/sample/source";
import { thesisSampleSet } from "../../lib/sample/draw";
import { mainRound } from "../../lib/mechanism/rounds";

/** A project root holding only thesis Tables 10, 11, 13, 15, 17 with the given rows (W = 10, band 40). */
function miniRoot(
  rows: { sample: string; size: number; TV: number; TP: number; TW: number; SP: number; JP: number }[],
): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "derived-"));
  const dir = path.join(root, "data", "reference", "thesis");
  fs.mkdirSync(dir, { recursive: true });
  const write = (t: number, head: string, cell: (r: (typeof rows)[number]) => string) =>
    fs.writeFileSync(
      path.join(dir, `table${t}.csv`),
      `# Thesis Table ${t}: fixture\nsample,${head}\n${rows.map((r) => `${r.sample},${cell(r)}`).join("\n")}\n`,
    );
  write(10, "TV_1A", (r) => String(r.TV));
  write(11, "TP_1A", (r) => String(r.TP));
  write(13, "size,SP_1A", (r) => `${r.size},${r.SP}`);
  write(15, "size,JP_1A", (r) => `${r.size},${r.JP}`);
  write(17, "TW_1A", (r) => String(r.TW));
  return root;
}

describe("thesisDerivedFacts", () => {
  it("reads F7 (JP_1A − SP_1A over the size) and F8 (TV_1A − TP_1A) per ordinary sample, the special one left out", () => {
    const root = miniRoot([
      { sample: "sample_1.txt", size: 10, TV: 500, TP: 400, TW: 10, SP: 3, JP: 6 }, // 3 of 10 above 40 min; 100 node-minutes beyond
      { sample: "sample_2.txt", size: 20, TV: 700, TP: 400, TW: 10, SP: 2, JP: 12 }, // 10 of 20; 300
      { sample: "sample_20.txt", size: 5, TV: 9999, TP: 600, TW: 10, SP: 0, JP: 1 }, // the special sample: ignored
    ]);
    const d = thesisDerivedFacts(root);
    expect(d.capacity).toBe(10);
    expect(d.bandMinutes).toBe(40);
    // shares 0.3 and 0.5: mean 0.4, the interval within them (lib/util/interval.ts)
    expect(d.aboveShare.mean).toBeCloseTo(0.4, 12);
    expect(d.aboveShare.low).toBeGreaterThanOrEqual(0.3);
    expect(d.aboveShare.high).toBeLessThanOrEqual(0.5);
    expect(d.excessNodeMinutes.mean).toBe(200);
    expect(d.excessNodeMinutes.n).toBe(2);
  });
  it("refuses tables where TP_1A is not the band's price times W (the identities would not hold)", () => {
    const root = miniRoot([
      { sample: "sample_1.txt", size: 10, TV: 500, TP: 400, TW: 10, SP: 3, JP: 6 },
      { sample: "sample_2.txt", size: 10, TV: 500, TP: 390, TW: 10, SP: 3, JP: 6 },
    ]);
    expect(() => thesisDerivedFacts(root)).toThrow(
      /invariant violated: sample_2.txt: TP_1A = 390, TW_1A = 10; the identities need TP_1A = 40·W/,
    );
  });
  it("on the thesis's tables: 15 ordinary samples, W = 3456, the 40-minute band", () => {
    const d = thesisDerivedFacts();
    expect([d.aboveShare.n, d.capacity, d.bandMinutes]).toEqual([15, 3456, 40]);
    expect(d.aboveShare.low).toBeLessThan(d.aboveShare.mean);
  });
});

describe("measureDerivedFacts", () => {
  it("counts jobs above the band and scales their node-minutes beyond it to a 2W sample", () => {
    const jobs = [
      { nnodes: 2, minutes: 120 },
      { nnodes: 4, minutes: 40 },
      { nnodes: 4, minutes: 60 },
    ];
    // above: 2 of 3; beyond 40: 2·80 + 4·20 = 240 over 10 nodes → 2·10·240/10 = 480 for W = 10
    expect(measureDerivedFacts(jobs, 10, 40)).toEqual({ aboveShare: 2 / 3, excessNodeMinutes: 480 });
    expect(() => measureDerivedFacts([], 10, 40)).toThrow(/invalid jobs: .*0 jobs/);
  });
  it("adds F7 and F8 to the joint-shape facts when the derived facts are given, met inside the thesis's CI", () => {
    const jobs = [
      { nnodes: 2, minutes: 120, rtime: 1 },
      { nnodes: 4, minutes: 40, rtime: 1 },
      { nnodes: 4, minutes: 60, rtime: 1 },
    ];
    const derived = {
      capacity: 10,
      bandMinutes: 40,
      aboveShare: { mean: 0.6, low: 0.5, high: 0.7, n: 3 },
      excessNodeMinutes: { mean: 400, low: 300, high: 450, n: 3 },
    };
    expect(jointShapeFacts(jobs).some((f) => f.id === "F7")).toBe(false);
    const f = jointShapeFacts(jobs, derived).filter((x) => x.id === "F7" || x.id === "F8");
    expect(f.map((x) => [x.measured.as, x.met])).toEqual([
      ["share", true],
      ["kilo", false],
    ]);
    expect(f.map((x) => factValueText(x.measured))).toEqual(["66.7%", "0.5k"]);
    expect(factTargetText(f[0].target!)).toBe("60.0%, 95% CI [50.0%, 70.0%]");
    expect(factTargetText(f[1].target!)).toBe("0.4k, 95% CI [0.3k, 0.5k]");
    expect(factText(f[1])).toEqual({
      fact: "F8: node-minutes beyond 40 min of those jobs, per sample of 2W = 20 nodes",
      thesis: "TV_1A − TP_1A per sample (Tables 10, 11; exact when TP_1A = 40·W): mean of 3 samples",
      target: "0.4k, 95% CI [0.3k, 0.5k]",
    });
  });
});

describe("the identities behind F7 and F8 hold on our own 1A rounds", () => {
  it("in every sample with TP_1A = 40·W: JP_1A − SP_1A = jobs above 40 min, TV_1A − TP_1A = their node-minutes beyond 40", () => {
    const jobs = loadSampleSource("twin").jobs;
    const { many } = thesisSampleSet(jobs, 1, { capacity: 3456, factor: 2, source: "twin", statistics: 6 });
    const rows = mainRound(many, { capacity: 3456, measureTime: false }).filter(
      (r) => r.experiment === "1A" && r.payment === "clarke",
    );
    const held = rows.filter((r) => r.TP === 40 * 3456 && r.TW === 3456);
    expect(held.length).toBeGreaterThan(0);
    for (const r of held) {
      const s = many[rows.indexOf(r)].jobs.filter((j) => j.minutes > 40);
      expect(r.JP - r.SP).toBe(s.length);
      expect(r.TV - r.TP).toBe(s.reduce((a, j) => a + j.nnodes * (j.minutes - 40), 0));
    }
  }, 120_000);
});

describe("the 1A identities as a property of our exact VCG mechanism", () => {
  // Instances built so the thesis's condition holds: every job above 40 minutes fits in W, and
  // enough one-node 40-minute jobs exist to fill the rest, and to refill any winner, exactly.
  const instance = fc.record({
    long: fc.array(fc.record({ w: fc.integer({ min: 1, max: 6 }), min: fc.constantFrom(45, 60, 120, 300) }), {
      maxLength: 8,
    }),
    band: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 8 }),
    short: fc.array(fc.record({ w: fc.integer({ min: 1, max: 6 }), min: fc.constantFrom(5, 20, 30) }), {
      maxLength: 6,
    }),
    rest: fc.integer({ min: 1, max: 8 }),
    order: fc.integer({ min: 0, max: 1_000_000 }),
  });
  it("TP_1A = 40·W, TW_1A = W, JP_1A − SP_1A = jobs above 40 min and TV_1A − TP_1A = their node-minutes beyond 40", () => {
    fc.assert(
      fc.property(instance, ({ long, band, short, rest, order }) => {
        const W = long.reduce((a, j) => a + j.w, 0) + rest;
        const jobs = [
          ...long.map((j, k) => job(`l${k}`, j.w, j.min, 1)),
          ...band.map((w, k) => job(`b${k}`, w, 40, 1)),
          ...Array.from({ length: 2 * W + 6 }, (_, k) => job(`o${k}`, 1, 40, 1)), // enough left over to refill any winner exactly
          ...short.map((j, k) => job(`s${k}`, j.w, j.min, 1)),
        ];
        // a seeded rotation of the order, so the tie order among the 40-minute jobs varies
        const r = order % jobs.length;
        const sample = {
          name: "sample_0.txt",
          seed: order,
          source: "property",
          jobs: [...jobs.slice(r), ...jobs.slice(0, r)],
        };
        const row = mainRound([sample], { capacity: W, measureTime: false }).find(
          (x) => x.experiment === "1A" && x.payment === "clarke",
        )!;
        expect([row.TP, row.TW]).toEqual([40 * W, W]);
        expect(row.JP - row.SP).toBe(long.length);
        expect(row.TV - row.TP).toBe(long.reduce((a, j) => a + j.w * (j.min - 40), 0));
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
