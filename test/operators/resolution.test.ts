import { describe, expect, it } from "vitest";
import {
  effectivePriority,
  orderByExactPriority,
  orderBySerializedPriority,
  priorityScalar,
  resolutionOfBits,
  serializePriorityVector,
} from "../../lib/operators/resolution";

describe("scalar serialisation (Fig. 4, Eqs. 17, 20)", () => {
  it("maps −1 to 0 and 1 to r − 1", () => {
    expect(priorityScalar(-1, 10000)).toBe(0);
    expect(priorityScalar(1, 10000)).toBe(9999);
    expect(priorityScalar(0, 10000)).toBe(5000);
    expect(priorityScalar(0.3, 10000)).toBe(6500);
  });
  it("S(p, r) is the lowest priority of p's level", () => {
    expect(effectivePriority(0.3, 4)).toBe(0);
    expect(effectivePriority(-0.3, 4)).toBe(-0.5);
    expect(effectivePriority(1, 4)).toBe(0.5);
    expect(resolutionOfBits(3)).toBe(8);
  });
  it("serialises vectors into zero-padded keys", () => {
    const s = serializePriorityVector([0.3, -0.98, 0.8], 10000);
    expect(s.scalars).toEqual([6500, 100, 9000]);
    expect(s.key).toBe("650001009000");
  });
  it("a low resolution merges first components and flips the order (Fig. 5)", () => {
    const users = [
      [0.505, -0.5],
      [0.5, 0.3],
    ];
    expect(orderByExactPriority(users)).toEqual([0, 1]);
    expect(orderBySerializedPriority(users, 100)).toEqual([1, 0]);
    expect(orderBySerializedPriority(users, 1000)).toEqual([0, 1]);
  });
  it("rejects bad inputs", () => {
    expect(() => priorityScalar(1.1, 10)).toThrow(/^invalid p: 1\.1; expected a finite number in \[-1, 1\]$/);
    expect(() => priorityScalar(0, 1)).toThrow(/^invalid r: 1; expected an integer >= 2/);
    expect(() => serializePriorityVector([], 10)).toThrow(
      /^invalid vector: \[\]; expected a non-empty array of priorities in \[-1, 1\]$/,
    );
    expect(() => resolutionOfBits(0)).toThrow(/^invalid bits: 0;/);
  });
});
