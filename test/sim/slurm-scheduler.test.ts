import { describe, expect, it } from "vitest";
import { createScheduler, type SchedulerSpec } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { type PriorityModel, priorityModel } from "../../lib/sim/priority";
import { slurmPriority } from "../../lib/sim/slurm-priority";
import { type SlurmOptions, slurmScheduler } from "../../lib/sim/slurm-scheduler";
import type { QosDefinition } from "../../lib/slurm/qos";

const starts = (jobs: SimJobInput[], nodes: number, spec: SchedulerSpec, priority?: PriorityModel) => {
  const r = simulate(jobs, { nodes, scheduler: createScheduler(spec), trace: true, priority });
  return r.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`);
};

describe("BF_MOD vs BF_UNMOD (thesis Section 3.2)", () => {
  // B gets the first reservation; H arrives later with a higher priority; S is a thin backfill candidate.
  const jobs: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 3, limit: 100, runtime: 100 },
    { id: "B", submit: 0, nodes: 2, limit: 100, runtime: 100 },
    { id: "H", submit: 10, nodes: 4, limit: 50, runtime: 50 },
    { id: "S", submit: 20, nodes: 1, limit: 200, runtime: 200 },
  ];
  const prio = priorityModel((j) => (j.id === "H" ? 10 : 0), { calcPeriod: 0 });
  it("BF_MOD: H takes the head and the reservation; S cannot backfill", () => {
    expect(starts(jobs, 4, { name: "easy", head: "mod" }, prio)).toEqual(["0 A", "100 H", "150 B", "150 S"]);
  });
  it("BF_UNMOD: B keeps the head; S backfills on B's extra nodes; H waits", () => {
    expect(starts(jobs, 4, { name: "easy", head: "unmod" }, prio)).toEqual(["0 A", "20 S", "100 B", "220 H"]);
  });
  it("Slurm BF_MOD re-plans for H; BF_UNMOD keeps B first in both loops (and reserves for everyone)", () => {
    const knobs = { bfResolution: 1, bfInterval: 1 };
    expect(starts(jobs, 4, { name: "slurm", ...knobs, head: "mod" }, prio)).toEqual([
      "0 A",
      "100 H",
      "150 B",
      "150 S",
    ]);
    expect(starts(jobs, 4, { name: "slurm", ...knobs, head: "unmod" }, prio)).toEqual([
      "0 A",
      "100 B",
      "200 H",
      "250 S",
    ]);
  });
});

describe("Slurm knobs", () => {
  it("default_queue_depth limits the event-triggered pass; the sched_interval pass tests the whole queue", () => {
    const jobs: SimJobInput[] = ["A", "B", "C"].map((id, k) => ({
      id,
      submit: 0,
      nodes: k === 0 ? 2 : 1,
      limit: 500,
      runtime: 500,
    }));
    expect(starts(jobs, 4, { name: "slurm", backfill: false, defaultQueueDepth: 1 })).toEqual([
      "0 A",
      "60 B",
      "60 C",
    ]);
    expect(starts(jobs, 4, { name: "slurm", backfill: false })).toEqual(["0 A", "0 B", "0 C"]);
  });

  const blocked: SimJobInput[] = [
    { id: "A", submit: 0, nodes: 3, limit: 100, runtime: 100, user: "u" },
    { id: "B", submit: 0, nodes: 4, limit: 100, runtime: 100, user: "u" },
    { id: "C", submit: 0, nodes: 1, limit: 50, runtime: 50, user: "u" },
  ];
  it("the main scheduler stops at the first job that does not fit", () => {
    expect(starts(blocked, 4, { name: "slurm", backfill: false })).toEqual(["0 A", "100 B", "200 C"]);
  });
  it("bf_max_job_test = 1 tests only B; 2 lets C backfill at the first cycle", () => {
    expect(starts(blocked, 4, { name: "slurm", bfResolution: 1, bfMaxJobTest: 1 })).toEqual([
      "0 A",
      "100 B",
      "200 C",
    ]);
    expect(starts(blocked, 4, { name: "slurm", bfResolution: 1, bfMaxJobTest: 2 })).toEqual([
      "0 A",
      "30 C",
      "100 B",
    ]);
  });
  it("bf_max_job_user = 1 skips C of the same user, not of another", () => {
    expect(starts(blocked, 4, { name: "slurm", bfResolution: 1, bfMaxJobUser: 1 })).toEqual([
      "0 A",
      "100 B",
      "200 C",
    ]);
    const other = blocked.map((j) => (j.id === "C" ? { ...j, user: "v" } : j));
    expect(starts(other, 4, { name: "slurm", bfResolution: 1, bfMaxJobUser: 1 })).toEqual([
      "0 A",
      "30 C",
      "100 B",
    ]);
  });
  it("bf_max_job_part and bf_max_job_user_part skip the jobs past them; a skipped job counts against no limit (backfill.c _job_exceeds_max_bf_param)", () => {
    // A holds the one node; the first cycle plans the others, one after another
    const queue: SimJobInput[] = [
      { id: "A", submit: 0, nodes: 1, limit: 100, runtime: 100 },
      { id: "B1", submit: 0, nodes: 1, limit: 100, runtime: 100, user: "u1", partition: "p" },
      { id: "B2", submit: 0, nodes: 1, limit: 100, runtime: 100, user: "u1", partition: "p" },
      { id: "B3", submit: 0, nodes: 1, limit: 100, runtime: 100, user: "u2", partition: "p" },
      { id: "C", submit: 0, nodes: 1, limit: 100, runtime: 100, user: "u1", partition: "q" },
      { id: "D", submit: 0, nodes: 1, limit: 100, runtime: 100, user: "u1", partition: "r" },
    ];
    const planned = (o: SlurmOptions) => {
      const out: string[] = [];
      simulate(queue, {
        nodes: 1,
        scheduler: slurmScheduler({
          bfResolution: 1,
          ...o,
          onReservation: (id, _s, now) => {
            if (now === 30) out.push(id);
          },
        }),
      });
      return out;
    };
    expect(planned({})).toEqual(["B1", "B2", "B3", "C", "D"]);
    expect(planned({ bfMaxJobPart: 2 })).toEqual(["B1", "B2", "C", "D"]);
    expect(planned({ bfMaxJobUserPart: 1 })).toEqual(["B1", "B3", "C", "D"]);
    // B2 and B3 are past bf_max_job_part and raise no count: u1 reaches bf_max_job_user at C, not before
    expect(planned({ bfMaxJobPart: 1, bfMaxJobUser: 2 })).toEqual(["B1", "C"]);
  });
  it("bf_window: a job whose earliest start is beyond the window gets no reservation, so C backfills past it", () => {
    // B can start at 100; with a 1-minute window it is not reserved and C (ends 130) starts at 30.
    const long = blocked.map((j) => (j.id === "C" ? { ...j, limit: 100, runtime: 100 } : j));
    expect(starts(long, 4, { name: "slurm", bfResolution: 1, bfWindow: 1 })).toEqual([
      "0 A",
      "30 C",
      "130 B",
    ]);
    expect(starts(long, 4, { name: "slurm", bfResolution: 1, bfWindow: 1440 })).toEqual([
      "0 A",
      "100 B",
      "200 C",
    ]);
  });
  it("rejects bad knobs with the house message", () => {
    expect(() => createScheduler({ name: "slurm", bfResolution: 0 })).toThrow(
      /^invalid bfResolution: 0; expected an integer >= 1 and <= 3600/,
    );
    expect(() => slurmScheduler({ bfMaxJobPart: -1 })).toThrow(
      /^invalid bfMaxJobPart: -1; expected an integer >= 0/,
    );
    expect(() => slurmScheduler({ bfMaxJobUserPart: 0.5 })).toThrow(/^invalid bfMaxJobUserPart: 0\.5/);
    expect(() =>
      slurmScheduler({
        machine: [{ name: "n1", cpus: 1, memoryMiB: 0, gpus: 0, features: [], partitions: ["p"] }],
        topology: 1 as never,
      }),
    ).toThrow(/^invalid topology: 1; expected \{ switches: \[\.\.\.\] \}/);
    expect(() => createScheduler({ name: "slurm", head: "x" as never })).toThrow(
      /^invalid head: "x"; expected one of "mod", "unmod"/,
    );
  });
});

describe("QoS limits", () => {
  const q: QosDefinition = {
    name: "debug",
    priority: 0,
    maxWallSeconds: 600,
    maxNodes: 2,
    maxCpus: Infinity,
    maxJobs: 1,
    maxSubmitJobs: Infinity,
  };
  it("rejects jobs over MaxWall / MaxTRES and holds a user at MaxJobs without blocking others", () => {
    const jobs: SimJobInput[] = [
      { id: "long", submit: 0, nodes: 1, limit: 601, runtime: 1, qos: "debug", user: "u" },
      { id: "wide", submit: 0, nodes: 3, limit: 60, runtime: 1, qos: "debug", user: "u" },
      { id: "u1", submit: 0, nodes: 1, limit: 100, runtime: 100, qos: "debug", user: "u" },
      { id: "u2", submit: 0, nodes: 1, limit: 100, runtime: 100, qos: "debug", user: "u" },
      { id: "v1", submit: 0, nodes: 1, limit: 100, runtime: 100, qos: "debug", user: "v" },
    ];
    const r = simulate(jobs, {
      nodes: 4,
      scheduler: createScheduler({ name: "slurm", qos: [q] }),
      trace: true,
    });
    expect(r.rejected.map((x) => x.id)).toEqual(["long", "wide"]);
    expect(r.rejected[0].reason).toMatch(/^QoS debug: MaxWall 600 s < 601 s$/);
    expect(r.trace!.filter((e) => e.type === "start").map((e) => `${e.time} ${e.job}`)).toEqual([
      "0 u1",
      "0 v1",
      "100 u2",
    ]);
  });
});

describe("Slurm multifactor priority inside the simulator", () => {
  // X (user u1) runs first; P1 (u1) and P2 (u2) arrive together; after the first
  // PriorityCalcPeriod u1 has usage, so Fair Tree puts u2 first.
  const jobs: SimJobInput[] = [
    { id: "X", submit: 0, nodes: 2, limit: 1000, runtime: 1000, user: "u1", account: "a" },
    { id: "P1", submit: 10, nodes: 2, limit: 100, runtime: 100, user: "u1", account: "a" },
    { id: "P2", submit: 10, nodes: 2, limit: 100, runtime: 100, user: "u2", account: "b" },
  ];
  const model = () =>
    slurmPriority({ weights: { age: 0, jobSize: 0, fairShare: 1000, qos: 0 }, calcPeriod: 60 });
  it("fair share reorders the queue after usage accrues", () => {
    expect(starts(jobs, 2, { name: "fcfs" }, model())).toEqual(["0 X", "1000 P2", "1100 P1"]);
    expect(starts(jobs, 2, { name: "fcfs" })).toEqual(["0 X", "1000 P1", "1100 P2"]);
  });
  it("the sprio snapshot shows the weighted factors", () => {
    const r = simulate(jobs, {
      nodes: 2,
      scheduler: createScheduler({ name: "fcfs" }),
      priority: model(),
      snapshotAt: 500,
    });
    expect(r.sprio!.time).toBe(540);
    expect(r.sprio!.rows.map((x) => [x.id, x.priority, x.factors.fairShare])).toEqual([
      ["P2", 1000, 1000],
      ["P1", 500, 500],
    ]);
  });
});

describe("first scheduling pass of a thesis sample (Table 2 weights, one partition, no accounting)", () => {
  // All submitted at t = 0 by one user: the order is the job-size factor, then the job id.
  const jobs: SimJobInput[] = [3, 5, 2, 4, 1, 4].map((nodes, k) => ({
    id: `j${k + 1}`,
    submit: 0,
    nodes,
    limit: 3600,
    runtime: 3600,
    user: "u",
    account: "a",
  }));
  const firstPass = (favorSmall: boolean) => {
    const r = simulate(jobs, {
      nodes: 10,
      coresPerNode: 48,
      scheduler: createScheduler({ name: "slurm", defaultQueueDepth: 10000 }),
      priority: slurmPriority({ favorSmall }),
      trace: true,
    });
    return r.trace!.filter((e) => e.type === "start" && e.time === 0).map((e) => e.job);
  };
  it("favour large: j2 (5), j4 (4) start; j6 (4, later id) blocks the pass", () => {
    expect(firstPass(false)).toEqual(["j2", "j4"]);
  });
  it("favour small: j5, j3, j1, j4 start (10 nodes); j6 blocks", () => {
    expect(firstPass(true)).toEqual(["j5", "j3", "j1", "j4"]);
  });
});
