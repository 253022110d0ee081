import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  TresUsage,
  _selectConsTres,
  chooseFromOffers,
  markNearGpus,
  offersInto,
} from "../../lib/sim/select-cons-tres";
import { syncedWeight } from "../../lib/sim/tres-node-sets";
import { SelectConfig, type TresPlacementOptions as SelectTypeOptions } from "../../lib/sim/select-type";
import type { JobTres, TresNode } from "../../lib/sim/tres";

const node = (i: number, cpus = 8, extra: Partial<TresNode> = {}): TresNode => ({
  name: `n${i + 1}`,
  cpus,
  memoryMiB: 8000,
  gpus: 0,
  features: [],
  partitions: ["p"],
  ...extra,
});
const req = (c: number, extra: Partial<JobTres> = {}): JobTres => ({
  cpusPerNode: c,
  memPerNodeMiB: 0,
  gpusPerNode: 0,
  constraint: "",
  exclusive: false,
  ...extra,
});
const all = (n: number) => new Uint8Array(n).fill(1);
/** Usage with `busy` CPUs taken on each node (by a job of that many CPUs). */
const used = (nodes: TresNode[], busy: number[]) => {
  const u = new TresUsage(nodes);
  busy.forEach((c, i) => c > 0 && u.apply(i, req(c), 1));
  return u;
};

describe("cons_tres's node choice (job_test.c _eval_nodes)", () => {
  it("a node offers a shared job its free CPUs when they hold its tasks, with the memory and GPUs", () => {
    const nodes = [node(0, 8, { gpus: 2 }), node(1, 4)];
    const u = used(nodes, [5, 0]);
    expect(u.offer(0, req(2))).toBe(3);
    expect(u.offer(0, req(4))).toBe(0);
    // a job asking GPUs: only the CPUs it asks (gres_select_filter_sock_core clears the other cores)
    expect(u.offer(0, req(1, { gpusPerNode: 2 }))).toBe(1);
    expect(u.offer(1, req(1, { gpusPerNode: 1 }))).toBe(0);
    expect(u.offer(1, req(1, { memPerNodeMiB: 8001 }))).toBe(0);
  });
  it("a job asking GPUs is offered the same CPUs by every node that holds it, so it goes to the first", () => {
    // n1 idle (4 free CPUs), n2 with 2 of its 4 CPUs taken; both have their 2 GPUs free
    const nodes = [node(0, 4, { gpus: 2 }), node(1, 4, { gpus: 2 })];
    const u = used(nodes, [0, 2]);
    // without GPUs, best fit: the node offering the fewest CPUs that suffice (n2: 2)
    expect(_selectConsTres(u, req(2), 1, all(2))).toEqual([1]);
    // with GPUs, each offers the 2 asked: a tie, the first node wins (as Slurm 22.05 placed such a job)
    expect(_selectConsTres(u, req(2, { gpusPerNode: 2 }), 1, all(2))).toEqual([0]);
  });
  it("an exclusive job: every CPU of an idle node, none of a busy one; nothing joins it", () => {
    const nodes = [node(0, 8), node(1, 4)];
    const u = used(nodes, [1, 0]);
    expect(u.offer(0, req(1, { exclusive: true }))).toBe(0);
    expect(u.offer(1, req(1, { exclusive: true }))).toBe(4);
    u.apply(1, req(1, { exclusive: true }), 1);
    expect(u.offer(1, req(1))).toBe(0);
  });
  it("takes the smallest set of consecutive usable nodes that holds the job, from its first node", () => {
    // usable: n1 n2 n3 | n5 n6 (n4 full)
    const nodes = Array.from({ length: 6 }, (_, i) => node(i));
    const u = used(nodes, [0, 0, 0, 8, 0, 0]);
    expect(_selectConsTres(u, req(2), 2, all(6))).toEqual([4, 5]);
    expect(_selectConsTres(u, req(2), 3, all(6))).toEqual([0, 1, 2]);
    expect(_selectConsTres(u, req(2), 1, all(6))).toEqual([4]);
  });
  it("when no set is large enough: the biggest set whole, then the best of the rest", () => {
    // usable: n1 n2 | n4 | n6 n7 n8
    const nodes = Array.from({ length: 8 }, (_, i) => node(i));
    const u = used(nodes, [0, 0, 8, 0, 8, 0, 0, 0]);
    expect(_selectConsTres(u, req(1), 4, all(8))).toEqual([3, 5, 6, 7]);
  });
  it("exclusive jobs weigh sets by their CPUs: the tightest in CPUs, not in nodes", () => {
    // n1 (16 CPUs) alone, n3 n4 (4 CPUs each) together: a 1-node exclusive job takes n3
    const nodes = [node(0, 16), node(1, 8), node(2, 4), node(3, 4)];
    const u = used(nodes, [0, 1, 0, 0]);
    expect(_selectConsTres(u, req(1, { exclusive: true }), 1, all(4))).toEqual([2]);
  });
  it("a lower scheduling weight wins over a tighter fit", () => {
    const nodes = [node(0, 8, { weight: 5 }), node(1, 8, { weight: 5 }), node(2, 8, { weight: 1 })];
    expect(_selectConsTres(new TresUsage(nodes), req(1), 1, all(3))).toEqual([2]);
  });
  it("only allowed nodes; null when too few can take it", () => {
    const nodes = Array.from({ length: 4 }, (_, i) => node(i));
    expect(_selectConsTres(new TresUsage(nodes), req(1), 2, Uint8Array.of(1, 0, 0, 1))).toEqual([0, 3]);
    expect(_selectConsTres(new TresUsage(nodes), req(1), 3, Uint8Array.of(1, 0, 0, 1))).toBe(null);
  });

  it("a one-node job goes to the node whose free CPUs fit it tightest (the first on ties)", () => {
    // n1 8 free, n2 4 free, n3 2 free: a 4-CPU job takes n2, a 2-CPU job n3, a 5-CPU job n1
    const nodes = [node(0), node(1), node(2)];
    const u = used(nodes, [0, 4, 6]);
    expect(_selectConsTres(u, req(4), 1, all(3))).toEqual([1]);
    expect(_selectConsTres(u, req(2), 1, all(3))).toEqual([2]);
    expect(_selectConsTres(u, req(5), 1, all(3))).toEqual([0]);
  });

  // the definition for shared jobs on equal weights, where every usable node offers the same CPUs:
  // the first of the shortest runs of consecutive usable nodes that hold the job gives its first
  // nodes; else the longest runs are taken whole, longest first, until the job has its nodes
  const byDefinition = (usable: boolean[], count: number): number[] | null => {
    const runs: number[][] = [];
    usable.forEach((u, i) => {
      if (!u) return;
      const last = runs[runs.length - 1];
      if (last && last[last.length - 1] === i - 1) last.push(i);
      else runs.push([i]);
    });
    if (runs.reduce((s, r) => s + r.length, 0) < count) return null;
    const out: number[] = [];
    let rem = count;
    while (rem > 0) {
      const fits = runs.filter((r) => r.length >= rem);
      const run = fits.length
        ? fits.reduce((a, b) => (b.length < a.length ? b : a))
        : runs.reduce((a, b) => (b.length > a.length ? b : a));
      out.push(...run.slice(0, rem));
      rem -= Math.min(rem, run.length);
      runs.splice(runs.indexOf(run), 1);
    }
    return out.sort((a, b) => a - b);
  };
  it("property: shared jobs on idle nodes of one size get the nodes of the definition", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 8), { minLength: 1, maxLength: 24 }), // idle or full: equal offers
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 8 }),
        (busy, count, c) => {
          const nodes = busy.map((_, i) => node(i));
          const u = used(nodes, busy);
          const usable = busy.map((b) => 8 - b >= c);
          expect(_selectConsTres(u, req(c), count, all(nodes.length))).toEqual(byDefinition(usable, count));
        },
      ),
    );
  });
  it("property: the choice reads the nodes' offers without changing them, and an offer reads its own node's use alone (the will-run test keeps the offers between its batches, changing only the nodes whose jobs end)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(4, 8, 16), fc.nat(16), fc.boolean()), {
          minLength: 1,
          maxLength: 16,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.nat(15), { maxLength: 6 }),
        (spec, count, c, ends) => {
          const nodes = spec.map(([cpus], i) => node(i, cpus));
          const u = new TresUsage(nodes);
          spec.forEach(([cpus, busy], i) => busy % (cpus + 1) > 0 && u.apply(i, req(busy % (cpus + 1)), 1));
          const allowed = Uint8Array.from(spec, ([, , a]) => (a ? 1 : 0));
          const avail = new Int32Array(nodes.length);
          const usable = offersInto(u, req(c), allowed, avail);
          expect(usable).toBe(avail.filter((a) => a > 0).length);
          const before = avail.slice();
          const pick = usable >= count ? chooseFromOffers(u, req(c), count, avail) : null;
          expect(avail).toEqual(before);
          expect(pick).toEqual(_selectConsTres(u, req(c), count, allowed));
          // jobs ending on some nodes: recomputing those nodes' offers gives the offers computed afresh
          for (const k of ends) {
            const i = k % nodes.length;
            if (u.cpus[i] === 0) continue;
            u.apply(i, req(u.cpus[i]), -1);
            avail[i] = allowed[i] ? u.offer(i, req(c)) : 0;
          }
          const fresh = new Int32Array(nodes.length);
          offersInto(u, req(c), allowed, fresh);
          expect(avail).toEqual(fresh);
        },
      ),
    );
  });
  describe("the nodes' scheduling weights (node_scheduler.c _set_sched_weight, job_test.c can_job_run_on_node)", () => {
    // two 4-CPU nodes, then an 8-CPU node with 2 GPUs; every weight synced (Weight 1 << 8 | 0xff)
    const nodes = [node(0, 4), node(1, 4), node(2, 8, { gpus: 2 })];
    const synced = () => Float64Array.from(nodes, syncedWeight);
    it("a synced node weighs Weight << 8 | 0xff", () => {
      expect([...synced()]).toEqual([511, 511, 511]);
      expect(syncedWeight(node(0, 4, { weight: 3 }))).toBe(3 * 256 + 255);
    });
    it("evaluating a GPU job leaves 0xff less the GPUs it asks on each node with them free and its CPUs", () => {
      const w = synced();
      markNearGpus(new TresUsage(nodes), req(2, { gpusPerNode: 1 }), all(3), w);
      expect([...w]).toEqual([511, 511, 510]);
      markNearGpus(new TresUsage(nodes), req(2, { gpusPerNode: 2 }), all(3), w);
      expect([...w]).toEqual([511, 511, 509]);
      // not where its GPUs are taken, not where the node has fewer CPUs than it asks, not outside `allowed`
      const busy = new TresUsage(nodes);
      busy.apply(2, req(1, { gpusPerNode: 2 }), 1);
      const v = synced();
      markNearGpus(busy, req(1, { gpusPerNode: 1 }), all(3), v);
      markNearGpus(new TresUsage(nodes), req(9, { gpusPerNode: 1 }), all(3), v);
      markNearGpus(new TresUsage(nodes), req(1, { gpusPerNode: 1 }), Uint8Array.of(1, 1, 0), v);
      expect([...v]).toEqual([511, 511, 511]);
      // a job asking no GPUs changes no weight
      markNearGpus(new TresUsage(nodes), req(1), all(3), v);
      expect([...v]).toEqual([511, 511, 511]);
    });
    it("the lighter set wins: a node a GPU job was evaluated on draws the next job, which otherwise fits tighter elsewhere", () => {
      const u = new TresUsage(nodes);
      // equal weights: one set of three nodes; a 2-CPU job takes the first node offering the fewest CPUs
      expect(_selectConsTres(u, req(2), 1, all(3), synced())).toEqual([0]);
      const w = synced();
      markNearGpus(u, req(1, { gpusPerNode: 1 }), all(3), w);
      // n3 now weighs 510: sets [n1-n2] (511) and [n3] (510); the lighter set is taken first
      expect(_selectConsTres(u, req(2), 1, all(3), w)).toEqual([2]);
      expect(_selectConsTres(u, req(2), 2, all(3), w)).toEqual([0, 2]);
    });
    it("a GPU job's own evaluation comes before its node choice", () => {
      const w = synced();
      expect(_selectConsTres(new TresUsage(nodes), req(1, { gpusPerNode: 1 }), 1, all(3), w)).toEqual([2]);
      expect([...w]).toEqual([511, 511, 510]);
    });
  });
});

describe("offers under SelectTypeParameters, memory per CPU, the release and the plugin (cons_common.c _allocate_sc, can_job_run_on_node)", () => {
  // one node of 8 CPUs, 4 cores of 2 threads, 8000 MiB
  const ht = [node(0, 8, { threadsPerCore: 2 })];
  const under = (p: string, o: Partial<SelectTypeOptions> = {}) =>
    new TresUsage(ht, new SelectConfig(ht, { selectTypeParameters: p as never, ...o }));
  it("a 3-task job takes 2 whole cores; the 4th CPU is no one else's; its memory per CPU counts 4 CPUs under CR_Core, 3 under CR_CPU", () => {
    const a = req(3, { memPerCpuMiB: 1000 });
    const core = under("CR_Core_Memory"),
      cpu = under("CR_CPU_Memory");
    core.apply(0, a, 1);
    cpu.apply(0, a, 1);
    expect([core.cpus[0], core.mem[0], cpu.cpus[0], cpu.mem[0]]).toEqual([4, 4000, 4, 3000]);
    expect([core.offer(0, req(5)), cpu.offer(0, req(5))]).toEqual([0, 0]);
    // b: 4 CPUs × 1100 MiB = 4400. CR_Core: 4000 free; the offer 4 drops by a core (2 CPUs) to 2,
    // fewer than b asks: 0. CR_CPU: 5000 free, 4 CPUs fit. Without _Memory, memory is not consumed.
    const b = req(4, { memPerCpuMiB: 1100 });
    expect([core.offer(0, b), cpu.offer(0, b)]).toEqual([0, 4]);
    const plain = under("CR_Core");
    plain.apply(0, a, 1);
    expect(plain.offer(0, b)).toBe(4);
  });
  it("the memory per CPU lowers an offer by the allocation step until it fits (22.05: every free CPU offered)", () => {
    const u = under("CR_Core_Memory");
    // 8 free CPUs × 1500 = 12000 > 8000: 6 × 1500 = 9000 > 8000: 4 × 1500 = 6000 fits: offer 4
    expect(u.offer(0, req(3, { memPerCpuMiB: 1500 }))).toBe(4);
    // 2 × 5000 > 8000 … 0 CPUs: none
    expect(u.offer(0, req(1, { memPerCpuMiB: 5000 }))).toBe(0);
    expect(under("CR_CPU_Memory").offer(0, req(1, { memPerCpuMiB: 5000 }))).toBe(1);
  });
  it("20.11 offers a job that asks tasks per node just its CPUs; the job then fails when its whole cores' memory does not fit", () => {
    const u = under("CR_Core_Memory", { slurmVersion: "20.11" });
    expect(u.offer(0, req(3))).toBe(3);
    // 3 × 2500 = 7500 fits the offer, but the 2 cores it takes count 4 CPUs: 10000 > 8000 (_job_test)
    const m = req(3, { memPerCpuMiB: 2500 });
    expect(u.offer(0, m)).toBe(3);
    expect(_selectConsTres(u, m, 1, all(1))).toBe(null);
    expect(_selectConsTres(under("CR_Core_Memory"), m, 1, all(1))).toBe(null); // 22.05: 4 × 2500 > 8000: 2 < 3
    expect(_selectConsTres(under("CR_CPU_Memory", { slurmVersion: "20.11" }), m, 1, all(1))).toEqual([0]);
  });
  it("20.11: every node offers the CPUs asked, so a one-node job goes to the first that holds it, not the tightest", () => {
    const nodes = [node(0, 8), node(1, 4)];
    const at = (v: "20.11" | "22.05") =>
      _selectConsTres(new TresUsage(nodes, new SelectConfig(nodes, { slurmVersion: v })), req(2), 1, all(2));
    expect([at("20.11"), at("22.05")]).toEqual([[0], [1]]);
  });
  it("select/cons_res: a GPU job is offered every free CPU (no gres_select_filter_sock_core), and node weights play no part in _eval_nodes", () => {
    const nodes = [node(0, 8, { gpus: 2, weight: 1 }), node(1, 4, { gpus: 2, weight: 5 })];
    const res = new TresUsage(nodes, new SelectConfig(nodes, { select: "cons_res" }));
    expect(res.offer(0, req(1, { gpusPerNode: 1 }))).toBe(8);
    // the tightest node that suffices (n2, 4 CPUs), though heavier; cons_tres: the lighter n1
    expect(_selectConsTres(res, req(1, { gpusPerNode: 1 }), 1, all(2))).toEqual([1]);
    expect(_selectConsTres(new TresUsage(nodes), req(1, { gpusPerNode: 1 }), 1, all(2))).toEqual([0]);
  });
});
