import { describe, expect, it } from "vitest";
import { NodeProfile } from "../../lib/sim/node-profile";
import { NodeSet } from "../../lib/sim/node-set";
import { Profile } from "../../lib/sim/profile";

// n1 idle now, n2 released at 50, n3 at 100; n1 reserved on [60, 200)
function map() {
  const releases: [number, number][] = [
    [50, 1],
    [100, 1],
  ];
  const counts = new Profile(0, 1, releases);
  const p = new NodeProfile(
    0,
    Float64Array.from([-Infinity, 50, 100]),
    new Profile(0, 1, releases),
    new Profile(0, 1, releases),
  );
  p.reserve(60, 200, NodeSet.of(3, [0]));
  counts.reserve(60, 200, 1);
  return { p, counts };
}
const at = (r: { start: number; free: NodeSet } | null) => (r ? `${r.start} ${r.free.toHostlist()}` : null);

describe("node-level backfill map", () => {
  it("a job fits only on nodes free over its whole window; counts see a fit across the gap", () => {
    const { p, counts } = map();
    expect(counts.earliestStart(1, 100, 0)).toBe(0);
    expect(at(p.earliestStart(1, 100, 0))).toBe("50 n2");
    expect(at(p.earliestStart(1, 60, 0))).toBe("0 n1");
    expect(at(p.earliestStart(2, 100, 0))).toBe("100 n[2-3]");
    expect(at(p.earliestStart(3, 10, 0))).toBe("200 n[1-3]");
    expect(p.freeOver(0, 300).toHostlist()).toBe("");
    expect(p.freeOver(100, 150).toHostlist()).toBe("n[2-3]");
  });
  it("a job started now holds its nodes until its end", () => {
    const { p } = map();
    expect(at(p.earliestStart(1, 10, 0))).toBe("0 n1");
    p.startNow(60, NodeSet.of(3, [0]), [0, 50]);
    expect(at(p.earliestStart(1, 10, 0))).toBe("50 n2");
    expect(at(p.earliestStart(2, 100, 0))).toBe("100 n[2-3]");
    expect(at(p.earliestStart(4, 1, 0))).toBe(null);
  });
});
