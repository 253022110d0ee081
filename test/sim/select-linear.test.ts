import { describe, expect, it } from "vitest";
import { expandHostlist } from "../../lib/io/hostlist";
import { NodeRuns } from "../../lib/sim/node-runs";
import { NodeSet } from "../../lib/sim/node-set";
import { _selectLinear } from "../../lib/sim/select-linear";

const pick = (size: number, usable: number[], nodes: number) => {
  const got = _selectLinear(NodeRuns.ofNodeSet(NodeSet.of(size, usable)), nodes);
  return got && new NodeSet(size).addPairs(got).toHostlist();
};

describe("select/linear best fit", () => {
  it("takes the smallest run of consecutive nodes that holds the job, from its lowest index", () => {
    expect(pick(8, [0, 1, 2, 4, 5], 2)).toBe("n[5-6]");
    expect(pick(10, [0, 2, 3, 5, 6, 7, 8], 3)).toBe("n[6-8]");
    expect(pick(8, [0, 1, 2, 4, 5], 3)).toBe("n[1-3]");
  });
  it("on a tie, the first run", () => {
    expect(pick(8, [0, 1, 3, 4], 2)).toBe("n[1-2]");
    expect(pick(8, [1, 3, 5], 1)).toBe("n2");
  });
  it("when no run is large enough: the largest run whole, then the tightest fit for the rest", () => {
    expect(pick(8, [0, 1, 3, 5, 6, 7], 4)).toBe("n[4,6-8]");
    expect(pick(12, [0, 1, 3, 4, 6, 7, 8, 10], 6)).toBe("n[1-2,7-9,11]");
  });
  it("null when too few nodes are usable", () => {
    expect(pick(8, [0, 2], 3)).toBe(null);
  });
});

describe("NodeSet", () => {
  it("prints sacct's compressed NodeList, which expandHostlist reads back", () => {
    expect(NodeSet.of(40, [3]).toHostlist()).toBe("n4");
    expect(NodeSet.of(40, [0, 1]).toHostlist()).toBe("n[1-2]");
    expect(NodeSet.of(40, [0, 1, 2, 4, 31, 32, 33, 39]).toHostlist()).toBe("n[1-3,5,32-34,40]");
    expect(new NodeSet(5).toHostlist()).toBe("");
    expect(new NodeSet(70, true).toHostlist()).toBe("n[1-70]");
    expect(expandHostlist(NodeSet.of(40, [0, 1, 2, 4, 39]).toHostlist())).toEqual([
      "n1",
      "n2",
      "n3",
      "n5",
      "n40",
    ]);
  });
  it("counts, intersects and subtracts across word boundaries", () => {
    const a = NodeSet.of(70, [0, 31, 32, 63, 64, 69]),
      b = NodeSet.of(70, [31, 32, 69]);
    expect(a.count()).toBe(6);
    expect(a.clone().and(b).indices()).toEqual([31, 32, 69]);
    expect(a.clone().andNot(b).indices()).toEqual([0, 63, 64]);
    expect([a.disjoint(b), a.clone().andNot(b).disjoint(b)]).toEqual([false, true]);
    expect(new NodeSet(100).addRange(30, 66).toHostlist()).toBe("n[31-66]");
    expect(new NodeSet(100).addRange(32, 64).addRange(5, 6).toHostlist()).toBe("n[6,33-64]");
    expect(new NodeSet(100).addRange(40, 40).count()).toBe(0);
  });
  it("removes runs across word boundaries, and reads the runs back", () => {
    const s = new NodeSet(96).addRange(30, 70).removeRange(40, 42);
    const runs: number[] = [];
    s.eachRun((a, n) => runs.push(a, n));
    expect(runs).toEqual([30, 10, 42, 28]);
    const less: number[] = [];
    new NodeSet(96, true).eachRun((a, n) => less.push(a, n), s);
    expect(less).toEqual([0, 30, 40, 2, 70, 26]);
    expect(s.addRange(0, 96).removeRange(20, 70).removePairs([0, 1, 95, 1]).toHostlist()).toBe(
      "n[2-20,71-95]",
    );
    expect(s.addRange(0, 96).removeRange(5, 5).count()).toBe(96);
  });
  it("refuses a bad size or index", () => {
    expect(() => new NodeSet(0)).toThrow(/^invalid size: 0; expected an integer >= 1$/);
    expect(() => NodeSet.of(4, [4])).toThrow(/^invalid node index: 4; expected an integer >= 0 and <= 3$/);
  });
});
