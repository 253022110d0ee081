import { describe, expect, it } from "vitest";
import { progressText, showProgress } from "../../../views/display/progress";

describe("a progress line", () => {
  it("says what is done of what, in whole percent", () => {
    expect(progressText("What-if grid", 3, 13)).toBe("What-if grid: 3 of 13 (23%)");
    expect(progressText("x", 0, 0)).toBe("x: 0 of 0 (100%)");
  });
  it("sends nothing outside a kernel", () => {
    expect(() => showProgress("p", "x")(1, 2)).not.toThrow();
  });
});
