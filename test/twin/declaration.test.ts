import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { thesisDerivedFacts } from "../../lib/twin/derived-facts";

describe("data/twin/v5.json, twin v5's declaration", () => {
  const file = path.join(process.cwd(), "data", "twin", "v5.json");
  const decl = JSON.parse(fs.readFileSync(file, "utf8")) as {
    version: number;
    source: string;
    facts: { id: string; target: unknown; low?: number; high?: number; n?: number }[];
  };
  it("targets F1–F5 as twin v2, and F7 and F8", () => {
    expect([decl.version, decl.source]).toEqual([5, "twin-v5"]);
    expect(decl.facts.map((f) => f.id)).toEqual(["F1", "F2", "F3", "F4a", "F4b", "F5", "F7", "F8"]);
  });
  it("F7's and F8's target and interval are what thesisDerivedFacts computes from data/reference", () => {
    const d = thesisDerivedFacts();
    const declared = (id: string) => {
      const f = decl.facts.find((x) => x.id === id)!;
      return { mean: f.target, low: f.low, high: f.high, n: f.n };
    };
    expect(declared("F7")).toEqual(d.aboveShare);
    expect(declared("F8")).toEqual(d.excessNodeMinutes);
  });
});
