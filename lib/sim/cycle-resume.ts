/**
 * What a backfill cycle leaves for the next one to resume from. Slurm plans every cycle afresh;
 * when nothing the plan reads has changed, the next cycle reaches the same decisions for the jobs
 * this one tested, so it may keep this cycle's map and test only the jobs after them — the same
 * schedule, computed once. That holds when:
 * - this cycle started no job, and the running jobs are the same (no start or end since it began);
 * - every running job's planned end is still ahead (the map releases a job that overran its limit
 *   one second after the cycle's start, a time that moves with the cycle);
 * - no job it skipped as starting past bf_window can start within the new window;
 * - the next cycle visits the same jobs first, in the same order (priorities, the BF_UNMOD head and
 *   new submits can change the order: the caller then plans afresh).
 * With nothing released between the two cycles, no map time falls between them either: every
 * reservation starts at a release or a reservation end, both after the new cycle's start.
 * test/sim/cycle-resume.test.ts compares with cycles that always plan afresh; the Slurm rows of
 * `npm run bench -- sim-scaling` show what it saves.
 */
import type { SchedulerContext } from "./scheduler";

/** The jobs one backfill cycle visited, with the counts and reservations it made. */
export class CycleResume {
  /** The jobs the cycle went past (each counted by bf_max_job_test), in the order visited. */
  readonly visited: number[] = [];
  /** The jobs it reserved for, in order, with their earliest starts (seconds) in `starts`. */
  readonly reserved: number[] = [];
  readonly starts: number[] = [];
  /** Jobs tested per user, partition, and user and partition (bf_max_job_user, _part, _user_part), by key. */
  readonly tested = new Map<string, number>();
  /** Reservations per partition (bf_job_part_count_reserve). */
  readonly partResv = new Map<string, number>();
  /** Reservation boundaries, seconds: the map holds 1 + this many slots (bf_node_space_size). */
  readonly slotEdges = new Set<number>();
  /** The least earliest start (a lower bound, seconds) of a job skipped as past bf_window. */
  beyondWindow = Infinity;
  private running: number[] = [];
  private open = false;

  /** Whether the cycle at ctx.now may resume this one (the caller still checks the visiting order). */
  canResume(ctx: SchedulerContext, window: number): boolean {
    if (!this.open || this.beyondWindow <= ctx.now + window) return false;
    const running = ctx.runningByPlannedEnd();
    if (running.length !== this.running.length) return false;
    for (let k = 0; k < running.length; k++)
      if (running[k] !== this.running[k] || ctx.plannedEndOf(running[k]) < ctx.now + 1) return false;
    return true;
  }

  /** Forgets the last cycle: the one at ctx.now plans afresh. */
  fresh(ctx: SchedulerContext): void {
    this.visited.length = this.reserved.length = this.starts.length = 0;
    this.tested.clear();
    this.partResv.clear();
    this.slotEdges.clear();
    this.beyondWindow = Infinity;
    this.running = ctx.runningByPlannedEnd().slice();
    this.open = true;
  }

  /** The cycle started a job (or cannot be resumed for another reason): the next plans afresh. */
  close(): void {
    this.open = false;
  }
}
