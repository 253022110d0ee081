/** The engine's timers (lib/sim/timers.ts) and the scheduler hooks timing "slurmctld" needs: re-armed timers, observe, endedNow, clock. */
import { describe, expect, it } from "vitest";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { priorityModel } from "../../lib/sim/priority";
import { type Scheduler, type SchedulerContext, TRIGGER } from "../../lib/sim/scheduler";

/** A scheduler that starts whatever fits and logs what it is shown. */
function probe(
  o: Partial<Scheduler> & { wants?: (kind: "schedule" | "backfill", now: number) => number | undefined },
) {
  const log: string[] = [];
  const flagNames = (f: number) =>
    Object.entries(TRIGGER)
      .filter(([, b]) => f & b)
      .map(([k]) => k)
      .join("+");
  const s: Scheduler = {
    name: "probe",
    timers: [{ kind: "schedule", interval: 100 }],
    run(ctx: SchedulerContext, flags: number) {
      log.push(`run ${ctx.now} ${flagNames(flags)} ended=${ctx.endedNow().map((j) => ctx.jobs[j].id)}`);
      for (const j of ctx.pendingByPriority()) if (ctx.jobs[j].nodes <= ctx.freeNodes) ctx.start(j);
    },
    observe(ctx: SchedulerContext, flags: number) {
      log.push(`observe ${ctx.now} ${flagNames(flags)} ended=${ctx.endedNow().map((j) => ctx.jobs[j].id)}`);
    },
    nextTimer: o.wants,
    ...o,
  };
  return { s, log };
}

describe("timers a scheduler moves", () => {
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 1, limit: 100, runtime: 3 },
    { id: "B", submit: 5, nodes: 1, limit: 100, runtime: 1 },
    { id: "C", submit: 30, nodes: 1, limit: 100, runtime: 1 },
  ];
  it("an earlier answer re-arms the timer and the old event is dropped; Infinity disarms it", () => {
    // before 5 the scheduler wants its timer at 50; from 5 on at 7, then (after 7) not at all: the
    // event queued for 50 comes up and is dropped
    const { s, log } = probe({
      wants: (kind, now) => (kind !== "schedule" ? undefined : now < 5 ? 50 : now < 7 ? 7 : Infinity),
    });
    simulate(jobs, { nodes: 1, scheduler: s });
    expect(log).toEqual([
      "run 0 submit ended=",
      "observe 3 end ended=A",
      "run 5 submit ended=",
      "observe 6 end ended=B",
      "observe 7 schedule ended=",
      "run 30 submit ended=",
      "observe 31 end ended=C",
    ]);
  });
  it("without nextTimer the grid stays (first submit + phase + k·interval)", () => {
    const { s, log } = probe({ timers: [{ kind: "schedule", interval: 4, phase: 2 }] });
    simulate(jobs, { nodes: 1, scheduler: s });
    expect(log.slice(0, 4)).toEqual([
      "run 0 submit ended=",
      "observe 2 schedule ended=",
      "observe 3 end ended=A",
      "run 5 submit ended=",
    ]);
  });
  it("the priority recalculation runs at calcPhase + k·calcPeriod from the first submit", () => {
    const seen: number[] = [];
    const model = {
      ...priorityModel(() => 0, { calcPeriod: 10 }),
      calcPhase: 4,
      update: (t: number) => void seen.push(t),
    };
    const { s } = probe({ timers: [] });
    simulate([{ id: "A", submit: 1, nodes: 1, limit: 100, runtime: 30 }], {
      nodes: 1,
      scheduler: s,
      priority: model,
    });
    expect(seen).toEqual([5, 15, 25, 35]); // armed while A runs (until 31)
    expect(() =>
      simulate([{ id: "A", submit: 1, nodes: 1, limit: 100, runtime: 30 }], {
        nodes: 1,
        scheduler: probe({ timers: [] }).s,
        priority: { ...model, calcPhase: 11 },
      }),
    ).toThrow(/^invalid calcPhase: 11; expected seconds in \[0, calcPeriod = 10\]/);
  });
});

describe("the scheduler's clock", () => {
  it("starts and ends are recorded on it, the job runs on the instants, priorities are computed at it", () => {
    const at: number[] = [];
    const model = priorityModel(
      (_j, now) => {
        at.push(now);
        return 0;
      },
      { calcPeriod: 0 },
    );
    const { s } = probe({ timers: [], clock: Math.floor });
    const r = simulate([{ id: "A", submit: 2.5, nodes: 1, limit: 100, runtime: 4.75 }], {
      nodes: 1,
      scheduler: s,
      priority: model,
      trace: true,
    });
    expect([r.start[0], r.end[0], at[0]]).toEqual([2, 7, 2]); // runs 2.5–7.25
    expect(r.trace!.map((e) => `${e.type}@${e.time}`)).toEqual(["submit@2.5", "start@2.5", "end@7.25"]);
  });
  it("a job's nodes stay held `completing` seconds after its recorded end (Slurm's COMPLETING)", () => {
    const { s } = probe({ timers: [] });
    const r = simulate(
      [
        { id: "A", submit: 0, nodes: 1, limit: 100, runtime: 5, completing: 0.25 },
        { id: "B", submit: 1, nodes: 1, limit: 100, runtime: 1 },
      ],
      { nodes: 1, scheduler: s, trace: true },
    );
    expect([r.end[0], r.start[1]]).toEqual([5, 5.25]);
    expect(r.trace!.filter((e) => e.job === "A").map((e) => `${e.type}@${e.time}`)).toEqual([
      "submit@0",
      "start@0",
      "end@5.25",
    ]);
    expect(() =>
      simulate([{ id: "A", submit: 0, nodes: 1, limit: 100, runtime: 5, completing: -1 }], {
        nodes: 1,
        scheduler: s,
      }),
    ).toThrow(/^invalid jobs\[0\]\.completing: -1; expected seconds >= 0/);
  });
});
