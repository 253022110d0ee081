import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  buildAssociationTree,
  type AssociationRow,
  type AssociationTree,
} from "../../lib/slurm/associations";
import { readReferenceCsv } from "../../lib/io/reference-csv";
import {
  bucketLayout,
  bucketValue,
  combineBuckets,
  formatHex64,
  interpolatedShares,
  levelBased,
} from "../../lib/slurm/level-based";
import { fairTree } from "../../lib/slurm/fair-tree";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { createRng } from "../../lib/util/rng";
import { referenceLevelBased } from "./oracles/level-based-reference";

/** The names from below the root down to `name`. */
function associationPath(tree: AssociationTree, name: string): string[] {
  const out: string[] = [];
  for (let n = tree.nodes.get(name); n && n.parent !== null; n = tree.nodes.get(n.parent))
    out.unshift(n.name);
  return out;
}

describe("LEVEL_BASED bit layout", () => {
  it("reproduces the post's four-level example 0xAAAA12347777CCCC", () => {
    const rows = readReferenceCsv("data/reference/level-based/example.csv").records;
    const levels = rows.map(
      (r) => BigInt(r.values.level_fs) >> BigInt(bucketLayout(4, Number(r.values.level) - 1).shift),
    );
    expect(levels).toEqual([0xaaaan, 0x1234n, 0x7777n, 0xccccn]);
    rows.forEach((r, i) =>
      expect(formatHex64(combineBuckets(levels.slice(0, i + 1), 4))).toBe(r.values.priority_fs_raw),
    );
    expect(formatHex64(combineBuckets([0xaaaan, 0x1234n, 0x7777n, 0xccccn], 4))).toBe("0xAAAA12347777CCCC");
  });
  it("lays out buckets with unused low bits (64 % L)", () => {
    expect(bucketLayout(3, 0)).toEqual({ bits: 21, shift: 43, max: 2097151n });
    expect(bucketLayout(3, 2).shift).toBe(1);
    expect(bucketValue(1, 16)).toBe(65535n);
    expect(bucketValue(0, 16)).toBe(1n);
    expect(bucketValue(0.5, 16)).toBe(32768n); // ⌊1 + 0.5·65534⌋
    expect(bucketValue(1, 64)).toBe(2n ** 64n - 1n);
    expect(() => combineBuckets([0x10000n], 4)).toThrow(
      /invalid bucket 0: 65536n; expected a value in \[0, 65535\]/,
    );
    expect(() => levelBased(buildAssociationTree([]), { levels: 17 })).toThrow(
      /invalid levels: 17; expected an integer >= 1 and <= 16/,
    );
    expect(interpolatedShares(0)).toBe(0.1);
    expect(interpolatedShares(1)).toBe(1);
  });
});

describe("levelBased", () => {
  it("ranks 7,6,5,5,5,2,1,0 with ties sharing a rank (factor = rank/count)", () => {
    const usage = [0, 1, 2, 2, 2, 3, 4, 5];
    const rows: AssociationRow[] = usage.map((u, i) => ({
      entity: `u${i}`,
      parent: "root",
      kind: "user",
      shares: 1,
      usage: u,
    }));
    const r = levelBased(buildAssociationTree(rows));
    expect(r.ranking.map((u) => r.factors.get(u)! * 8)).toEqual([7, 6, 5, 5, 5, 2, 1, 0]);
  });
  it("ORs each level into the parent's value and inherits beyond PriorityLevels", () => {
    const rows: AssociationRow[] = [
      { entity: "A", parent: "root", kind: "account", shares: 1 },
      { entity: "B", parent: "A", kind: "account", shares: 1 },
      { entity: "u", parent: "B", kind: "user", shares: 1, usage: 10 },
    ];
    const r = levelBased(buildAssociationTree(rows), { levels: 2 });
    expect(formatHex64(r.raw.get("A")!)).toBe(formatHex64(bucketValue(0.5, 32) << 32n)); // U = 1, S = 1: F = 1/2
    expect(r.raw.get("u")).toBe(r.raw.get("B"));
    expect(r.truncated).toBe(1);
  });
  it("property: with S uninterpolated and no bucket collision, the order equals Fair Tree's wherever Fair Tree is strict", () => {
    let checked = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 5 }),
        (seed, depth, maxChildren) => {
          const tree = buildAssociationTree(
            randomAssociationRows(createRng(seed), { depth, maxChildren, maxUsage: 100 }),
          );
          const lb = levelBased(tree, { levels: depth + 1, interpolateShares: false });
          if (lb.collisions > 0) return;
          checked++;
          const ft = fairTree(tree, { variant: "slurm" });
          const lf = new Map(ft.rows.map((x) => [x.entity, x.level]));
          const path = new Map(tree.users.map((u) => [u, associationPath(tree, u)]));
          for (const a of tree.users)
            for (const b of tree.users) {
              if (a === b) continue;
              const pa = path.get(a)!,
                pb = path.get(b)!;
              let d = 0;
              while (pa[d] === pb[d]) d++;
              // strict by more than floating-point noise (S/U of mathematically equal ratios can differ in the last bit)
              const x = lf.get(pa[d])!,
                y = lf.get(pb[d])!;
              if (!(x > y) || (Number.isFinite(x) && x - y <= 1e-9 * x)) continue;
              expect(lb.raw.get(a)! > lb.raw.get(b)!).toBe(true);
              expect(ft.factors.get(a)!).toBeGreaterThan(ft.factors.get(b)!);
            }
        },
      ),
      { numRuns: 150 },
    );
    expect(checked).toBeGreaterThan(50);
  });
  it("property: with interpolation, users of a sibling account in a higher bucket outrank every user of one in a lower bucket", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 3 }), (seed, depth) => {
        const tree = buildAssociationTree(randomAssociationRows(createRng(seed), { depth }));
        const lb = levelBased(tree, { levels: depth + 1 });
        const under = (n: string): string[] =>
          tree.nodes.get(n)!.kind === "user" ? [n] : tree.nodes.get(n)!.children.flatMap(under);
        for (const name of tree.order)
          for (const a of tree.nodes.get(name)!.children)
            for (const b of tree.nodes.get(name)!.children) {
              if (!(lb.levelValue.get(a)! > lb.levelValue.get(b)!)) continue;
              const minA = Math.min(...under(a).map((u) => lb.factors.get(u)!));
              const maxB = Math.max(...under(b).map((u) => lb.factors.get(u)!));
              expect(minA).toBeGreaterThan(maxB);
            }
      }),
      { numRuns: 100 },
    );
  });
  it("property: factors lie in [0, 1)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 16 }), (seed, levels) => {
        const r = levelBased(buildAssociationTree(randomAssociationRows(createRng(seed), { depth: 3 })), {
          levels,
        });
        for (const f of r.factors.values()) expect(f >= 0 && f < 1).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
  it("property: the raw values and factors of test/slurm/oracles/level-based-reference.ts (level_based.c) on random trees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 1, max: 4 }),
        (seed, levels, depth) => {
          const rng = createRng(seed);
          const rows = randomAssociationRows(rng, {
            depth,
            maxChildren: 4,
            maxShares: 3,
            maxUsage: 1000,
          }).map((r) => ({ ...r, shares: rng.next() < 0.1 ? 0 : r.shares }));
          const tree = buildAssociationTree(rows);
          const got = levelBased(tree, { levels });
          const want = referenceLevelBased(tree, { levels });
          expect(got.raw).toEqual(want.raw);
          expect(got.factors).toEqual(want.factor);
          expect([...got.factors.keys()]).toEqual([...want.factor.keys()]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
