import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAssociationTree, type AssociationRow } from "../../lib/slurm/associations";
import { fairTree, type FairTreeVariant } from "../../lib/slurm/fair-tree";
import { compileFairTree } from "../../lib/slurm/fair-tree-fast";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { decayFunction, decayOver, type UsageConfig } from "../../lib/slurm/usage";
import { createRng } from "../../lib/util/rng";
import { SCHEDMD_TIE_ROWS } from "./fixtures";

/** Random rows with some zero shares and usages drawn from a few values (so Level FS ties happen). */
function rowsFor(seed: number, depth: number): AssociationRow[] {
  const rng = createRng(seed);
  return randomAssociationRows(rng, { depth, maxChildren: 5, userProbability: 0.3, maxShares: 3 }).map((r) => ({
    ...r,
    shares: rng.next() < 0.1 ? 0 : r.shares,
    usage: r.kind === "user" ? [0, 0, 100, 200, 300, 1e6 * rng.next()][rng.int(0, 5)] : 0,
  }));
}

const usageVector = (names: readonly string[], usage: ReadonlyMap<string, number>) => Float64Array.from(names, (n) => usage.get(n) ?? 0);

describe("compileFairTree (the simulator's fast path) gives fairTree's factors exactly", () => {
  it("on random trees, for both variants, over a sequence of usages on one compiled tree", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom<FairTreeVariant>("slurm", "thesis"), (seed, depth, variant) => {
        const tree = buildAssociationTree(rowsFor(seed, depth));
        const compiled = compileFairTree(tree, variant);
        const out = new Float64Array(compiled.names.length);
        // later usages reuse the sibling orders left by earlier calls
        for (let step = 0; step < 4; step++) {
          const usage = new Map(rowsFor(seed + step, depth).filter((r) => tree.nodes.has(r.entity) && tree.nodes.get(r.entity)!.kind === "user").map((r) => [r.entity, r.usage!]));
          compiled.factors(usageVector(compiled.names, usage), out);
          const ref = fairTree(tree, { variant, usage }).factors;
          for (const u of tree.users) expect(Object.is(out[compiled.indexOf.get(u)!], ref.get(u)!)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("reproduces the SchedMD tie rules of test/slurm/fair-tree.test.ts", () => {
    const rows: AssociationRow[] = [...SCHEDMD_TIE_ROWS];
    const tree = buildAssociationTree(rows);
    const c = compileFairTree(tree, "slurm");
    const out = new Float64Array(c.names.length);
    c.factors(Float64Array.from(c.names, (n) => tree.nodes.get(n)!.ownUsage), out);
    expect(["x", "a1", "a2", "b1", "b2", "z"].map((u) => out[c.indexOf.get(u)!] * 6)).toEqual([6, 6, 4, 4, 2, 1]);
  });

  it("rejects an unknown variant", () => {
    const tree = buildAssociationTree([{ entity: "u", parent: "root", kind: "user", shares: 1 }]);
    expect(() => compileFairTree(tree, "fast" as FairTreeVariant)).toThrow(/invalid variant: "?fast"?; expected/);
  });
});

describe("decayFunction equals decayOver", () => {
  it("for both decay models and any half-life", () => {
    fc.assert(
      fc.property(fc.constantFrom<UsageConfig["decayModel"]>("slurm", "exact"), fc.integer({ min: 0, max: 30 * 86400 }), fc.double({ min: 0, max: 1e7, noNaN: true }), (decayModel, halfLifeSeconds, dt) => {
        const cfg = { decayModel, halfLifeSeconds };
        expect(Object.is(decayFunction(cfg)(dt), decayOver(dt, cfg))).toBe(true);
      }),
    );
  });
});
