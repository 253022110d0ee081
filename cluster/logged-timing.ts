/**
 * A real run's timing as slurmctld's debug log recorded it, turned into our simulator's inputs: our
 * time 0, each job's submit, run and COMPLETING seconds, and the Slurm scheduler's timing options of
 * a check model (see cluster/slurm-check.ts's module comment for the three models). Shared by
 * check:slurm (select/linear) and the cons_tres check.
 */
import type { SimJob } from "../lib/sim/job";
import type { SlurmOptions } from "../lib/sim/slurm-scheduler";
import { fitCycleCost, loopTicks, type CycleCostFit } from "./ctld-clock";
import type { CtldEvents } from "./slurmctld-log";
import type { SchedulerKnobs } from "./slurm-versions";

/** The timing models compared (see cluster/slurm-check.ts's module comment). */
export type CheckModel = "events" | "slurmctld" | "replay";

/** One job as sacct recorded it, with its simulator id and its Slurm job id (the log's). Times: epoch s. */
export interface LoggedJob {
  id: string;
  jobId: string;
  submit: number;
  start: number;
  end: number;
}

/** The simulator's side of a logged run under one model. */
export interface LoggedTiming {
  /** Our time 0 (epoch s): the bf_resolution boundary at or before the first submission. */
  origin: number;
  /** Per job, in the order given: submit, run and COMPLETING seconds (submit from `origin`). */
  jobs: { submit: number; runtime: number; completing: number }[];
  /** The scheduler's timing options of the model. */
  scheduler: Partial<SlurmOptions>;
  /** The phase of the priority recalculation after the first submit (s). */
  calcPhase: number;
  /** Jobs whose end ran a main pass at once (an EPILOG_COMPLETE RPC freed their last node). */
  immediateEnds: number;
  /** The background loop's mean period (s) and the backfill cycle-cost fit. */
  loopPeriod: number;
  cycleCost: CycleCostFit;
}

/**
 * The inputs of `model` for `jobs` from the log's events.
 * @param k bf_resolution, bf_interval and sched_interval (seconds)
 * @param calcPeriod PriorityCalcPeriod, seconds
 * @param o.ctldUp epoch s when slurmctld answered: where the background loop starts when the log
 *   shows no priority recalculation (the decay thread runs first at startup). Defaults to none.
 * @param o.log the log's name in errors
 * @param o.clockLag time(NULL)'s lag on the recording's host ("slurmctld" and "replay"; seconds,
 *   cluster/clock-lag.ts). Defaults to 0.
 * @throws naming the job when the log lacks its submit, start, end or release; when the loop's
 *   start is unknown
 */
export function loggedTiming(
  ev: CtldEvents,
  jobs: readonly LoggedJob[],
  k: Pick<SchedulerKnobs, "bfResolution" | "bfInterval" | "schedInterval">,
  model: CheckModel,
  calcPeriod: number,
  o: { ctldUp?: number; log?: string; clockLag?: number } = {},
): LoggedTiming {
  const { ctldUp = NaN, log = "the slurmctld log", clockLag = 0 } = o;
  const logged = jobs.map((j) => {
    const s = ev.submit.get(j.jobId),
      st = ev.start.get(j.jobId),
      r = ev.release.get(j.jobId),
      c = ev.complete.get(j.jobId);
    if (s === undefined || st === undefined || r === undefined || c === undefined)
      throw new Error(`${log} has no submit, start, end or release of job ${j.jobId} (${j.id})`);
    if (![j.submit, j.start, j.end].every(Number.isFinite))
      throw new Error(
        `the sacct row of job ${j.jobId} (${j.id}) has no submit, start or end (${j.submit}, ${j.start}, ${j.end}); record the run again`,
      );
    return { submit: s, start: st.passAt, end: c, release: r };
  });
  const t0 = Math.min(...logged.map((j) => j.submit));
  const O = Math.floor(Math.floor(t0) / k.bfResolution) * k.bfResolution;
  const sec = model === "events";
  const timed = jobs.map((j, i) => {
    const l = logged[i];
    return {
      submit: sec ? j.submit - O : l.submit - O,
      // run: from the start of the pass or cycle that started it to its script's end (sacct's End)
      runtime: sec ? j.end - j.start : l.end - l.start,
      // COMPLETING: from the script's end to the last node back
      completing: sec ? 0 : Math.max(0, l.release.at - l.end),
    };
  });
  const firstSubmit = Math.min(...timed.map((j) => j.submit)) + O; // epoch of the simulation's first submit
  const cycles = ev.cycles.filter((c) => c.begin >= t0 - k.bfInterval);
  // too few cycles to fit: the cycles cost nothing
  const cycleCost: CycleCostFit =
    ev.cycles.length >= 3
      ? fitCycleCost(ev.cycles)
      : { base: 0, perJob: 0, perStart: 0, cycles: ev.cycles.length, rms: NaN };
  const anchors = ev.passes.filter((p) => !p.immediate).map((p) => p.at);
  const lastEvent = Math.max(...logged.map((j) => j.release.at));
  const loop = loopTicks(anchors, t0 - 1, lastEvent + 2 * k.schedInterval);
  const loggedPass = new Set(anchors);
  // the background loop starts a few ms after the priority plugin, whose decay thread runs at once
  // (controller.c main: priority_g_init … sched_g_init, then _slurmctld_background)
  const loopStart = ev.decays[0] ?? ctldUp;
  if (Number.isNaN(loopStart))
    throw new Error(
      `${log} shows no priority recalculation (DebugFlags=Priority, "Fair Tree fairshare algorithm"), and slurmctld's start was not given`,
    );
  const byId = new Map(jobs.map((j, i) => [j.id, logged[i]]));
  const decay = ev.decays.find((d) => d >= firstSubmit) ?? firstSubmit + calcPeriod;
  const firstCycle = cycles.find((c) => c.begin >= firstSubmit)?.begin ?? firstSubmit + k.bfInterval;
  const scheduler: Partial<SlurmOptions> =
    model === "events"
      ? { bfPhase: (((firstCycle - firstSubmit) % k.bfInterval) + k.bfInterval) % k.bfInterval }
      : {
          timing: "slurmctld",
          clockLag,
          endPass: (job) => (byId.get(job.id)!.release.rpc ? "immediate" : "queued"),
          ...(model === "replay"
            ? {
                endPassDelay: (job: SimJob) => {
                  const r = byId.get(job.id)!.release;
                  return Number.isFinite(r.passAt) ? r.passAt - r.at : 0;
                },
              }
            : {}),
          bfPhase: firstCycle - firstSubmit,
          controllerLoop: {
            start: loopStart - firstSubmit,
            period: loop.period,
            phase: (anchors.find((a) => a >= firstSubmit) ?? anchors[0]) - firstSubmit,
          },
          bfCycleSeconds: {
            base: Math.max(0, cycleCost.base),
            perJob: Math.max(0, cycleCost.perJob),
            perStart: Math.max(0, cycleCost.perStart),
          },
          ...(model === "replay"
            ? {
                // a pass the loop runs is logged: between logged passes the loop ran none
                ticks: loop.ticks
                  .filter(
                    (t) =>
                      t > loopStart &&
                      (t < anchors[0] || t > anchors[anchors.length - 1] || loggedPass.has(t)),
                  )
                  .map((t) => t - firstSubmit),
                bfCycles: cycles.map((c) => c.begin - firstSubmit),
              }
            : {}),
        };
  return {
    origin: O,
    jobs: timed,
    scheduler,
    calcPhase: (decay - firstSubmit) % calcPeriod,
    immediateEnds: logged.filter((j) => j.release.rpc).length,
    loopPeriod: loop.period,
    cycleCost,
  };
}
