import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type PolicyNode,
  flatPriorities,
  isolationExampleTree,
  isolationOutcome,
  isolationStudy,
  priorityVectors,
} from "../../lib/operators/isolation";
import { paperOperators } from "../../lib/operators/operator";
import { createRng } from "../../lib/util/rng";

const ops = paperOperators();
const relativeFamily = ops.filter((o) => !["Absolute", "Combined"].includes(o.name));

const shares = (k: number) =>
  fc.array(fc.integer({ min: 1, max: 100 }), { minLength: k, maxLength: k }).map((w) => {
    const sum = w.reduce((a, x) => a + x, 0);
    return w.map((x) => x / sum);
  });
const group = (name: string, prefix: string) =>
  fc.integer({ min: 1, max: 4 }).chain((k) =>
    fc
      .tuple(shares(k), fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: k, maxLength: k }))
      .map(([t, u]) => ({
        name,
        target: 0.5,
        children: t.map((x, i) => ({ name: `${prefix}${i}`, target: x, usage: u[i] })),
      })),
  );
const tree = fc.tuple(shares(2), group("A", "a"), group("B", "b")).map(([top, a, b]): PolicyNode => ({
  name: "",
  target: 1,
  children: [
    { ...a, target: top[0] },
    { ...b, target: top[1] },
  ],
}));
const factors = (t: PolicyNode) =>
  fc
    .array(fc.integer({ min: 0, max: 50 }), {
      minLength: t.children![0].children!.length,
      maxLength: t.children![0].children!.length,
    })
    .map((f) => new Map(t.children![0].children!.map((c, i) => [`A/${c.name}`, f[i] / 5])));

describe("subgroup isolation (§4.3)", () => {
  it("the tree algorithm: a usage change inside A leaves B's own components and order unchanged, every operator", () => {
    fc.assert(
      fc.property(
        tree.chain((t) => fc.tuple(fc.constant(t), factors(t))),
        ([t, f]) => {
          for (const op of ops) {
            const o = isolationOutcome(t, op, "B", f);
            expect(o.treeComponentsKept).toBe(true);
            expect(o.treeAfter).toEqual(o.treeBefore);
            expect(o.treeReversed).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the flat computation keeps B's order under the operators equivalent to Relative", () => {
    fc.assert(
      fc.property(
        tree.chain((t) => fc.tuple(fc.constant(t), factors(t))),
        ([t, f]) => {
          for (const op of relativeFamily) {
            const o = isolationOutcome(t, op, "B", f);
            expect(o.flatReversed).toBe(0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the example: Absolute and Combined reorder VO1 in the flat computation, not in the tree", () => {
    const vo2 = new Map([
      ["VO2/u4", 10],
      ["VO2/u5", 10],
    ]);
    const [abs] = ops;
    const o = isolationOutcome(isolationExampleTree(), abs, "VO1", vo2);
    expect(o.flatBefore).toEqual(["VO1/u2", "VO1/u3", "VO1/u1"]);
    expect(o.flatAfter).toEqual(["VO1/u1", "VO1/u2", "VO1/u3"]);
    expect(o.treeAfter).toEqual(o.treeBefore);
    const t = isolationStudy(ops, createRng(1), { trials: 50 });
    expect(t.count).toBe(50);
    const combined = t.example.find((r) => r.operator === "Combined")!;
    expect([combined.flatBefore, combined.flatAfter]).toEqual([
      ["VO1/u3", "VO1/u2", "VO1/u1"],
      ["VO1/u2", "VO1/u3", "VO1/u1"],
    ]);
    for (const r of t.trials) expect([r.treeComponentsChanged, r.treeReversed]).toEqual([0, 0]);
    expect(o.flatReversed).toBe(2);
  });

  it("vectors and flat priorities on a literal tree", () => {
    const [abs] = ops;
    const v = priorityVectors(isolationExampleTree(), abs);
    expect(v.get("VO1/u1")).toEqual([0.6 - 0.45, 0.5 - 30 / 45]);
    expect(flatPriorities(isolationExampleTree(), abs).get("VO1/u1")).toBeCloseTo(0.3 - 0.3, 12);
  });

  it("refuses bad input", () => {
    const [abs] = ops;
    expect(() => isolationOutcome(isolationExampleTree(), abs, "VO3", new Map())).toThrow(
      /^invalid subgroup: /,
    );
    expect(() => priorityVectors({ name: "", target: 2, children: [] }, abs)).toThrow(
      /^invalid tree.target: /,
    );
    expect(() => isolationStudy(ops, createRng(1), { trials: 0 })).toThrow(/^invalid trials: /);
  });
});
