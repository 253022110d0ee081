import { describe, expect, it } from "vitest";
import { expandHostlist } from "../../lib/io/hostlist";

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
