import { beforeAll, describe, expect, it } from "vitest";
import { readThesisSection4 } from "../../lib/io/thesis-section4";
import { loadSampleSource } from "../../lib/sample/source";
import { readTwinDeclaration } from "../../lib/twin/declaration";
import { type DerivedFitResult, fitDerivedShape } from "../../lib/twin/derived-fit";
import { measureDerivedFacts, thesisDerivedFacts } from "../../lib/twin/derived-facts";
import { TWIN_JOINT, TWIN_V5_FIT, derivedFitShape } from "../../lib/twin/joint";
import { jointShapeFacts } from "../../lib/twin/joint-facts";
import { generateTwin } from "../../lib/twin/twin";
import { generateTwinCached } from "../../lib/twin/twin-cache";

const decl = readTwinDeclaration(5);
const ref = readThesisSection4();
const declared = (id: string) => decl.facts.find((f) => f.id === id)!;

describe("derivedFitShape", () => {
  it("is v2's shape with the 40-minute band moved and the long jobs' nodes re-paired", () => {
    const s = derivedFitShape({ fortyTop: 0.62, tailRho: 0.4 });
    expect(s.minutesPins).toEqual(TWIN_JOINT[2].minutesPins);
    expect({ ...s, minutesPins: [] }).toEqual({ ...TWIN_JOINT[4], minutesPins: [] });
    expect(TWIN_JOINT[5]).toEqual(derivedFitShape(TWIN_V5_FIT));
  });
  it("refuses a 40-minute band that would cross Figure 11's median or the 60-minute band's end", () => {
    expect(() => derivedFitShape({ fortyTop: 0.45, tailRho: 0 })).toThrow(
      /invalid fit\.fortyTop: 0\.45; expected a finite number in \[0\.5, 0\.6965\]/,
    );
    expect(() => derivedFitShape({ fortyTop: 0.64, tailRho: 2 })).toThrow(/invalid fit\.tailRho: 2/);
  });
});

describe("fitDerivedShape: the search declared in data/twin/v5.json", () => {
  let fit: DerivedFitResult;
  beforeAll(() => {
    fit = fitDerivedShape(decl, ref);
  }, 120_000);
  it("returns twin v5's parameters (TWIN_V5_FIT)", () => {
    expect(fit.fit).toEqual(TWIN_V5_FIT);
  });
  it("walks fortyTop, then tailRho, each by bisection on its declared grid, every candidate measured", () => {
    const on = (p: string) => fit.steps.filter((s) => s.parameter === p);
    // the grid's ends first, then midpoints
    expect(
      on("fortyTop")
        .map((s) => s.fit.fortyTop)
        .slice(0, 3),
    ).toEqual([0.62, 0.69, 0.655]);
    expect(
      on("tailRho")
        .map((s) => s.fit.tailRho)
        .slice(0, 3),
    ).toEqual([0, 0.9, 0.45]);
    expect(on("fortyTop").every((s) => s.fit.tailRho === 0)).toBe(true);
    expect(on("tailRho").every((s) => s.fit.fortyTop === TWIN_V5_FIT.fortyTop)).toBe(true);
    // the chosen value's neighbours on the grid lie on either side of the target, and are no closer
    for (const [p, id, key] of [
      ["fortyTop", "F7", "aboveShare"],
      ["tailRho", "F8", "excessNodeMinutes"],
    ] as const) {
      const t = declared(id).target as number;
      const chosen = on(p).find((s) => s.fit[p] === fit.fit[p])!;
      const step = decl.fit.free.find((x) => x.name === p)!.step;
      const nb = on(p).filter((s) => Math.abs(Math.abs(s.fit[p] - fit.fit[p]) - step) < step / 10);
      expect(nb.length).toBeGreaterThan(0);
      for (const s of nb) expect(Math.abs(s[key] - t)).toBeGreaterThanOrEqual(Math.abs(chosen[key] - t));
    }
  });
  it("refuses a declaration without F7's target", () => {
    const noF7 = { ...decl, facts: decl.facts.filter((f) => f.id !== "F7") };
    expect(() => fitDerivedShape(noF7, ref)).toThrow(
      /invalid declaration: .*v5\.json"; expected a numeric target for F7/,
    );
  });

  describe("twin-v5 (seed 1) as the notebooks load it", () => {
    let jobs: ReturnType<typeof loadSampleSource>["jobs"];
    beforeAll(() => {
      jobs = loadSampleSource("twin-v5").jobs;
    }, 180_000);
    it("shows the search's F7 and F8 exactly, inside the declared intervals", () => {
      const m = measureDerivedFacts(jobs, 3456, 40);
      expect(m).toEqual({ aboveShare: fit.aboveShare, excessNodeMinutes: fit.excessNodeMinutes });
      for (const [id, x] of [
        ["F7", m.aboveShare],
        ["F8", m.excessNodeMinutes],
      ] as const) {
        expect(x).toBeGreaterThanOrEqual(declared(id).low!);
        expect(x).toBeLessThanOrEqual(declared(id).high!);
      }
    });
    it("meets every declared fact (F1–F5, F7, F8) as jointShapeFacts measures them; of the rest, F3+ and F6 but not F2+", () => {
      const facts = jointShapeFacts(jobs, thesisDerivedFacts());
      const met = new Map<string, boolean>(facts.map((f) => [f.id, f.met]));
      expect(decl.facts.filter((f) => met.get(f.id) !== true).map((f) => f.id)).toEqual([]);
      expect([met.get("F2+"), met.get("F3+"), met.get("F6")]).toEqual([false, true, true]);
    });
  });
});

describe("twin v5 is deterministic", () => {
  it("the same seed gives the same jobs, value for value (generated here, and as cached by an earlier run)", () => {
    const cached = generateTwinCached(1, ref, { version: 5 }).twin,
      fresh = generateTwin(1, ref, { version: 5 });
    expect(fresh.jobs.columnNames()).toEqual(cached.jobs.columnNames());
    for (const c of fresh.jobs.columnNames()) {
      const x = fresh.jobs.array(c) as ArrayLike<unknown>,
        y = cached.jobs.array(c) as ArrayLike<unknown>;
      expect(y.length, c).toBe(x.length);
      let diff = -1;
      for (let i = 0; i < x.length && diff < 0; i++) if (!Object.is(x[i], y[i])) diff = i;
      expect(diff, `first row where ${c} differs`).toBe(-1);
    }
  }, 120_000);
});
