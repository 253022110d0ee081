/**
 * The Slurm scheduler's placement under select/cons_tres (lib/sim/select-cons-tres.ts chooses the
 * nodes): jobs share nodes by CPUs, memory and GPUs, in their partition, on nodes with their features.
 * - main scheduler (job_scheduler.c `_schedule`): a job that cannot start marks its partition failed —
 *   no later job of that partition is tried, and the partition's nodes leave the pass's available
 *   nodes (`bit_and_not(avail_node_bitmap, part_ptr->node_bitmap)`); the pass ends when none is left.
 *   Except a job the available nodes could not hold even idle, none of those whose configuration
 *   fits it held whole (node_scheduler.c `_pick_best_nodes`: ESLURM_NODE_NOT_AVAIL): it is passed
 *   over. A job that has run out frees its CPUs, memory and GPUs at once (`select_p_job_fini`), but
 *   its nodes stay COMPLETING until they come back (`cg_node_bitmap`): the pass leaves them out and
 *   counts them busy;
 * - backfill (backfill.c `_attempt_backfill`): the map holds the nodes free of planned jobs per time
 *   slot, whole nodes: a reservation takes its nodes off over its window, and so does a job the cycle
 *   starts when it holds its nodes whole (`_bf_reserve_running`), each then merging the first two
 *   neighbouring slots with the same nodes (`_add_reservation`); the running jobs' CPUs, memory and
 *   GPUs are the will-run test's, on the nodes whose configuration holds the job's CPUs and memory
 *   per node and that have its features (`job_req_node_filter`, after the map is read over the
 *   partition's nodes). A job's window [start_res, start_res + limit) meets the slots;
 *   when the next slot frees nodes, `later_start` is where the job tries again (`TRY_LATER`) when it
 *   finds no nodes or a start after it, and so is its start when its nodes meet a reservation
 *   (`_test_resv_overlap`); a job that could start now on a COMPLETING node is planned a second
 *   later instead;
 * - will-run: lib/sim/tres-will-run.ts;
 * - node weights kept between jobs (lib/sim/tres-node-sets.ts): synced at a submission's test, each
 *   main-pass try and a backfilled start, not by the will-run test; so a backfilled job's nodes are
 *   chosen again at its start (backfill.c `_start_job` → `select_nodes`);
 * - select/cons_res (`select: "cons_res"`): `_pick_best_nodes` calls the plugin once per set of
 *   candidates, growing them node set by node set in weight order (lib/sim/tres-node-sets.ts
 *   `levels`), at each main-pass try and a backfilled start; its will-run test reads every usable node.
 * Options (lib/sim/select-type.ts): the plugin, SelectTypeParameters, the release, topology/tree.
 */
import { invalidArgument, invariantViolated } from "../util/errors";
import { NodeSet } from "./node-set";
import { NodeSpace } from "./node-space";
import type { Placement } from "./slurm-placement";
import type { SchedulerContext } from "./scheduler";
import { TresUsage, _selectConsTres, markNearGpus, reqFilterFits } from "./select-cons-tres";
import { SelectConfig, type TresPlacementOptions } from "./select-type";
import { TresNodeSets } from "./tres-node-sets";
import { willRunTest } from "./tres-will-run";
import type { SimJob } from "./job";
import type { JobTres, TresNode } from "./tres";

/** The main pass's own state: what `tryStart` answers and when the pass is over. */
export interface MainPass {
  /** Starts job j when it fits: "started", "failed" (its partition is marked failed) or "skipped". */
  tryStart(ctx: SchedulerContext, j: number): "started" | "failed" | "skipped";
  /** True when no node is left to this pass. */
  exhausted(): boolean;
}

/**
 * A placement on the machine's nodes as select/cons_tres (or cons_res) places jobs.
 * @param epoch seconds since the Unix epoch at simulated time 0 (the will-run test's windows)
 * @param options the select plugin's settings (defaults: cons_tres, CR_Core_Memory, 22.05, no topology)
 */
export function tresPlacement(
  machine: readonly TresNode[],
  epoch = 0,
  options: TresPlacementOptions = {},
): Placement & { mainPass(): MainPass; reject(job: SimJob): string | undefined } {
  const n = machine.length;
  const select = new SelectConfig(machine, options),
    res = select.plugin === "cons_res";
  const usage = new TresUsage(machine, select);
  const idle = new TresUsage(machine, select); // no job anywhere
  const held = new Map<number, number[]>();
  // jobs run out whose nodes are COMPLETING: their CPUs, memory and GPUs are free (select_p_job_fini
  // at _job_complete), their nodes marked (cg_node_bitmap) until they come back
  const released = new Set<number>();
  const cg = new Uint8Array(n);
  const map = new NodeSpace(n);
  const nw = (n + 31) >>> 5;
  // scratch arrays of a main-pass try or a backfilled start (the nodes allowed) and of a backfill
  // test (the slots' free nodes), each read only within the call that fills it
  const allowed = new Uint8Array(n),
    availW = new Uint32Array(nw);
  // the nodes a backfill test reads, as words (bit k of word k >> 5 is node k), so each slot is read
  // 32 nodes at a time: a partition's nodes, and those that pass the filter after the map, per
  // partition, features and the CPUs and memory per node the filter tests
  const partitionWords = new Map<string, Uint32Array>(),
    filterWords = new Map<string, Uint32Array>();
  const words = (cache: Map<string, Uint32Array>, key: string, has: (i: number) => boolean) => {
    let w = cache.get(key);
    if (!w) {
      w = new Uint32Array(nw);
      for (let i = 0; i < n; i++) if (has(i)) w[i >>> 5] |= 1 << (i & 31);
      cache.set(key, w);
    }
    return w;
  };
  let found: number[] | null = null;
  let foundOn: Uint8Array | null = null; // the nodes the will-run test that found them could use
  const sets = new TresNodeSets(select),
    sched = sets.weights;

  const tresOf = (ctx: SchedulerContext, j: number): JobTres => {
    const t = ctx.jobs[j].tres;
    if (!t) throw invariantViolated(`job ${ctx.jobs[j].id} has no per-node request (tres) under cons_tres`);
    return t;
  };
  const eligibleOf = (ctx: SchedulerContext, j: number) =>
    sets.eligibleFor(ctx.jobs[j].partition, tresOf(ctx, j).constraint);
  /** Job j's node sets, their weights synced (`_pick_best_nodes`). */
  const syncNodeSets = (ctx: SchedulerContext, j: number) => sets.sync(ctx.jobs[j].partition, tresOf(ctx, j));
  const startOn = (ctx: SchedulerContext, j: number, pick: number[]) => {
    const t = tresOf(ctx, j);
    const set = new NodeSet(n);
    for (const i of pick) {
      usage.apply(i, t, 1);
      set.add(i);
    }
    ctx.start(j, set);
    held.set(j, pick);
  };
  const state = {
    usage,
    scratch: usage.clone(),
    offers: new Int32Array(n),
    held,
    released,
    weights: sched,
    epoch,
    tresOf,
  };
  /**
   * The CPUs a select test counts for a job on `pick` (cons_common job_test.c `_job_test`: an
   * `--exclusive` job's nodes' CPUs, else the CPUs it is given on each: job_ptr->total_cpus).
   */
  const testedCpus = (t: JobTres, pick: readonly number[]) => {
    let c = 0;
    for (const i of pick) c += select.counted(i, t);
    return c;
  };
  /**
   * The nodes `_pick_best_nodes` gives job j on the nodes `allowed` (of its node sets `own`):
   * cons_tres selects once over them all; cons_res once per growing set of candidates.
   */
  const pickBest = (ctx: SchedulerContext, j: number, own: Uint8Array, allowed: Uint8Array) => {
    const t = tresOf(ctx, j),
      count = ctx.jobs[j].nodes;
    if (!res) return _selectConsTres(usage, t, count, allowed, sched);
    for (const level of sets.levels(own, t)) {
      const some = new Uint8Array(n);
      let k = 0;
      for (let i = 0; i < n; i++) k += some[i] = level[i] & allowed[i];
      const pick = k >= count ? _selectConsTres(usage, t, count, some) : null;
      if (pick) return pick;
    }
    return null;
  };
  return {
    reject: (job) => sets.refusal(job),
    sync(ctx) {
      if (ctx.totalNodes !== n)
        throw invalidArgument("nodes", ctx.totalNodes, `the machine's node count (${n})`);
      const running = ctx.runningByPlannedEnd();
      if (running.length !== held.size) {
        const alive = new Set(running);
        for (const [j, pick] of held) {
          if (alive.has(j)) continue;
          if (!released.delete(j)) for (const i of pick) usage.apply(i, tresOf(ctx, j), -1);
          held.delete(j);
        }
      }
      // each job submitted since is tested at submission (job_mgr.c job_allocate → select_nodes,
      // test only): its node sets synced, then a GPU job evaluated as on idle nodes
      for (const j of sets.submitted(ctx.pending(), (x) => ctx.jobs[x].submit, ctx.jobs.length)) {
        const t = tresOf(ctx, j),
          own = syncNodeSets(ctx, j);
        markNearGpus(idle, t, own, sched);
        // the test counts the CPUs of the nodes it would give the job on idle nodes (total_cpus)
        const pick = _selectConsTres(idle, t, ctx.jobs[j].nodes, own, sched);
        if (pick) ctx.sized(j, testedCpus(t, pick));
      }
      cg.fill(0);
      for (const [j, pick] of held) {
        if (!ctx.completing(j)) continue;
        if (!released.has(j)) {
          for (const i of pick) usage.apply(i, tresOf(ctx, j), -1);
          released.add(j);
        }
        for (const i of pick) cg[i] = 1;
      }
    },
    startIdle(ctx, j) {
      const pick = _selectConsTres(usage, tresOf(ctx, j), ctx.jobs[j].nodes, eligibleOf(ctx, j));
      if (!pick) throw invariantViolated(`no nodes for job ${ctx.jobs[j].id}`);
      startOn(ctx, j, pick);
    },
    mainPass() {
      const blocked = new Uint8Array(n),
        failed = new Set<string>();
      let left = n;
      return {
        tryStart(ctx, j) {
          const partition = ctx.jobs[j].partition;
          if (failed.has(partition)) return "skipped";
          const e = eligibleOf(ctx, j),
            own = syncNodeSets(ctx, j);
          // node_scheduler.c _pick_best_nodes: nodes still COMPLETING are not used (cg_node_bitmap)
          for (let i = 0; i < n; i++) allowed[i] = own[i] & (blocked[i] ^ 1) & (cg[i] ^ 1);
          const pick = pickBest(ctx, j, own, allowed);
          if (pick) {
            startOn(ctx, j, pick);
            return "started";
          }
          // node_scheduler.c _pick_best_nodes: a job the pass's available nodes could not hold even
          // idle (runable_avail false), none of those that could ever hold it busy (nodes_busy
          // false: its node sets are the nodes whose configuration fits it), gets
          // ESLURM_NODE_NOT_AVAIL, which leaves its partition open
          const t = tresOf(ctx, j);
          // the test-only checks that follow a failure (runable_avail, then runable_ever over all
          // the node sets) evaluate it as on idle nodes
          if (!_selectConsTres(idle, t, ctx.jobs[j].nodes, allowed, sched)) {
            markNearGpus(idle, t, own, sched);
            let busy = false;
            for (let i = 0; i < n && !busy; i++)
              busy =
                e[i] === 1 &&
                blocked[i] === 0 &&
                sets.couldHold(i, t) &&
                (usage.whole[i] === 1 || cg[i] === 1 || (t.exclusive && usage.jobs[i] > 0));
            if (!busy) return "skipped";
          }
          failed.add(partition);
          for (let i = 0; i < n; i++)
            if (!blocked[i] && (partition === "" || machine[i].partitions.includes(partition))) {
              blocked[i] = 1;
              left--;
            }
          return "failed";
        },
        exhausted: () => left === 0,
      };
    },
    beginCycle(ctx) {
      map.reset(ctx.now);
    },
    earliestStart(ctx, j, horizon) {
      const now = ctx.now,
        limit = ctx.jobs[j].limit,
        t = tresOf(ctx, j),
        partition = ctx.jobs[j].partition;
      // backfill.c: the map is read over the partition's nodes; features come after it
      const e = sets.eligibleFor(partition, ""),
        eW = words(partitionWords, partition, (i) => e[i] === 1);
      // node_scheduler.c job_req_node_filter: after the map, backfill keeps only the nodes whose
      // configuration holds the job's CPUs and memory per node (not its GPUs) and that have its
      // features (valid_feature_counts)
      const withFeatures = eligibleOf(ctx, j),
        fitsW = words(
          filterWords,
          `${partition}\u0000${t.constraint}\u0000${t.cpusPerNode}\u0000${t.memPerCpuMiB ?? ""}\u0000${t.memPerNodeMiB}`,
          (i) => withFeatures[i] === 1 && reqFilterFits(machine[i], t),
        );
      const slots = map.slots;
      let startRes = now;
      for (let guard = 0; guard <= 2 * slots.length + 2; guard++) {
        const endTime = Math.max(startRes, now) + limit;
        let later = 0;
        availW.set(eW);
        for (let k = 0; k < slots.length; k++) {
          const s = slots[k].free;
          if (slots[k].end > startRes && k + 1 < slots.length && later === 0) {
            const nx = slots[k + 1].free;
            for (let w = 0; w < nw; w++)
              if ((eW[w] & nx[w] & ~(availW[w] & s[w])) !== 0) {
                later = slots[k].end; // the next slot frees nodes this one lacks
                break;
              }
          }
          if (slots[k].end <= startRes) continue;
          if (slots[k].start > endTime) break;
          for (let w = 0; w < nw; w++) availW[w] &= s[w];
        }
        const avail = new Uint8Array(n);
        for (let i = 0; i < n; i++) avail[i] = ((availW[i >>> 5] & fitsW[i >>> 5]) >>> (i & 31)) & 1;
        const r = willRunTest(ctx, j, avail, state);
        foundOn = avail;
        if (r) ctx.sized(j, testedCpus(t, r.pick));
        if (!r) {
          if (later === 0) return Infinity;
          startRes = later;
          continue;
        }
        let start = Math.max(r.start, startRes);
        found = r.pick;
        // backfill.c: a job that could start now on a node still COMPLETING waits for its epilog,
        // planned a second later
        if (start <= now && r.pick.some((i) => cg[i] === 1)) {
          start = now + 1;
          later = 0;
        }
        if (start <= now) return now;
        // backfill.c: a start after `later_start`, where nodes reserved for pending jobs come back,
        // is tried again from there ("Try later")
        if (later > 0 && start > later) {
          startRes = later;
          continue;
        }
        if (start > horizon) return start;
        if (map.meets(r.pick, start, start + limit)) {
          startRes = start;
          continue;
        }
        return start;
      }
      return Infinity;
    },
    startNow(ctx, j, end) {
      if (!foundOn) throw invariantViolated(`no nodes found for job ${ctx.jobs[j].id}`);
      // backfill.c _start_job: select_nodes chooses again among the nodes the will-run test could use
      // (resv_bitmap excludes the others), after `_pick_best_nodes` synced the node sets' weights
      const own = syncNodeSets(ctx, j);
      for (let i = 0; i < n; i++) allowed[i] = own[i] & foundOn[i] & (cg[i] ^ 1);
      const pick = pickBest(ctx, j, own, allowed);
      if (!pick) throw invariantViolated(`job ${ctx.jobs[j].id} fits none of its will-run test's nodes`);
      startOn(ctx, j, pick);
      if (tresOf(ctx, j).exclusive) map.reserve(ctx.now, end, pick);
    },
    reserve(ctx, j, start, end) {
      if (!found) throw invariantViolated(`no nodes found for job ${ctx.jobs[j].id}`);
      map.reserve(start, end, found);
    },
  };
}
