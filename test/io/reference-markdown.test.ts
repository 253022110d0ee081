import { describe, expect, it } from "vitest";
import { parseReferenceMarkdown } from "../../lib/io/reference-markdown";

describe("parseReferenceMarkdown", () => {
  it("reads each pipe table with the text line above it as its caption", () => {
    const t = parseReferenceMarkdown(
      "# Title\n\nFirst (Table 1)\n\n| a | b |\n|---|---|\n| 1 | x |\n\nSecond\n| c |\n|---|\n| 2 |\n",
    );
    expect(t.map((x) => x.comments)).toEqual([["First (Table 1)"], ["Second"]]);
    expect(t[0].columns).toEqual(["a", "b"]);
    expect(t[0].records).toEqual([{ values: { a: "1", b: "x" }, line: 7 }]);
    expect(t[1].records[0].values).toEqual({ c: "2" });
  });
  it("names the file and line of a bad row or a header without its rule", () => {
    expect(() => parseReferenceMarkdown("| a | b |\n|---|---|\n| 1 |\n", "s.md")).toThrow(
      /^s\.md:3: invalid row: .*; expected 2 cells/,
    );
    expect(() => parseReferenceMarkdown("| a |\n| 1 |\n", "s.md")).toThrow(/^s\.md:1: invalid header: /);
  });
});
