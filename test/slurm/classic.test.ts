import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buildAssociationTree } from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { classicFactor, classicFairShare } from "../../lib/slurm/classic";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { createRng } from "../../lib/util/rng";
import { referenceClassic } from "./oracles/classic-reference";

const table1 = () =>
  buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), { root: "bsc_es" });

describe("classicFairShare", () => {
  it("computes Slurm's effective usage recursion on Table 1 by hand", () => {
    const r = classicFairShare(table1());
    const row = Object.fromEntries(r.rows.map((x) => [x.entity, x]));
    // bsc32 hangs from the root: UE = 9000/10500. bsc3285: UA = 3000/10500, UE = UA + (UE_parent − UA)·2/4.
    const ue32 = 9000 / 10500,
      ua = 3000 / 10500;
    expect(row.bsc32.level).toBeCloseTo(ue32, 15);
    expect(row.bsc3285.level).toBeCloseTo(ua + (ue32 - ua) * 0.5, 15);
    expect(r.factors.get("bsc3285")).toBeCloseTo(
      Math.pow(2, -(ua + (ue32 - ua) * 0.5) / ((5 / 8) * 0.5)),
      15,
    );
    const ue30 = 1500 / 10500,
      ub = 500 / 10500;
    expect(r.factors.get("bsc3090")).toBeCloseTo(
      Math.pow(2, -(ub + (ue30 - ub) * 0.5) / ((3 / 8) * 0.5)),
      15,
    );
    expect(r.ranking).toEqual(["bsc3090", "bsc3092", "bsc3285", "bsc3288", "bsc3200"]);
  });
  it("applies the dampening factor and gives 0 for zero shares", () => {
    expect(classicFactor(0.5, 0.25, 2)).toBeCloseTo(0.5, 15);
    expect(classicFactor(0.5, 0, 1)).toBe(0);
    expect(() => classicFairShare(table1(), { dampening: 0 })).toThrow(
      /invalid dampening: 0; expected a finite number in/,
    );
  });
  it("property: factors in [0, 1] and a user's factor never rises when its usage grows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0, max: 1e5, noNaN: true }),
        fc.nat(50),
        (seed, depth, extra, pick) => {
          const tree = buildAssociationTree(
            randomAssociationRows(createRng(seed), { depth, maxUsage: 1000 }),
          );
          const user = tree.users[pick % tree.users.length];
          const base = new Map(tree.order.map((n) => [n, tree.nodes.get(n)!.ownUsage]));
          const more = new Map(base).set(user, base.get(user)! + extra);
          const a = classicFairShare(tree, { usage: base }),
            b = classicFairShare(tree, { usage: more });
          for (const f of [...a.factors.values(), ...b.factors.values()]) expect(f >= 0 && f <= 1).toBe(true);
          expect(b.factors.get(user)!).toBeLessThanOrEqual(a.factors.get(user)! + 1e-12);
        },
      ),
      { numRuns: 150 },
    );
  });
  it("property: the factors of test/slurm/oracles/classic-reference.ts (Slurm's _set_usage_efctv and _normalize_assoc_shares_traditional) on random trees, zero shares and usage included", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(1, 2, 5),
        (seed, depth, dampening) => {
          const rng = createRng(seed);
          const rows = randomAssociationRows(rng, {
            depth,
            maxChildren: 4,
            maxShares: 3,
            maxUsage: 1000,
          }).map((r) => ({ ...r, shares: rng.next() < 0.1 ? 0 : r.shares }));
          const tree = buildAssociationTree(rows);
          const got = classicFairShare(tree, { dampening }).factors;
          const want = referenceClassic(tree, { dampening });
          expect([...got.keys()]).toEqual([...want.keys()]);
          // the same formulas; S_norm's product runs the other way in Slurm (bottom-up), so the last bits may differ
          for (const [u, f] of want) expect(Math.abs(got.get(u)! - f)).toBeLessThanOrEqual(1e-15);
        },
      ),
      { numRuns: 200 },
    );
  });
});
