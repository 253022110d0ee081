import { describe, expect, it } from "vitest";
import { thesisSchema } from "../../lib/clean/schema";

describe("thesisSchema", () => {
  it("reads Tables 6 and 7 with the step that reads each field", () => {
    const t6 = thesisSchema("experiments");
    const t7 = thesisSchema("jobs");
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
    expect(t7.find((r) => r.field === "procs")!.readBy).toMatch(/procs-min/);
    expect(t7.find((r) => r.field === "threads")!.readBy).toBe("");
  });
  it("refuses another file", () => {
    // @ts-expect-error: a wrong file name
    expect(() => thesisSchema("users")).toThrow(
      /^invalid file: "users"; expected one of "experiments", "jobs"$/,
    );
  });
});
