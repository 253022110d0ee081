import { describe, expect, it } from "vitest";
import { clockLagOf } from "../../cluster/clock-lag";

describe("time(NULL)'s measured lag", () => {
  it("the models use the median of the samples, and 0 for a recording without any", () => {
    expect(clockLagOf([0.0043, 0.0041, 0.0052])).toBe(0.0043);
    expect(clockLagOf([0.004, 0.002, 0.003, 0.005])).toBe(0.0035);
    expect(clockLagOf([])).toBe(0);
    expect(clockLagOf(undefined)).toBe(0);
  });
});
