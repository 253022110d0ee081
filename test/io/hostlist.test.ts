import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { expandHostlist, parseHostlist } from "../../lib/io/hostlist";

describe("expandHostlist", () => {
  it("expands ranges and lists, keeping zero padding", () => {
    expect(expandHostlist("n[1-3,5],m2")).toEqual(["n1", "n2", "n3", "n5", "m2"]);
    expect(expandHostlist("n7")).toEqual(["n7"]);
    expect(expandHostlist("c[08-10]")).toEqual(["c08", "c09", "c10"]);
    expect(expandHostlist("c[01-03,07],gpu5")).toEqual(["c01", "c02", "c03", "c07", "gpu5"]);
  });
  it("gives no node for a job that never ran, or an empty list", () => {
    expect(expandHostlist("None assigned")).toEqual([]);
    expect(expandHostlist("")).toEqual([]);
  });
});

describe("parseHostlist (Slurm's hostlist_create grammar)", () => {
  it("reads zero padding, several ranges, several bracket groups, a suffix and top-level commas", () => {
    expect(parseHostlist("n[001-003]")).toEqual(["n001", "n002", "n003"]);
    expect(parseHostlist("n[1-2,5,08-09]")).toEqual(["n1", "n2", "n5", "n08", "n09"]);
    expect(parseHostlist("rack[1-2]-n[1-2]")).toEqual(["rack1-n1", "rack1-n2", "rack2-n1", "rack2-n2"]);
    expect(parseHostlist("n[1-2]-ib,gpu01 bigmem01")).toEqual(["n1-ib", "n2-ib", "gpu01", "bigmem01"]);
    expect(parseHostlist("/dev/nvidia[0-1]")).toEqual(["/dev/nvidia0", "/dev/nvidia1"]);
  });
  it("refuses an unclosed bracket, a range that is no number, a backward range", () => {
    expect(() => parseHostlist("n[1-2")).toThrow(
      /^invalid hostlist: "n\[1-2"; expected Slurm's hostlist form such as n\[01-10,12\],gpu01 \("\[" without "\]" in "n\[1-2"\)$/,
    );
    expect(() => parseHostlist("n[a-b]")).toThrow(/range "a-b" is not a number or lo-hi/);
    expect(() => parseHostlist("n[5-1]")).toThrow(/range "5-1" runs backwards/);
    expect(() => parseHostlist("n[0-70000]")).toThrow(/range "0-70000" has more than 65536 hosts/);
  });
  it("expandHostlist reads the same names and skips a malformed token", () => {
    expect(expandHostlist("rack[1-2]-n[1-2],x[1-")).toEqual(["rack1-n1", "rack1-n2", "rack2-n1", "rack2-n2"]);
  });
});

describe("parseHostlist properties", () => {
  it("a bracketed list of padded numbers and ranges expands to exactly those names, in order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("n", "c", "gpu", "rack1-n"),
        fc.array(fc.tuple(fc.nat(200), fc.nat(5), fc.integer({ min: 1, max: 4 })), {
          minLength: 1,
          maxLength: 5,
        }),
        (prefix, parts) => {
          const body = parts
            .map(([lo, len, w]) => {
              const pad = (k: number) => String(k).padStart(w, "0");
              return len === 0 ? pad(lo) : `${pad(lo)}-${pad(lo + len)}`;
            })
            .join(",");
          const want = parts.flatMap(([lo, len, w]) =>
            Array.from({ length: len + 1 }, (_, i) => prefix + String(lo + i).padStart(w, "0")),
          );
          expect(parseHostlist(`${prefix}[${body}]`)).toEqual(want);
        },
      ),
    );
  });
});
