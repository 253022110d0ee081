import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "../ts-files";

const root = path.resolve(__dirname, "..", "..");
const SOLE = path.join("lib", "agreement") + path.sep;

/**
 * What comparing an estimate with a reference or a band looks like in code: an interval's end
 * compared with something, an interval-overlap helper, a share-of-samples threshold, the old rule's
 * words.
 */
const DECISIONS: readonly [string, RegExp][] = [
  [
    "an interval end compared",
    /\.(low|high|ciLow|ciHigh|ratioLow|ratioHigh)\s*[<>]=?|(?<!=)[<>]=?\s*[\w.\])]*\.(low|high|ciLow|ciHigh|ratioLow|ratioHigh)\b/,
  ],
  ["an interval-overlap helper", /\boverlap\s*\(/],
  ["a share-of-samples threshold", /[<>]=?\s*0\.\d+\s*\*\s*n\b/],
  ["the overlap rule's words", /\bwithin noise\b/],
];

describe("one module decides every agreement", () => {
  it(`no lib file outside ${SOLE} compares an estimate with a reference or a band`, () => {
    const hits = tsFiles(path.join(root, "lib"))
      .map((f) => path.relative(root, f))
      .filter((f) => !f.startsWith(SOLE))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(root, f), "utf8")
          .split("\n")
          .flatMap((line, k) =>
            DECISIONS.filter(([, re]) => re.test(line)).map(
              ([what]) => `${f}:${k + 1}: ${what}: ${line.trim()}`,
            ),
          ),
      );
    expect(hits).toEqual([]);
  });
  it("the patterns find what they look for", () => {
    const hit = (line: string) => DECISIONS.some(([, re]) => re.test(line));
    expect(hit("verdict: ci.low > 0 ? 1 : 0")).toBe(true);
    expect(hit("if (0 < d.high) x()")).toBe(true);
    expect(hit("const reach = cf.filter((c) => overlap(c.s, thesis))")).toBe(true);
    expect(hit("multiple >= 0.95 * n")).toBe(true);
    expect(hit("array: mine.map((r) => r.ratioHigh - r.ratio)")).toBe(false);
    expect(hit("array: cis.map((c) => c.high - c.mean),")).toBe(false);
    expect(hit(" * a job starts now only on nodes free in every slot it overlaps")).toBe(false);
  });
});
