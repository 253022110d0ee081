import { describe, expect, it } from "vitest";
import { once } from "../../lib/util/once";

describe("once", () => {
  it("calls fn on the first call only and returns the same value after", () => {
    let calls = 0;
    const get = once(() => {
      calls += 1;
      return { n: calls };
    });
    expect(calls).toBe(0);
    const a = get();
    const b = get();
    expect(calls).toBe(1);
    expect(b).toBe(a);
    expect(a).toEqual({ n: 1 });
  });
  it("remembers undefined as a value", () => {
    let calls = 0;
    const get = once(() => {
      calls += 1;
      return undefined;
    });
    get();
    get();
    expect(calls).toBe(1);
  });
  it("does not remember a call that throws", () => {
    let calls = 0;
    const get = once(() => {
      calls += 1;
      if (calls === 1) throw new Error("first fails");
      return calls;
    });
    expect(() => get()).toThrow(/^first fails$/);
    expect(get()).toBe(2);
    expect(get()).toBe(2);
  });
  it("refuses a non-function", () => {
    expect(() => once(3 as unknown as () => number)).toThrow(/^invalid fn: 3; expected a function$/);
  });
});
