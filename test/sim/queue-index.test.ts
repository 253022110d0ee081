import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QueueIndex } from "../../lib/sim/queue-index";

describe("QueueIndex", () => {
  it("finds the next pending position whose job passes, skipping cleared ones", () => {
    const q = new QueueIndex(6);
    const nodes = [4, 1, 3, 2, 5, 1];
    nodes.forEach((n, p) => q.set(p, 100 + p, n, 60 * (p + 1)));
    const fits = (free: number) => (mn: number) => mn <= free;
    expect(q.next(-1, fits(2))).toBe(1);
    expect(q.job(1)).toBe(101);
    expect(q.next(1, fits(2))).toBe(3);
    q.clear(3);
    expect(q.next(1, fits(2))).toBe(5);
    expect(q.next(5, fits(2))).toBe(-1);
    expect(q.next(-1, () => true)).toBe(0);
  });
  it("backtracks when a subtree's minima come from different jobs", () => {
    const q = new QueueIndex(4);
    q.set(0, 0, 1, 1000); // small but long
    q.set(1, 1, 9, 10); // short but wide
    q.set(2, 2, 2, 20); // small and short
    const accept = (mn: number, ml: number) => mn <= 2 && ml <= 100;
    expect(q.next(-1, accept)).toBe(2);
  });
  it("rejects a bad size", () => {
    expect(() => new QueueIndex(-1)).toThrow(/^invalid positions: -1; expected a whole number >= 0/);
  });
  it("property: next equals a linear scan for monotone tests (nodes ≤ free and (nodes ≤ extra or now + limit ≤ shadow))", () => {
    fc.assert(fc.property(
      fc.array(fc.record({ nodes: fc.integer({ min: 1, max: 16 }), limit: fc.integer({ min: 1, max: 500 }), pending: fc.boolean() }), { minLength: 1, maxLength: 70 }),
      fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 16 }), fc.integer({ min: 0, max: 600 }), fc.integer({ min: -1, max: 70 }),
      (jobs, free, extra, shadow, after) => {
        const q = new QueueIndex(jobs.length);
        jobs.forEach((j, p) => (j.pending ? q.set(p, p, j.nodes, j.limit) : q.clear(p)));
        const now = 7;
        const ok = (n: number, l: number) => n <= free && (n <= extra || now + l <= shadow);
        let want = -1;
        for (let p = Math.max(0, after + 1); p < jobs.length; p++) if (jobs[p].pending && ok(jobs[p].nodes, jobs[p].limit)) { want = p; break; }
        expect(q.next(after, ok)).toBe(want);
      }), { seed: 3, numRuns: 400 });
  });
});
