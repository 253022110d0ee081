import { describe, expect, it } from "vitest";
import { readParsable, requireColumns } from "../../lib/io/parsable";
import type { ParsableSpec } from "../../lib/io/parsable-layout";

const SPEC: ParsableSpec = {
  what: "tool -P output",
  command: "tool -P",
  known: ["ID", "Name", "Count", "Note"],
  freeText: ["Name", "Note"],
  validators: { ID: (v) => /^\d+$/.test(v), Count: (v) => /^\d*$/.test(v) },
  presets: [{ name: "the tool's default order", columns: ["ID", "Name", "Count"] }],
};

describe("readParsable", () => {
  it("detects |, TAB or the unit separator (--delimiter=$'\\x1f'), and takes one given", () => {
    for (const d of ["|", "\t", "\x1f"]) {
      const t = readParsable(
        ["ID", "Name", "Count"].join(d) + "\n" + ["1", "a", "2"].join(d) + "\n",
        "f",
        SPEC,
      );
      expect([t.delimiter, t.columns, t.rows[0].values]).toEqual([
        d,
        ["ID", "Name", "Count"],
        ["1", "a", "2"],
      ]);
    }
    const semi = readParsable("ID;Name\n1;a\n", "f", SPEC, { delimiter: ";" });
    expect(semi.rows[0].values).toEqual(["1", "a"]);
  });
  it("matches header names ignoring case and keeps the tool's spelling; unknown names are kept as written", () => {
    const t = readParsable("id|NAME|Extra\n1|a|x\n", "f", SPEC);
    expect(t.columns).toEqual(["ID", "Name", "Extra"]);
  });
  it("reads a header-less file through a preset whose checks pass, or the columns option", () => {
    expect(readParsable("7|a|3\n", "f", SPEC)).toMatchObject({
      columns: ["ID", "Name", "Count"],
      columnsFrom: "the tool's default order",
      headerLine: 0,
      rows: [{ line: 1, lastLine: 1, values: ["7", "a", "3"], recovered: false }],
    });
    expect(readParsable("7|3|a\n", "f", SPEC, { columns: ["id", "count", "name"] })).toMatchObject({
      columns: ["ID", "Count", "Name"],
      columnsFrom: "columns option",
    });
  });
  it("places extra fields and line breaks in free-text columns: one record from lines 3–5", () => {
    const t = readParsable("ID|Name|Count|Note\n1|a|b|2|x\n2|multi\nline|3|n\nte\n", "f", SPEC);
    expect(t.rows).toEqual([
      { line: 2, lastLine: 2, values: ["1", "a|b", "2", "x"], recovered: true },
      { line: 3, lastLine: 5, values: ["2", "multi\nline", "3", "n\nte"], recovered: true },
    ]);
  });
  it("names every missing column at once, a group of alternatives as one of them", () => {
    const t = readParsable("ID|Note\n1|x\n", "f.txt", SPEC);
    expect(() => requireColumns(t, [["ID"], ["Name"], ["Count", "Total"]], SPEC)).toThrow(
      'f.txt:1: invalid header: "ID|Note"; expected the columns ID, Name, Count or Total; missing Name, one of Count/Total (re-export with tool -P)',
    );
  });
});
