/**
 * The priorities of one simulation run's pending jobs (lib/sim/simulation.ts) under its priority
 * model: the pending queue they order (the model's queue groups, lib/sim/pending-queue.ts), every
 * pending priority rewritten at a recalculation, one job's brought to the last recalculation when
 * the queue needs it (models with queue groups), and the sprio-like snapshot of them.
 */
import { invariantViolated } from "../util/errors";
import type { SimJob } from "./job";
import { PendingQueue } from "./pending-queue";
import type { PriorityModel, PriorityState } from "./priority";
import type { SimResult, SprioRow } from "./sim-result";

/** The pending jobs' priorities of one run (see the module comment). */
export class RunPriorities {
  /** The pending queue, in the order of these priorities. */
  readonly queue: PendingQueue;
  /** The queue's submit per job (eligible time), seconds. */
  readonly submitTimes: Float64Array;
  private lastCalc = NaN; // the last priority recalculation instant
  private readonly one = [0];

  /**
   * @param jobs the jobs the priority model sees (index = job index)
   * @param prio priority per job (the run's array: written here, read by the queue)
   * @param pstate the model's view of the run
   * @param endedSinceUpdate the jobs ended since the model's last update (emptied at a recalculation)
   * @param isPending whether a job is still pending
   */
  constructor(
    private readonly model: PriorityModel,
    private readonly jobs: readonly SimJob[],
    private readonly prio: Float64Array,
    private readonly pstate: PriorityState,
    private readonly endedSinceUpdate: number[],
    isPending: (j: number) => boolean,
  ) {
    const n = jobs.length;
    const group = model.queueGroup;
    const submit = (this.submitTimes = new Float64Array(n)),
      nodes = new Float64Array(n),
      limit = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      submit[j] = jobs[j].submit;
      nodes[j] = jobs[j].nodes;
      limit[j] = jobs[j].limit;
    }
    this.queue = new PendingQueue(n, {
      prio,
      submit,
      nodes,
      limit,
      group: group ? (j) => group.call(model, j) : model.constant ? () => 0 : (j) => j,
      refresh: group ? (j) => this.refresh(j) : undefined,
      isPending,
    });
  }

  /**
   * Every pending priority rewritten at `now`, after the model's update: at once, or under a model
   * with queue groups when the queue needs it (refresh).
   */
  recalculate(now: number): void {
    const { model, jobs, prio, pstate } = this;
    model.update?.(now, pstate);
    this.endedSinceUpdate.length = 0;
    this.lastCalc = now;
    if (!model.queueGroup) {
      const pend = this.queue.inSubmitOrder();
      if (model.writePriorities) model.writePriorities(pend, now, prio, pstate);
      else for (const j of pend) prio[j] = model.priority(jobs[j], now, pstate);
    }
    this.queue.recalculated();
  }

  /** The sprio-like snapshot at `now` of the pending jobs in `order` (the queue order). */
  snapshot(now: number, order: readonly number[]): SimResult["sprio"] {
    const { jobs, prio, model, pstate } = this;
    const rows = order.map((j): SprioRow => ({
      id: jobs[j].id,
      user: jobs[j].user,
      account: jobs[j].account,
      priority: prio[j],
      factors: model.factors ? model.factors(jobs[j], now, pstate) : {},
    }));
    return { time: now, rows };
  }

  // the priority of pending job j as of the last recalculation, into prio[j]
  private refresh(j: number): void {
    const { model, prio, pstate } = this;
    if (Number.isNaN(this.lastCalc))
      throw invariantViolated(`priority of job ${this.jobs[j].id} asked before any recalculation`);
    if (model.writePriorities) {
      this.one[0] = j;
      model.writePriorities(this.one, this.lastCalc, prio, pstate);
    } else prio[j] = model.priority(this.jobs[j], this.lastCalc, pstate);
  }
}
