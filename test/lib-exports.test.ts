/**
 * lib/index.ts stays a public API a newcomer can read: its runtime names number no more than
 * CONTRIBUTING.md allows (the cap is read from there, so the rule and the check cannot drift apart).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import * as lib from "../lib/index";

const root = path.resolve(__dirname, "..");

/** The cap CONTRIBUTING.md states: "at most N runtime names". */
function statedCap(text: string): number {
  const m = text.match(/at most (\d+) runtime names/);
  if (!m) throw new Error('CONTRIBUTING.md no longer states "at most N runtime names"');
  return Number(m[1]);
}

describe("lib/index's runtime names", () => {
  it("reads the cap CONTRIBUTING.md states (the check can fail)", () => {
    expect(statedCap("exports what … call (at most 12 runtime names);")).toBe(12);
    expect(() => statedCap("no cap here")).toThrow(/no longer states/);
  });

  it("number no more than CONTRIBUTING.md allows", () => {
    const cap = statedCap(fs.readFileSync(path.join(root, "CONTRIBUTING.md"), "utf8"));
    expect(Object.keys(lib).length).toBeLessThanOrEqual(cap);
  });
});
