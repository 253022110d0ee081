/**
 * lib's Fair Tree (compileFairTree, and fairTree built on it) against the oracle of
 * test/slurm/oracles/fair-tree-reference.ts: the same factors, ranking and explanation rows, bit
 * for bit, on random trees with ties, for both variants and the merged-ties option.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAssociationTree, type AssociationRow } from "../../lib/slurm/associations";
import { type FairTreeVariant, compileFairTree } from "../../lib/slurm/compiled-fair-tree";
import { fairTree } from "../../lib/slurm/fair-tree";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { createRng } from "../../lib/util/rng";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { SCHEDMD_TIE_ROWS } from "./fixtures";
import { referenceFairTree } from "./oracles/fair-tree-reference";

/** Random rows with some zero shares and usages drawn from a few values (so Level FS ties happen). */
function rowsFor(seed: number, depth: number): AssociationRow[] {
  const rng = createRng(seed);
  return randomAssociationRows(rng, { depth, maxChildren: 5, userProbability: 0.3, maxShares: 3 }).map(
    (r) => ({
      ...r,
      shares: rng.next() < 0.1 ? 0 : r.shares,
      usage: r.kind === "user" ? [0, 0, 100, 200, 300, 1e6 * rng.next()][rng.int(0, 5)] : 0,
    }),
  );
}

const usageVector = (names: readonly string[], usage: ReadonlyMap<string, number>) =>
  Float64Array.from(names, (n) => usage.get(n) ?? 0);
/** Equal as Object.is (NaN = NaN, +0 ≠ −0). */
const same = (a: unknown, b: unknown, what: string) =>
  expect(Object.is(a, b), `${what}: ${String(a)} vs ${String(b)}`).toBe(true);

describe("lib's Fair Tree gives the reference's results exactly", () => {
  it("fairTree: factors, ranking and rows on random trees, both variants, with and without merged ties", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<FairTreeVariant>("slurm", "thesis"),
        fc.boolean(),
        fc.boolean(),
        (seed, depth, variant, mergeTiedAccounts, ownUsage) => {
          const tree = buildAssociationTree(rowsFor(seed, depth));
          const usage = ownUsage
            ? undefined
            : new Map(
                rowsFor(seed + 1, depth)
                  .filter((r) => tree.nodes.get(r.entity)?.kind === "user")
                  .map((r) => [r.entity, r.usage!]),
              );
          const got = fairTree(tree, { variant, usage, mergeTiedAccounts });
          const want = referenceFairTree(tree, { variant, usage, mergeTiedAccounts });
          expect(got.algorithm).toBe(want.algorithm);
          expect(got.ranking).toEqual(want.ranking);
          expect([...got.factors.keys()]).toEqual([...want.factors.keys()]);
          for (const [u, f] of want.factors) same(got.factors.get(u), f, u);
          expect(got.rows.length).toBe(want.rows.length);
          got.rows.forEach((r, i) => {
            const w = want.rows[i];
            for (const k of Object.keys(w) as (keyof typeof w)[]) same(r[k], w[k], `${w.entity}.${k}`);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it("compileFairTree: the factors of a sequence of usages on one compiled tree (sibling orders kept between calls)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom<FairTreeVariant>("slurm", "thesis"),
        (seed, depth, variant) => {
          const tree = buildAssociationTree(rowsFor(seed, depth));
          const compiled = compileFairTree(tree, variant);
          const out = new Float64Array(compiled.names.length);
          for (let step = 0; step < 4; step++) {
            const usage = new Map(
              rowsFor(seed + step, depth)
                .filter((r) => tree.nodes.get(r.entity)?.kind === "user")
                .map((r) => [r.entity, r.usage!]),
            );
            compiled.factors(usageVector(compiled.names, usage), out);
            const ref = referenceFairTree(tree, { variant, usage }).factors;
            for (const u of tree.users)
              expect(Object.is(out[compiled.indexOf.get(u)!], ref.get(u)!)).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("the reference itself gives the thesis's worked example (Section 2.2.3, Table 1) and the tie rules worked by hand from fair_tree.c", () => {
    const table1 = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
      root: "bsc_es",
    });
    const thesis = referenceFairTree(table1, { variant: "thesis" });
    // fncLevelFS(bsc30) = (3/8)/(1500/10500) = 2.625 (the thesis prints 2.265), fncLevelFS(bsc32) =
    // (5/8)/(9000/10500); users 5/5 … 1/5, the tie bsc3288 = bsc3200 in input order
    expect(thesis.rows.find((r) => r.entity === "bsc30")!.level).toBeCloseTo(2.625, 12);
    expect(thesis.rows.find((r) => r.entity === "bsc32")!.level).toBeCloseTo(0.7291666666666666, 12);
    expect(Object.fromEntries(thesis.factors)).toEqual({
      bsc3090: 1,
      bsc3092: 0.8,
      bsc3285: 0.6,
      bsc3288: 0.4,
      bsc3200: 0.2,
    });
    // root's children x, A, B tie at LF 1 (users first), z has S = 0 so LF 0: x takes 6; A is tied, so a1
    // keeps 6 and a2 gets rnt = 4; B is tied with A, so b1 keeps 4 and b2 gets 2; z gets 1
    const ties = referenceFairTree(buildAssociationTree([...SCHEDMD_TIE_ROWS]), { variant: "slurm" });
    expect(ties.ranking).toEqual(["x", "a1", "a2", "b1", "b2", "z"]);
    expect(ties.ranking.map((u) => ties.factors.get(u)! * 6)).toEqual([6, 6, 4, 4, 2, 1]);
  });

  it("reproduces the SchedMD tie rules of test/slurm/fair-tree.test.ts", () => {
    const tree = buildAssociationTree([...SCHEDMD_TIE_ROWS]);
    const c = compileFairTree(tree, "slurm");
    const out = new Float64Array(c.names.length);
    c.factors(
      Float64Array.from(c.names, (n) => tree.nodes.get(n)!.ownUsage),
      out,
    );
    expect(["x", "a1", "a2", "b1", "b2", "z"].map((u) => out[c.indexOf.get(u)!] * 6)).toEqual([
      6, 6, 4, 4, 2, 1,
    ]);
    expect(Array.from(c.ranking, (u) => c.names[u])).toEqual(["x", "a1", "a2", "b1", "b2", "z"]);
  });

  it("rejects an unknown variant and a non-boolean mergeTiedAccounts", () => {
    const tree = buildAssociationTree([{ entity: "u", parent: "root", kind: "user", shares: 1 }]);
    expect(() => compileFairTree(tree, "fast" as FairTreeVariant)).toThrow(
      /invalid variant: "?fast"?; expected/,
    );
    expect(() => compileFairTree(tree, "slurm", "yes" as unknown as boolean)).toThrow(
      /invalid mergeTiedAccounts: "yes"; expected a boolean/,
    );
  });
});
