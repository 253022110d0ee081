import { describe, expect, it } from "vitest";
import { SITE_ACCOUNTS } from "../../cluster/site-workload";
import {
  LIMITS_MINUTES,
  MINUTES_LAYOUT,
  memPerNodeMiB,
  minutesFittingNodes,
  minutesSbatchArgs,
  minutesWorkload,
  minutesWorkloadMix,
  timeArg,
  type MinutesJob,
} from "../../cluster/minutes-workload";
import { checkLayout, layoutLines, topologyConf } from "../../cluster/node-layout";

// the nine nodes of the recorded cluster, written out from its description (n[1-4] intel 16 CPUs
// 63000 MiB; n[5-7] amd,ib 24 CPUs 94000 MiB; n8 amd,bigmem 32 CPUs 500000 MiB; n9 intel,gpu 16 CPUs
// 190000 MiB 2 GPUs; batch = n[1-8], gpu = n9)
const node = (name: string, cpus: number, mem: number, gpus: number, features: string[], part: string) => ({
  name,
  cpus,
  mem,
  gpus,
  features,
  part,
});
const NODES = [
  ...[1, 2, 3, 4].map((k) => node(`n${k}`, 16, 63000, 0, ["intel"], "batch")),
  ...[5, 6, 7].map((k) => node(`n${k}`, 24, 94000, 0, ["amd", "ib"], "batch")),
  node("n8", 32, 500000, 0, ["amd", "bigmem"], "batch"),
  node("n9", 16, 190000, 2, ["intel", "gpu"], "gpu"),
];
const DEF_MEM_PER_CPU = 3900;

const perNode = (j: MinutesJob) =>
  j.mem === undefined
    ? DEF_MEM_PER_CPU * j.tasksPerNode
    : j.mem.per === "cpu"
      ? j.mem.mib * j.tasksPerNode
      : j.mem.mib;
const fits = (j: MinutesJob) =>
  NODES.filter(
    (n) =>
      n.part === j.partition &&
      (j.constraint === undefined || n.features.includes(j.constraint)) &&
      n.cpus >= j.tasksPerNode &&
      n.mem >= perNode(j) &&
      n.gpus >= j.gpus,
  ).map((n) => n.name);

const job = (o: Partial<MinutesJob>): MinutesJob => ({
  name: "m",
  offset: 0,
  user: "u",
  account: "a",
  partition: "batch",
  nodes: 1,
  tasksPerNode: 1,
  gpus: 0,
  exclusive: false,
  limitMinutes: 10,
  sleep: 60,
  session: 1,
  ...o,
});

describe("MINUTES_LAYOUT", () => {
  it("is a valid layout of nine nodes under a tree of three leaf switches", () => {
    expect(() => checkLayout(MINUTES_LAYOUT)).not.toThrow();
    expect(layoutLines(MINUTES_LAYOUT, [1, 2, 3, 4, 5, 6, 7, 8, 9]).slice(-2)).toEqual([
      "PartitionName=batch Nodes=n[1-8] Default=YES DefaultTime=01:00:00 MaxTime=1-00:00:00 State=UP",
      "PartitionName=gpu Nodes=n9 DefaultTime=01:00:00 MaxTime=1-00:00:00 State=UP",
    ]);
    expect(topologyConf(MINUTES_LAYOUT)).toBe(
      "SwitchName=sw1 Nodes=n[1-4]\nSwitchName=sw2 Nodes=n[5-7]\nSwitchName=sw3 Nodes=n[8-9]\nSwitchName=core Switches=sw[1-3]\n",
    );
  });
});

describe("minutesWorkload", () => {
  it("is seeded: the same options give the same jobs, another seed others", () => {
    expect(JSON.stringify(minutesWorkload({ seed: 3 }))).toBe(JSON.stringify(minutesWorkload({ seed: 3 })));
    expect(minutesWorkload({ seed: 3 }).jobs).not.toEqual(minutesWorkload({ seed: 4 }).jobs);
    expect(JSON.stringify(minutesWorkload())).toBe(
      JSON.stringify(minutesWorkload({ seed: 1, jobs: 310, meanGap: 22, timeScale: 1 })),
    );
  });

  it("asks only what enough nodes of the cluster hold when idle (drawing again what none would)", () => {
    let redrawn = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const w = minutesWorkload({ seed });
      redrawn += w.redrawn;
      for (const j of w.jobs) {
        expect(fits(j).length, `${j.name} of seed ${seed}`).toBeGreaterThanOrEqual(j.nodes);
        expect(minutesFittingNodes(j)).toEqual(fits(j));
      }
    }
    // 24 tasks at 4 GiB per CPU (98304 MiB) fit no node with 24 CPUs: such draws are drawn again
    expect(redrawn).toBeGreaterThan(0);
    expect(
      minutesFittingNodes({ partition: "batch", tasksPerNode: 24, mem: { per: "cpu", mib: 4096 }, gpus: 0 }),
    ).toEqual(["n8"]);
    expect(
      minutesFittingNodes({
        partition: "batch",
        tasksPerNode: 24,
        mem: { per: "cpu", mib: 4096 },
        gpus: 0,
        constraint: "ib",
      }),
    ).toEqual([]);
  });

  it("runs 1–20 minutes (a few shorter) under round limits above the run, in sessions of one user", () => {
    const { jobs } = minutesWorkload();
    const users = new Map(SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => [u.user, a.name] as const)));
    expect(jobs).toHaveLength(310);
    for (const [k, j] of jobs.entries()) {
      expect(users.get(j.user)).toBe(j.account);
      expect(j.name).toBe(`m${String(k + 1).padStart(3, "0")}`);
      expect(j.sleep).toBeGreaterThanOrEqual(20);
      expect(j.sleep).toBeLessThanOrEqual(1200);
      if (j.limitMinutes !== undefined) {
        expect(LIMITS_MINUTES).toContain(j.limitMinutes);
        expect(60 * j.limitMinutes).toBeGreaterThan(j.sleep);
      }
      if (j.gpus > 0) expect(j.partition).toBe("gpu");
      if (j.exclusive) expect(j.mem?.per).toBe("node");
      if (k > 0) {
        expect(j.offset).toBeGreaterThanOrEqual(jobs[k - 1].offset);
        expect(j.session - jobs[k - 1].session).toBeGreaterThanOrEqual(0);
        if (j.session === jobs[k - 1].session) expect(j.user).toBe(jobs[k - 1].user);
      }
    }
    const has = (p: (j: MinutesJob) => boolean) => jobs.some(p);
    expect(has((j) => j.nodes === 2) && has((j) => j.exclusive)).toBe(true);
    expect(has((j) => j.gpus === 1) && has((j) => j.gpus === 2)).toBe(true);
    expect(has((j) => j.mem?.per === "node") && has((j) => j.mem?.per === "cpu")).toBe(true);
    expect(has((j) => j.mem === undefined) && has((j) => j.limitMinutes === undefined)).toBe(true);
    expect(has((j) => fits(j).join() === "n8")).toBe(true);
    for (const c of ["intel", "amd", "ib", "bigmem"]) expect(has((j) => j.constraint === c)).toBe(true);
    expect(has((j) => j.sleep < 60)).toBe(true);
  });

  it("scales gaps and sleeps by timeScale and rounds limits up to whole minutes", () => {
    const full = minutesWorkload({ jobs: 30 }).jobs;
    const short = minutesWorkload({ jobs: 30, timeScale: 0.1 }).jobs;
    for (const [k, j] of short.entries()) {
      const f = full[k];
      expect(j.offset).toBeCloseTo(f.offset * 0.1, 2);
      expect(Math.abs(j.sleep - f.sleep * 0.1)).toBeLessThanOrEqual(0.55);
      expect(j.limitMinutes).toBe(f.limitMinutes === undefined ? undefined : Math.ceil(f.limitMinutes * 0.1));
      expect({ ...j, offset: 0, sleep: 0, limitMinutes: 0 }).toEqual({
        ...f,
        offset: 0,
        sleep: 0,
        limitMinutes: 0,
      });
    }
  });

  it("refuses a bad option by its name", () => {
    expect(() => minutesWorkload({ jobs: 0 })).toThrow(/^invalid jobs: 0; expected an integer in 1\.\.2000$/);
    expect(() => minutesWorkload({ meanGap: 0 })).toThrow(/^invalid meanGap: 0/);
    expect(() => minutesWorkload({ timeScale: 0 })).toThrow(/^invalid timeScale: 0/);
    expect(() => minutesWorkload({ seed: 0.5 })).toThrow(/^invalid seed: 0\.5/);
  });
});

describe("a job's sbatch options", () => {
  it("writes memory per node or per CPU in GiB when whole, else MiB, and limits as users write them", () => {
    const j = job({
      name: "m007",
      account: "bio",
      partition: "gpu",
      tasksPerNode: 4,
      mem: { per: "node", mib: 16384 },
      gpus: 1,
      constraint: "gpu",
      limitMinutes: 120,
    });
    expect(minutesSbatchArgs(j)).toEqual([
      "--account=bio",
      "-J",
      "m007",
      "--partition=gpu",
      "-N",
      "1",
      "--ntasks-per-node=4",
      "--mem=16G",
      "--gres=gpu:1",
      "--constraint=gpu",
      "--time=2:00:00",
    ]);
    const b = job({ nodes: 2, mem: { per: "cpu", mib: 3500 }, exclusive: true, limitMinutes: undefined });
    expect(minutesSbatchArgs(b).slice(3)).toEqual([
      "--partition=batch",
      "-N",
      "2",
      "--ntasks-per-node=1",
      "--mem-per-cpu=3500",
      "--exclusive",
    ]);
    expect(minutesSbatchArgs(job({ mem: undefined }))).not.toContainEqual(expect.stringMatching(/^--mem/));
    expect([10, 30, 60, 90, 720, 1440, 2880].map(timeArg)).toEqual([
      "10",
      "30",
      "1:00:00",
      "1:30:00",
      "12:00:00",
      "1-00:00:00",
      "2-00:00:00",
    ]);
  });

  it("counts memory per node: as asked, per CPU × tasks, or DefMemPerCPU × tasks", () => {
    expect(memPerNodeMiB({ tasksPerNode: 4, mem: { per: "node", mib: 1000 } })).toBe(1000);
    expect(memPerNodeMiB({ tasksPerNode: 4, mem: { per: "cpu", mib: 1000 } })).toBe(4000);
    expect(memPerNodeMiB({ tasksPerNode: 4 })).toBe(4 * 3900);
  });
});

describe("minutesWorkloadMix", () => {
  it("counts the kinds of request and the offered load of a hand-made workload", () => {
    const jobs = [
      job({ offset: 0, tasksPerNode: 4, sleep: 100, limitMinutes: 10 }), // 400 CPU·s; limit 6× the run
      job({ offset: 10, nodes: 2, tasksPerNode: 2, mem: { per: "cpu", mib: 2000 }, sleep: 100 }), // 400
      job({ offset: 20, partition: "gpu", gpus: 1, mem: { per: "node", mib: 8192 }, sleep: 50 }), // 50
      job({ offset: 30, mem: { per: "node", mib: 200000 }, session: 2, sleep: 60, limitMinutes: undefined }), // 60; only n8
      job({ offset: 40, constraint: "intel", exclusive: true, mem: { per: "node", mib: 1024 }, sleep: 10 }), // 16 CPUs × 10
    ];
    const m = minutesWorkloadMix(jobs);
    expect(m).toEqual({
      jobs: 5,
      sessions: 2,
      accounts: { a: 5 },
      multiNode: 0.2,
      memPerNode: 0.6,
      memPerCpu: 0.2,
      memDefault: 0.2,
      bigMemory: 0.2,
      gpus: 0.2,
      constraint: 0.2,
      exclusive: 0.2,
      noLimit: 0.2,
      sleepRange: [10, 100],
      // limit over run: 6, 6, 12, 60 (DefaultTime), 60
      medianLimitOverRun: 12,
      spanSeconds: 40,
      offeredLoad: (400 + 400 + 50 + 60 + 160) / (184 * 40),
    });
    expect(() => minutesWorkloadMix([])).toThrow(/^invalid jobs: \[\]; expected at least one job$/);
  });
});
