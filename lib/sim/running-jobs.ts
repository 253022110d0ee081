/**
 * The engine's running jobs: sorted by planned end (start + limit, then job index), as schedulers
 * plan with them, and counted per (user, QoS) for QoS limits.
 */
import type { SimJob } from "./job";

/** Jobs and nodes one user runs under one QoS. */
export interface RunningCount {
  /** Running jobs. */
  jobs: number;
  /** Nodes they hold. */
  nodes: number;
}

const NONE: RunningCount = Object.freeze({ jobs: 0, nodes: 0 });

/** The running jobs of one simulation (see the module comment). */
export class RunningJobs {
  /** Running job indices by planned end, then index (do not mutate). */
  readonly byPlannedEnd: number[] = [];
  private readonly perUser = new Map<string, RunningCount>();

  /** @param plannedEnd planned end per job, seconds (the engine's array; set before {@link add}) */
  constructor(private readonly plannedEnd: Float64Array) {}

  /** Number of running jobs. */
  get size(): number {
    return this.byPlannedEnd.length;
  }

  /** Job `j` started. */
  add(j: number, job: SimJob): void {
    this.byPlannedEnd.splice(this.position(j), 0, j);
    const k = key(job.user, job.qos);
    const u = this.perUser.get(k) ?? NONE;
    this.perUser.set(k, { jobs: u.jobs + 1, nodes: u.nodes + job.nodes });
  }

  /** Job `j` ended. */
  remove(j: number, job: SimJob): void {
    this.byPlannedEnd.splice(this.position(j), 1);
    const k = key(job.user, job.qos);
    const u = this.perUser.get(k)!;
    this.perUser.set(k, { jobs: u.jobs - 1, nodes: u.nodes - job.nodes });
  }

  /** Jobs and nodes a user runs now under a QoS. */
  of(user: string, qos: string): RunningCount {
    return this.perUser.get(key(user, qos)) ?? { jobs: 0, nodes: 0 };
  }

  // first position whose job does not end before j (binary search by planned end, then index)
  private position(j: number): number {
    const list = this.byPlannedEnd,
      pe = this.plannedEnd,
      t = pe[j];
    let lo = 0,
      hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const x = list[mid];
      if ((pe[x] - t || x - j) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const key = (user: string, qos: string) => qos + "\u0000" + user;
