import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { thesisDerivedFacts } from "../../lib/twin/derived-facts";
import { readTwinDeclaration } from "../../lib/twin/declaration";

describe("data/twin/v5.json, twin v5's declaration", () => {
  const decl = readTwinDeclaration(5);
  it("targets F1–F5 as twin v2, and F7 and F8", () => {
    expect([decl.version, decl.source, decl.file]).toEqual([
      5,
      "twin-v5",
      path.join("data", "twin", "v5.json"),
    ]);
    expect(decl.facts.map((f) => f.id)).toEqual(["F1", "F2", "F3", "F4a", "F4b", "F5", "F7", "F8"]);
    expect(decl.fit.free.map((p) => p.name)).toEqual(["fortyTop", "tailRho"]);
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
  it("says what is by construction on v5 and what is out of sample", () => {
    const doc = decl.doc.join(" ");
    expect(doc).toMatch(/BY CONSTRUCTION, not as reproductions: TV_1A \(= 40\*W \+ F8/);
    expect(doc).toMatch(/out-of-sample quantities on v5 are the Total Values of 2B, 3B and 4B/);
  });
});

describe("readTwinDeclaration", () => {
  const v5 = JSON.parse(fs.readFileSync(path.join("data", "twin", "v5.json"), "utf8"));
  /** A project root whose data/twin/v5.json is v5's declaration edited by `edit`. */
  const rootWith = (edit: (o: typeof v5) => void) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "twin-decl-"));
    fs.mkdirSync(path.join(root, "data", "twin"), { recursive: true });
    const o = structuredClone(v5);
    edit(o);
    fs.writeFileSync(path.join(root, "data", "twin", "v5.json"), JSON.stringify(o));
    return root;
  };
  it("names the file and the field it refuses, and the fix", () => {
    const file = path.join("data", "twin", "v5.json");
    const refuses = (edit: (o: typeof v5) => void, message: RegExp) =>
      expect(() => readTwinDeclaration(5, rootWith(edit))).toThrow(message);
    refuses(
      (o) => (o.version = 4),
      new RegExp(`^${file}: invalid version: 4; expected 5 \\(the file's name\\)`),
    );
    refuses(
      (o) => (o.facts[6].low = "0.3"),
      /v5\.json: invalid facts\[6\]\.low: "0\.3"; expected a finite number/,
    );
    refuses(
      (o) => (o.facts[7].target = 1),
      /v5\.json: invalid facts\[7\]\.target: 1; expected a value within \[low, high\]/,
    );
    refuses(
      (o) => (o.fit.free[1].step = 0),
      /v5\.json: invalid fit\.free\[1\]\.step: 0; expected a positive number/,
    );
    refuses((o) => (o.fit.free[0].range = [0.7, 0.6]), /invalid fit\.free\[0\]\.range: \[0\.7,0\.6\]/);
    expect(() => readTwinDeclaration(5, fs.mkdtempSync(path.join(os.tmpdir(), "twin-decl-")))).toThrow(
      /^invalid version: 5; expected a twin version with a declaration \(.*v5\.json not found\)/,
    );
  });
});
