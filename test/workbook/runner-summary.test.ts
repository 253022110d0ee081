import { describe, expect, it } from "vitest";
import { failureSummary } from "../../workbook/runner";

describe("failureSummary", () => {
  it("picks the Error line of a runtime failure", () => {
    expect(
      failureSummary('evalmachine.<anonymous>:2\nthrow new Error("x");\n^\n\nError: boom\n    at foo'),
    ).toBe("Error: boom");
  });
  it("picks the diagnostic of a type error", () => {
    expect(failureSummary("1:7 - Type 'string' is not assignable to type 'number'.")).toBe(
      "1:7 - Type 'string' is not assignable to type 'number'.",
    );
  });
  it("falls back to the first line, or says there was none", () => {
    expect(failureSummary("\nsomething odd\nmore")).toBe("something odd");
    expect(failureSummary("")).toBe("(no stderr)");
  });
});
