import { describe, expect, it } from "vitest";
import { schemaTable } from "../../lib/clean/schema";

describe("schemaTable", () => {
  it("reads Tables 6 and 7 with the step that reads each field", () => {
    const t6 = schemaTable("experiments");
    const t7 = schemaTable("jobs");
    expect(t6.map((r) => r.field)).toEqual([
      "id",
      "name",
      "completed",
      "total",
      "user",
      "as.version",
      "created",
      "model",
      "hpc",
      "wrapper",
      "maxwrapper",
    ]);
    expect(t7).toHaveLength(13);
    expect(t7.find((r) => r.field === "procs")!["read by the cleaning"]).toMatch(/procs-min/);
    expect(t7.find((r) => r.field === "threads")!["read by the cleaning"]).toBe("");
  });
  it("refuses another file", () => {
    // @ts-expect-error: a wrong file name
    expect(() => schemaTable("users")).toThrow(
      /^invalid file: "users"; expected one of "experiments", "jobs"$/,
    );
  });
});
