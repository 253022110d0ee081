import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { operatorNotes } from "../../views/operators/notes";
import {
  readPaperBoundaryVerdict,
  readPaperNote,
  readPaperOrderings,
  readPaperResolutionBits,
} from "../../lib/operators/reference";

function tmp(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-ref-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

describe("paper reference files", () => {
  it("reads Fig. 17 and the orderings from data/reference/operators", () => {
    const bits = readPaperResolutionBits();
    expect(bits.length).toBe(7);
    expect(bits.find((b) => b.operator === "Sigmoid-2")).toEqual({
      operator: "Sigmoid-2",
      balance: 6,
      overTarget: 11,
      underTarget: 9,
      overall: 11,
    });
    const ord = readPaperOrderings();
    expect(ord.balance[0]).toBe("Sigmoid-2");
    expect(ord.underTarget.length).toBe(6);
    expect(readPaperBoundaryVerdict()).toEqual({
      fail: ["Absolute", "Combined"],
      comply: ["Relative", "Relative-2", "Sigmoid", "Sigmoid-2", "SLURM"],
    });
  });
  it("names file, line and field on bad input", () => {
    const f = tmp(
      "bits.csv",
      "# c\noperator,balance,over_target,under_target,overall\nAbsolute,12,x,12,14\n",
    );
    expect(() => readPaperResolutionBits(f)).toThrow(
      new RegExp(
        `^${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3: invalid over_target: "x"; expected a positive integer number of bits$`,
      ),
    );
    const g = tmp("bad-header.csv", "op,b\n");
    expect(() => readPaperResolutionBits(g)).toThrow(/bad-header\.csv:1: invalid header: "op,b"/);
    const h = tmp("orderings.md", "- Around balance (Fig. 14): A, B\n- Over target (Fig. 16): A\n");
    expect(() => readPaperOrderings(h)).toThrow(
      /orderings\.md:2: invalid Over target: .*expected at least two operator names$/,
    );
  });
});

describe("the paper's notes", () => {
  it("reads one labelled line of orderings.md and names the file and line when it is missing", () => {
    expect(readPaperNote("Equivalence")).not.toBe("");
    expect(operatorNotes.paper("Equivalence")).toBe(`**Paper:** ${readPaperNote("Equivalence")}`);
    const file = tmp("orderings.md", "# notes\n- Equivalence (§4.1): text one\n");
    expect(readPaperNote("Equivalence", file)).toBe("text one");
    expect(() => readPaperNote("Input density", file)).toThrow(
      /orderings\.md:\d+: invalid Input density: "missing"; expected a line "- Input density …: text"/,
    );
  });
  it("states the usage pool with separators", () => {
    expect(operatorNotes.pool(5256000)).toBe("Usage pool U = 5,256,000 node·h.");
  });
});
