import { describe, expect, it } from "vitest";
import { SITE_ACCOUNTS } from "../../cluster/site-workload";
import {
  TRES_LAYOUT,
  fittingNodes,
  tresSbatchArgs,
  tresWorkload,
  tresWorkloadMix,
  type TresJob,
} from "../../cluster/tres-workload";

// the six nodes of the recorded cluster, written out from its description (n[1-2] intel 8 CPUs 8000
// MiB; n[3-4] amd 8 CPUs 16000 MiB; n[5-6] amd 4 CPUs 32000 MiB 2 GPUs; batch = all, gpu = n[5-6])
const NODES = [
  { name: "n1", cpus: 8, mem: 8000, gpus: 0, feature: "intel", parts: ["batch"] },
  { name: "n2", cpus: 8, mem: 8000, gpus: 0, feature: "intel", parts: ["batch"] },
  { name: "n3", cpus: 8, mem: 16000, gpus: 0, feature: "amd", parts: ["batch"] },
  { name: "n4", cpus: 8, mem: 16000, gpus: 0, feature: "amd", parts: ["batch"] },
  { name: "n5", cpus: 4, mem: 32000, gpus: 2, feature: "amd", parts: ["batch", "gpu"] },
  { name: "n6", cpus: 4, mem: 32000, gpus: 2, feature: "amd", parts: ["batch", "gpu"] },
];

const fits = (j: TresJob) =>
  NODES.filter(
    (n) =>
      n.parts.includes(j.partition) &&
      (j.constraint === undefined || n.feature === j.constraint) &&
      n.cpus >= j.tasksPerNode &&
      n.mem >= j.memMiB &&
      n.gpus >= j.gpus,
  ).map((n) => n.name);

describe("tresWorkload", () => {
  it("is seeded: the same options give the same jobs, another seed others", () => {
    expect(tresWorkload({ seed: 3 })).toEqual(tresWorkload({ seed: 3 }));
    expect(tresWorkload({ seed: 3 }).jobs).not.toEqual(tresWorkload({ seed: 4 }).jobs);
    expect(JSON.stringify(tresWorkload())).toBe(
      JSON.stringify(tresWorkload({ seed: 1, jobs: 120, meanGap: 0.4 })),
    );
  });

  it("asks only what enough nodes of the cluster hold when idle (drawing again what none would)", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { jobs, redrawn } = tresWorkload({ seed });
      for (const j of jobs) {
        expect(fits(j).length, `${j.name} of seed ${seed}`).toBeGreaterThanOrEqual(j.nodes);
        expect(fittingNodes(j, TRES_LAYOUT)).toEqual(fits(j));
      }
      // big-memory requests of more tasks than the 32000 MiB nodes' 4 CPUs are drawn: some get redrawn
      expect(redrawn).toBeGreaterThan(0);
    }
    expect(
      fittingNodes({ partition: "batch", tasksPerNode: 8, memMiB: 20000, gpus: 0 }, TRES_LAYOUT),
    ).toEqual([]);
  });

  it("mixes sizes, memory, GPUs, constraints and whole nodes among the site's users", () => {
    const { jobs } = tresWorkload();
    const users = new Map(SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => [u.user, a.name] as const)));
    for (const [k, j] of jobs.entries()) {
      expect(users.get(j.user)).toBe(j.account);
      expect(j.name).toBe(`t${String(k + 1).padStart(3, "0")}`);
      expect([1, 2]).toContain(j.nodes);
      expect(j.tasksPerNode).toBeGreaterThanOrEqual(1);
      expect(j.tasksPerNode).toBeLessThanOrEqual(8);
      expect(j.sleep).toBeLessThan(60 * j.limitMinutes);
      if (j.gpus > 0) expect(j.partition).toBe("gpu");
      if (k > 0) expect(j.offset).toBeGreaterThanOrEqual(jobs[k - 1].offset);
    }
    const has = (p: (j: TresJob) => boolean) => jobs.some(p);
    expect(has((j) => j.nodes === 2)).toBe(true);
    expect(has((j) => j.gpus === 1) && has((j) => j.gpus === 2)).toBe(true);
    expect(has((j) => j.constraint === "intel") && has((j) => j.constraint === "amd")).toBe(true);
    expect(has((j) => j.exclusive)).toBe(true);
    expect(has((j) => j.partition === "batch" && j.memMiB > 8000)).toBe(true);
  });

  it("writes a job's sbatch options", () => {
    const j: TresJob = {
      name: "t007",
      offset: 1,
      user: "sgbio1",
      account: "bio",
      partition: "gpu",
      nodes: 2,
      tasksPerNode: 3,
      memMiB: 12000,
      gpus: 1,
      constraint: "amd",
      exclusive: true,
      limitMinutes: 2,
      sleep: 5,
    };
    expect(tresSbatchArgs(j)).toEqual([
      "--account=bio",
      "-J",
      "t007",
      "--partition=gpu",
      "-N",
      "2",
      "--ntasks-per-node=3",
      "--mem=12000",
      "--gres=gpu:1",
      "--constraint=amd",
      "--exclusive",
      "--time=2",
    ]);
    expect(tresSbatchArgs({ ...j, gpus: 0, constraint: undefined, exclusive: false })).not.toContain(
      "--exclusive",
    );
  });

  it("refuses a bad option by its name", () => {
    expect(() => tresWorkload({ jobs: 0 })).toThrow(/^invalid jobs: 0/);
    expect(() => tresWorkload({ meanGap: 0 })).toThrow(/^invalid meanGap: 0/);
  });
});

describe("tresWorkloadMix", () => {
  it("counts the kinds of request and the offered load of a hand-made workload", () => {
    const j = (o: Partial<TresJob>): TresJob => ({
      name: "t",
      offset: 0,
      user: "u",
      account: "a",
      partition: "batch",
      nodes: 1,
      tasksPerNode: 1,
      memMiB: 1000,
      gpus: 0,
      exclusive: false,
      limitMinutes: 1,
      sleep: 10,
      ...o,
    });
    const jobs = [
      j({ offset: 0, tasksPerNode: 4 }), // 40 CPU·s
      j({ offset: 5, nodes: 2, memMiB: 12000, tasksPerNode: 2 }), // 2 × 2 × 10 = 40; more than n1's memory
      j({ offset: 8, partition: "gpu", gpus: 2, memMiB: 30000 }), // 10; all gpu nodes hold 32000 MiB
      j({ offset: 10, constraint: "intel", exclusive: true }), // whole 8-CPU node: 80
    ];
    expect(tresWorkloadMix(jobs, TRES_LAYOUT)).toEqual({
      jobs: 4,
      multiNode: 0.25,
      memoryOnlySomeNodes: 0.25,
      gpus: 0.25,
      constraint: 0.25,
      exclusive: 0.25,
      spanSeconds: 10,
      offeredLoad: 170 / (40 * 10),
    });
  });
});
