import { describe, expect, it } from "vitest";
import { parseReferenceCsv, readReferenceCsv, referenceNumber } from "../../lib/io/reference-csv";

describe("parseReferenceCsv", () => {
  it("reads the caption, the header and the rows: quotes, trimmed cells, CRLF, a BOM, `#` and blank lines skipped", () => {
    const t = parseReferenceCsv(
      '\uFEFF# Table 9: caption\r\nqos, wallclock\r\n\r\n"a, b", 72:00\r\n# a note\r\nc,"q""z"\r\n',
      "t.csv",
    );
    expect(t).toEqual({
      file: "t.csv",
      comments: ["Table 9: caption"],
      columns: ["qos", "wallclock"],
      records: [
        { values: { qos: "a, b", wallclock: "72:00" }, line: 4 },
        { values: { qos: "c", wallclock: 'q"z' }, line: 6 },
      ],
    });
  });

  it("names file, line and field on bad data", () => {
    expect(() => parseReferenceCsv("a,b\n1,2,3\n", "r.csv")).toThrow(
      /^r\.csv:2: invalid row: "1,2,3"; expected 2 comma-separated fields \(a,b\)$/,
    );
    expect(() => parseReferenceCsv("# only a comment\n", "e.csv")).toThrow(
      /^e\.csv:1: invalid header: ""; expected a header line$/,
    );
    expect(() => parseReferenceCsv("", "e.csv", ["a"])).toThrow(
      /^e\.csv:1: invalid header: ""; expected a header line with columns a$/,
    );
    expect(() => parseReferenceCsv("# c\na,b\n", "h.csv", ["a", "c"])).toThrow(
      /^h\.csv:2: invalid header: "a,b"; expected columns a,c$/,
    );
    expect(() => parseReferenceCsv('a\n"open\n', "q.csv")).toThrow(/^q\.csv:2: invalid quoting: /);
  });
});

describe("readReferenceCsv and referenceNumber", () => {
  it("reads a published table relative to the root and its numbers by the options' rules", () => {
    const t = readReferenceCsv("data/reference/thesis/table09.csv");
    expect(t.file).toBe("data/reference/thesis/table09.csv");
    expect(t.comments[0]).toMatch(/^Thesis Table 9:/);
    expect(t.columns).toEqual(["qos", "wallclock"]);
    const n = parseReferenceCsv("a,b\n1.5,\n-2,x\n", "n.csv");
    const [r1, r2] = n.records;
    expect(referenceNumber(n, r1, "a")).toBe(1.5);
    expect(referenceNumber(n, r1, "b", { blank: NaN })).toBeNaN();
    expect(() => referenceNumber(n, r1, "b")).toThrow(/^n\.csv:2: invalid b: ""; expected a number$/);
    expect(() => referenceNumber(n, r2, "b", { blank: 0 })).toThrow(
      /^n\.csv:3: invalid b: "x"; expected a number or an empty cell$/,
    );
    expect(() => referenceNumber(n, r2, "a", { min: 0 })).toThrow(
      /^n\.csv:3: invalid a: "-2"; expected a number >= 0$/,
    );
    expect(() => referenceNumber(n, r1, "a", { integer: true, expected: "bits" })).toThrow(
      /^n\.csv:2: invalid a: "1\.5"; expected bits$/,
    );
    expect(() => readReferenceCsv("data/reference/none.csv")).toThrow(/none\.csv: cannot read: /);
  });
});
