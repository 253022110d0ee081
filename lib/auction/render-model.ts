/**
 * The rendering model of seed 004 (Section 3.2): a job's frames are independent and may render in
 * any order on any number of servers at once, but a frame is not parallelisable (one server per
 * frame) and cannot be check-pointed: a frame taken off its server loses all work done on it and
 * goes back to the queue.
 *
 * Within a round (one unit of time) every allocated server works continuously: when it finishes a
 * frame it starts the next queued frame at once, in event order (the server that frees first takes
 * the next frame). When an agent's allocation shrinks, the frames with the least work done are the
 * ones interrupted (the agent keeps its most advanced frames; a documented choice — the seed does not
 * say which servers are withdrawn).
 */
import { invariantViolated } from "../util/errors";
import type { RenderJob } from "./environment";

/** The mutable rendering state of one agent's job (owned by one simulation run). */
export interface RenderState {
  /** Work content of every frame, server·rounds. */
  readonly work: readonly number[];
  /** Indices of frames waiting for a server (never started, or interrupted), in queue order. */
  queue: number[];
  /** Frames on servers: frame index and work already done on it (server·rounds). */
  running: { frame: number; done: number }[];
  /** Number of frames completed. */
  completed: number;
  /** Total work content of the completed frames (server·rounds), for the workload predictor. */
  completedWork: number;
  /** Work thrown away by interruptions so far (server·rounds). */
  lostWork: number;
  /** Number of interruptions so far. */
  interruptions: number;
}

/** What happened to one agent's job in one round. */
export interface RoundRender {
  /** Frames completed this round. */
  completed: number;
  /** Frames interrupted (taken off a server, work lost) at the start of this round. */
  interrupted: number;
  /** Work lost by those interruptions, server·rounds. */
  lostWork: number;
}

/** A fresh render state for a job: every frame queued in index order, nothing running. */
export function createRenderState(job: Pick<RenderJob, "frames">): RenderState {
  return {
    work: job.frames.slice(),
    queue: job.frames.map((_, i) => i),
    running: [],
    completed: 0,
    completedWork: 0,
    lostWork: 0,
    interruptions: 0,
  };
}

/**
 * Renders one round on `servers` servers (a whole number ≥ 0, unchecked: the simulator's inner loop; mutates `state`).
 * @returns frames completed and interrupted, and work lost
 */
export function _renderRound(state: RenderState, servers: number): RoundRender {
  let interrupted = 0;
  let lost = 0;
  if (state.running.length > servers) {
    // Keep the most advanced frames; interrupt the rest (least work done first back in the queue).
    state.running.sort((a, b) => b.done - a.done || a.frame - b.frame);
    const dropped = state.running.splice(servers);
    for (let i = dropped.length - 1; i >= 0; i--) {
      lost += dropped[i].done;
      state.queue.unshift(dropped[i].frame);
    }
    interrupted = dropped.length;
    state.lostWork += lost;
    state.interruptions += interrupted;
  }
  // Servers: the running frames plus idle servers that take queued frames.
  const clock: number[] = [];
  const slots = state.running.map((r) => ({ frame: r.frame, done: r.done }));
  for (let i = 0; i < slots.length; i++) clock.push(0);
  while (slots.length < servers && state.queue.length > 0) {
    slots.push({ frame: state.queue.shift() as number, done: 0 });
    clock.push(0);
  }
  let completed = 0;
  const eps = 1e-12;
  for (;;) {
    // The busy server whose frame finishes first within this round.
    let best = -1;
    let bestAt = Infinity;
    for (let i = 0; i < slots.length; i++) {
      if (slots[i].frame < 0) continue;
      const at = clock[i] + state.work[slots[i].frame] - slots[i].done;
      if (at < bestAt) {
        bestAt = at;
        best = i;
      }
    }
    if (best < 0 || bestAt > 1 + eps) break;
    state.completed++;
    state.completedWork += state.work[slots[best].frame];
    completed++;
    clock[best] = Math.min(1, bestAt);
    if (state.queue.length > 0) slots[best] = { frame: state.queue.shift() as number, done: 0 };
    else slots[best] = { frame: -1, done: 0 };
  }
  state.running = [];
  for (let i = 0; i < slots.length; i++) {
    if (slots[i].frame < 0) continue;
    state.running.push({ frame: slots[i].frame, done: slots[i].done + (1 - clock[i]) });
  }
  if (state.running.length > servers)
    throw invariantViolated(`more frames running (${state.running.length}) than servers (${servers})`);
  return { completed, interrupted, lostWork: lost };
}
