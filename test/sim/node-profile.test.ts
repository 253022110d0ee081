import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NodeProfile } from "../../lib/sim/node-profile";
import { NodeRuns } from "../../lib/sim/node-runs";
import { NodeSet } from "../../lib/sim/node-set";
import { Profile } from "../../lib/sim/profile";
import { _selectLinear } from "../../lib/sim/select-linear";
import { PerNodeProfile, scanSelectLinear } from "./oracles/node-placement-per-node";

// n1 idle now, n2 released at 50, n3 at 100; n1 reserved on [60, 200)
function map() {
  const releases: [number, number][] = [
    [50, 1],
    [100, 1],
  ];
  const counts = new Profile(0, 1, releases);
  const p = new NodeProfile(
    0,
    new NodeRuns(0, 1),
    {
      times: [50, 100],
      runs: [
        [1, 1],
        [2, 1],
      ],
    },
    new Profile(0, 1, releases),
    new Profile(0, 1, releases),
  );
  p.reserve(60, 200, [0, 1]);
  counts.reserve(60, 200, 1);
  return { p, counts };
}
const hosts = (free: NodeRuns) => free.toNodeSet(3).toHostlist();
const at = (r: { start: number; free: NodeRuns | null } | null) =>
  r ? `${r.start} ${hosts(r.free!)}` : null;

describe("node-level backfill map", () => {
  it("a job fits only on nodes free over its whole window; counts see a fit across the gap", () => {
    const { p, counts } = map();
    expect(counts.earliestStart(1, 100, 0)).toBe(0);
    expect(at(p.earliestStart(1, 100, 0))).toBe("50 n2");
    expect(at(p.earliestStart(1, 60, 0))).toBe("0 n1");
    expect(at(p.earliestStart(2, 100, 0))).toBe("100 n[2-3]");
    expect(at(p.earliestStart(3, 10, 0))).toBe("200 n[1-3]");
    expect(hosts(p.freeOver(0, 300))).toBe("");
    expect(hosts(p.freeOver(100, 150))).toBe("n[2-3]");
  });
  it("a job started now holds its nodes until its end", () => {
    const { p } = map();
    expect(at(p.earliestStart(1, 10, 0))).toBe("0 n1");
    p.startNow(60, [0, 1], [0, 50]);
    expect(at(p.earliestStart(1, 10, 0))).toBe("50 n2");
    expect(at(p.earliestStart(2, 100, 0))).toBe("100 n[2-3]");
    expect(at(p.earliestStart(4, 1, 0))).toBe(null);
  });
});

// A random backfill cycle on W nodes: nodes idle or held by running jobs released at random times,
// then jobs asked about in turn, each started now, reserved or left as the Slurm scheduler does
// (starts and ends on a 10 s grid). lib's map (runs, reservations by interval) and the per-node
// oracle must give the same earliest start and the same free nodes at every step; picks come from
// each side's own select/linear. A job asked with a horizon it cannot meet is skipped, as the
// scheduler skips a job it cannot reserve.
const cycleArb = fc.integer({ min: 1, max: 40 }).chain((W) =>
  fc.record({
    W: fc.constant(W),
    // per node: -1 idle, else the running job (0..5) holding it
    holder: fc.array(fc.integer({ min: -1, max: 5 }), { minLength: W, maxLength: W }),
    // per running job: its planned end (the map's origin is 0)
    ends: fc.array(
      fc.integer({ min: 1, max: 12 }).map((k) => k * 25),
      { minLength: 6, maxLength: 6 },
    ),
    jobs: fc.array(
      fc.record({
        nodes: fc.integer({ min: 1, max: W }),
        duration: fc.integer({ min: 1, max: 200 }),
        ceil: fc.boolean(),
        horizon: fc.oneof(fc.constant(Infinity), fc.integer({ min: 0, max: 300 })),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  }),
);

describe("node-level backfill map against the per-node oracle", () => {
  it("property: the same earliest starts and free nodes through a cycle of starts and reservations", () => {
    fc.assert(
      fc.property(cycleArb, ({ W, holder, ends, jobs }) => {
        const rel = Float64Array.from(holder, (h) => (h < 0 ? -Infinity : ends[h]));
        const idle = holder.flatMap((h, k) => (h < 0 ? [k] : []));
        const held = ends.map((_, j) => holder.flatMap((h, k) => (h === j ? [k] : [])));
        const order = ends.map((_, j) => j).sort((a, b) => ends[a] - ends[b]);
        const releases = order
          .filter((j) => held[j].length)
          .map((j): [number, number] => [ends[j], held[j].length]);
        const counts = () => new Profile(0, idle.length, releases);
        const lib = new NodeProfile(
          0,
          NodeRuns.ofNodeSet(NodeSet.of(W, idle)),
          {
            times: order.filter((j) => held[j].length).map((j) => ends[j]),
            runs: order
              .filter((j) => held[j].length)
              .map((j) => NodeRuns.ofNodeSet(NodeSet.of(W, held[j])).pairs()),
          },
          counts(),
          counts(),
        );
        const oracle = new PerNodeProfile(0, rel, counts());
        for (const job of jobs) {
          const got = lib.earliestStart(job.nodes, job.duration, 0, job.horizon),
            want = oracle.earliestStart(job.nodes, job.duration, 0);
          if (got && want && got.start > job.horizon) {
            // past the horizon: a start no later than the exact one, still past the horizon, no nodes
            expect([got.free, want.start >= got.start, want.start > job.horizon]).toEqual([null, true, true]);
            continue;
          }
          expect(got && [got.start, got.free!.toNodeSet(W).indices()]).toEqual(
            want && [want.start, want.free.indices()],
          );
          if (!got || !want) continue;
          const pick = _selectLinear(got.free!, job.nodes)!,
            oraclePick = scanSelectLinear(want.free, job.nodes)!;
          expect(new NodeSet(W).addPairs(pick).indices()).toEqual(oraclePick.indices());
          const s = got.start,
            window: [number, number] = [s, s + job.duration];
          const end = (job.ceil ? Math.ceil : Math.floor)((s + job.duration) / 10) * 10;
          if (s === 0) {
            lib.startNow(end, pick, window);
            oracle.startNow(end, oraclePick);
          } else {
            lib.reserve(Math.floor(s / 10) * 10, end, pick, window);
            oracle.reserve(Math.floor(s / 10) * 10, end, oraclePick);
          }
          const t = s + job.duration / 2;
          expect(
            lib
              .freeOver(t, t + job.duration)
              .toNodeSet(W)
              .indices(),
          ).toEqual(oracle.freeOver(t, t + job.duration).indices());
        }
      }),
      { numRuns: 400, seed: 31 },
    );
  });
});

describe("select/linear on runs against the per-node scan", () => {
  it("property: the same nodes for every usable set and size (ties, largest-first fill)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 80 })
          .chain((W) =>
            fc.tuple(
              fc.constant(W),
              fc.array(fc.boolean(), { minLength: W, maxLength: W }),
              fc.integer({ min: 1, max: W }),
            ),
          ),
        ([W, bits, nodes]) => {
          const usable = NodeSet.of(
            W,
            bits.flatMap((b, k) => (b ? [k] : [])),
          );
          const got = _selectLinear(NodeRuns.ofNodeSet(usable), nodes);
          const want = scanSelectLinear(usable, nodes);
          expect(got && new NodeSet(W).addPairs(got).indices()).toEqual(want && want.indices());
        },
      ),
      { numRuns: 1000, seed: 37 },
    );
  });
});
