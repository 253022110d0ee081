import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  buildAssociationTree,
  type AssociationRow,
  type AssociationTree,
} from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { readReferenceCsv } from "../../lib/io/reference-csv";
import { levelFairShare } from "../../lib/slurm/compiled-fair-tree";
import { fairTree, type FairShareResult } from "../../lib/slurm/fair-tree";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { createRng } from "../../lib/util/rng";
import { SCHEDMD_TIE_ROWS } from "./fixtures";

const table1 = () =>
  buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), { root: "bsc_es" });

describe("fairTree on the thesis's worked example (Section 2.2.3)", () => {
  it("reproduces Level FS and the factors of the thesis variant", () => {
    const r = fairTree(table1());
    const lf = Object.fromEntries(r.rows.map((x) => [x.entity, x.level]));
    expect(lf.bsc30).toBeCloseTo(2.625, 12); // the thesis prints 2.265: (3/8)/(1500/10500) = 2.625
    expect(lf.bsc32).toBeCloseTo(0.7291666667, 9);
    expect([lf.bsc3090, lf.bsc3092, lf.bsc3285, lf.bsc3288, lf.bsc3200]).toEqual([
      1.5, 0.75, 1.5, 0.75, 0.75,
    ]);
    expect(Object.fromEntries(r.factors)).toEqual({
      bsc3090: 1,
      bsc3092: 0.8,
      bsc3285: 0.6,
      bsc3288: 0.4,
      bsc3200: 0.2,
    });
    expect(r.ranking).toEqual(["bsc3090", "bsc3092", "bsc3285", "bsc3288", "bsc3200"]);
  });
  it("matches every published fair-share value and the published Level FS except bsc30", () => {
    const r = fairTree(table1());
    const mine = new Map(r.rows.map((x) => [x.entity, x]));
    for (const { values } of readReferenceCsv("data/reference/thesis/section2-fairshare-example.csv")
      .records) {
      const row = mine.get(values.entity)!;
      if (values.fairshare) expect(row.factor).toBe(Number(values.fairshare));
      if (values.entity !== "bsc30") expect(Math.abs(row.level - Number(values.level_fs))).toBeLessThan(5e-4);
    }
  });
  it("lets tied users share a rank in the slurm variant", () => {
    const r = fairTree(table1(), { variant: "slurm" });
    expect(Object.fromEntries(r.factors)).toEqual({
      bsc3090: 1,
      bsc3092: 0.8,
      bsc3285: 0.6,
      bsc3288: 0.4,
      bsc3200: 0.4,
    });
  });
});

describe("fairTree SchedMD details", () => {
  const rows: AssociationRow[] = [...SCHEDMD_TIE_ROWS];
  const t = buildAssociationTree(rows);
  it("zero shares: LF 0 in slurm, infinity in the thesis (U = 0 is checked first)", () => {
    expect(levelFairShare(0, 0, "slurm")).toBe(0);
    expect(levelFairShare(0, 0, "thesis")).toBe(Infinity);
    expect(levelFairShare(0.5, 0, "slurm")).toBe(Infinity);
    expect(fairTree(t, { variant: "slurm" }).factors.get("z")).toBe(1 / 6);
    expect(fairTree(t, { variant: "thesis" }).factors.get("z")).toBe(1);
  });
  it("users before accounts on equal LF, tie propagation into the next tied account", () => {
    // A, B and x all have LF = (1/3)/(40/80)... A: S=1/3 (shares 1,1,1,0), U = 40/120; x the same.
    const r = fairTree(t, { variant: "slurm" });
    expect(r.ranking).toEqual(["x", "a1", "a2", "b1", "b2", "z"]);
    // x ranks 6; A tied with x: a1 inherits rank 6; a2 gets rnt = 4; B tied with A: b1 inherits 4; b2 = rnt 2; z = 1.
    expect([...r.ranking].map((u) => r.factors.get(u)! * 6)).toEqual([6, 6, 4, 4, 2, 1]);
  });
  it("mergeTiedAccounts ranks the tied accounts' children together (the documented behaviour)", () => {
    const r = fairTree(t, { variant: "slurm", mergeTiedAccounts: true });
    expect(r.ranking).toEqual(["x", "a1", "b1", "a2", "b2", "z"]);
    expect([...r.ranking].map((u) => Math.round(r.factors.get(u)! * 6))).toEqual([6, 6, 6, 3, 3, 1]);
  });
  it("rejects a bad variant", () => {
    expect(() => fairTree(t, { variant: "bsc" as never })).toThrow(
      /invalid variant: "bsc"; expected one of "thesis", "slurm"/,
    );
  });
});

function usersUnder(tree: AssociationTree, name: string): string[] {
  const node = tree.nodes.get(name)!;
  return node.kind === "user" ? [name] : node.children.flatMap((c) => usersUnder(tree, c));
}

const treeArb = fc.record({
  seed: fc.integer({ min: 0, max: 1e9 }),
  depth: fc.integer({ min: 1, max: 3 }),
  maxChildren: fc.integer({ min: 1, max: 5 }),
  zero: fc.double({ min: 0, max: 0.5, noNaN: true }),
});
const makeTree = (p: { seed: number; depth: number; maxChildren: number; zero: number }) =>
  buildAssociationTree(
    randomAssociationRows(createRng(p.seed), {
      depth: p.depth,
      maxChildren: p.maxChildren,
      zeroUsageProbability: p.zero,
      maxUsage: 50,
    }),
  );

function checkPromise(tree: AssociationTree, r: FairShareResult) {
  const lf = new Map(r.rows.map((x) => [x.entity, x.level]));
  for (const name of tree.order) {
    const kids = tree.nodes.get(name)!.children;
    for (const a of kids)
      for (const b of kids) {
        if (a === b || !(lf.get(a)! > lf.get(b)!) || tree.nodes.get(b)!.kind !== "account") continue;
        const minA = Math.min(...usersUnder(tree, a).map((u) => r.factors.get(u)!));
        const maxB = Math.max(...usersUnder(tree, b).map((u) => r.factors.get(u)!));
        expect(minA).toBeGreaterThan(maxB);
      }
  }
}

describe("fairTree properties", () => {
  it("every user of an under-served sibling outranks every user of an over-served account (all variants)", () => {
    fc.assert(
      fc.property(
        treeArb,
        fc.constantFrom("thesis" as const, "slurm" as const),
        fc.boolean(),
        (p, variant, merge) => {
          const tree = makeTree(p);
          checkPromise(tree, fairTree(tree, { variant, mergeTiedAccounts: merge }));
        },
      ),
      { numRuns: 150 },
    );
  });
  it("factors lie in [0, 1], the top user gets 1 and the thesis ranks are a permutation of 1..n", () => {
    fc.assert(
      fc.property(treeArb, (p) => {
        const tree = makeTree(p);
        for (const variant of ["thesis", "slurm"] as const) {
          const r = fairTree(tree, { variant });
          for (const f of r.factors.values()) expect(f >= 0 && f <= 1).toBe(true);
          expect(r.factors.get(r.ranking[0])).toBe(1);
          if (variant === "thesis")
            expect(
              r.rows
                .filter((x) => x.rank !== null)
                .map((x) => x.rank!)
                .sort((a, b) => a - b),
            ).toEqual(tree.users.map((_, i) => i + 1));
        }
      }),
      { numRuns: 100 },
    );
  });
});
