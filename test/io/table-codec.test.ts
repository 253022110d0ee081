import * as aq from "arquero";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeTable, encodeTable } from "../../lib/io/table-codec";

function columns(t: ReturnType<typeof aq.table>): Record<string, unknown[]> {
  return Object.fromEntries(t.columnNames().map((c) => [c, Array.from(t.array(c) as ArrayLike<unknown>)]));
}

describe("encodeTable / decodeTable", () => {
  it("round-trips every column kind exactly, as plain arrays", () => {
    const t = aq.table({
      int: [1, -2, 2147483647, -2147483648],
      float: [0.1, NaN, -0, 1e300],
      big: [2147483648, 1, 2, 3],
      dict: ["a", "b", "a", "a"],
      unique: ["x", "", "ü€", "w"],
      mixed: [1, "a", null, true],
      nul: ["a\0b", "c", "c", "c"],
    });
    const back = decodeTable(encodeTable(t));
    expect(back.columnNames()).toEqual(t.columnNames());
    for (const c of t.columnNames()) expect(Array.isArray(back.array(c)), c).toBe(true);
    const got = columns(back),
      want = columns(t);
    for (const c of Object.keys(want))
      for (let i = 0; i < 4; i++) expect(Object.is(got[c][i], want[c][i]), `${c}[${i}]`).toBe(true);
  });
  it("round-trips an empty table", () => {
    const back = decodeTable(encodeTable(aq.table({ a: [], b: [] })));
    expect(back.numRows()).toBe(0);
    expect(back.columnNames()).toEqual(["a", "b"]);
  });
  it("rejects bytes that are not an encoded table, and a cut-short one", () => {
    expect(() => decodeTable(new Uint8Array([1, 2, 3]), "x.bin")).toThrow(
      /^invalid x.bin: "3 bytes"; expected a table encoded by encodeTable/,
    );
    const bytes = encodeTable(aq.table({ a: [1, 2, 3] }));
    expect(() => decodeTable(bytes.subarray(0, bytes.byteLength - 12), "y.bin")).toThrow(
      /^invalid y.bin: .*column a at byte \d+ \(\+12\); the file is cut short/,
    );
  });
  it("property: any table of number and string columns survives a round trip value for value", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 30 })
          .chain((n) =>
            fc.tuple(
              fc.array(fc.double(), { minLength: n, maxLength: n }),
              fc.array(fc.integer(), { minLength: n, maxLength: n }),
              fc.array(fc.string(), { minLength: n, maxLength: n }),
              fc.array(fc.constantFrom("p", "q"), { minLength: n, maxLength: n }),
            ),
          ),
        ([d, i, s, k]) => {
          const t = aq.table({ d, i, s, k });
          const back = columns(decodeTable(encodeTable(t)));
          const want = columns(t);
          for (const c of Object.keys(want)) {
            expect(back[c].length).toBe(want[c].length);
            for (let r = 0; r < want[c].length; r++) expect(Object.is(back[c][r], want[c][r])).toBe(true);
          }
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
