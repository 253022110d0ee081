import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bucketValue, formatHex64, levelBased, interpolatedShares } from "../../lib/slurm/level-based";
import { levelBasedPostTree, usageWindowForBucket } from "../../lib/slurm/level-based-example";
import { levelBasedTreeTable } from "../../views/slurm/tables";
import { parseReferenceCsv } from "../../lib/io/reference-csv";

const POST = parseReferenceCsv(
  [
    "association,level,level_fs,priority_fs_raw",
    "Life Sciences,1,0xAAAA000000000000,0xAAAA000000000000",
    "Biology,2,0x0000123400000000,0xAAAA123400000000",
    "Dr. Bob,3,0x0000000077770000,0xAAAA123477770000",
    "Grad Student,4,0x000000000000CCCC,0xAAAA12347777CCCC",
  ].join("\n"),
  "example.csv",
).records;

describe("levelBasedPostTree", () => {
  it("gives the post's 0xAAAA12347777CCCC through levelBased() from the tree alone", () => {
    const { tree } = levelBasedPostTree(POST);
    const lb = levelBased(tree, { levels: 4 });
    expect(formatHex64(lb.raw.get("Grad Student")!)).toBe("0xAAAA12347777CCCC");
    expect(formatHex64(lb.raw.get("Dr. Bob")!)).toBe("0xAAAA123477770000");
    expect(levelBasedTreeTable(POST, 4).map((r) => r.verdict)).toEqual(["exact", "exact", "exact", "exact"]);
  });

  it("chooses integer usages inside each bucket's window", () => {
    for (const c of levelBasedPostTree(POST).chain) {
      expect(Number.isInteger(c.usage)).toBe(true);
      const U = c.usage / c.parentUsage;
      expect(U).toBeGreaterThan(c.window[0]);
      expect(U).toBeLessThanOrEqual(c.window[1]);
    }
  });

  it("refuses shares for which no usage ≤ the parent's reaches the bucket", () => {
    expect(() =>
      levelBasedPostTree(POST, 4, {
        shares: [
          [1, 1],
          [1, 1],
          [1, 1],
          [1, 1],
        ],
      }),
    ).toThrow(
      /^invalid shares of Biology: S = 0\.5; expected a smaller share \(bucket 0x1234 needs U > 2\.0976, more than the parent's usage\)$/,
    );
    expect(() => levelBasedPostTree(POST, 4, { totalUsage: 0.5 })).toThrow(
      /^invalid totalUsage: 0\.5; expected a positive integer/,
    );
  });

  it("the window of a bucket is exactly the U whose bucket value it is (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 65535 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (v, S, t) => {
          const [lo, hi] = usageWindowForBucket(BigInt(v), S, 16);
          fc.pre(Number.isFinite(hi) && hi - lo > 1e-9 * Math.max(1, hi));
          const U = lo + t * (hi - lo);
          return bucketValue(Math.pow(2, -U / interpolatedShares(S)), 16) === BigInt(v);
        },
      ),
    );
  });
});
