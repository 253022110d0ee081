import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkMinutesExport,
  minutesRecordingFigures,
  minutesSlurmConf,
} from "../../cluster/minutes-recording";
import { minutesWorkload, minutesWorkloadMix } from "../../cluster/minutes-workload";
import { sharedNodeFraction } from "../../cluster/tres-recording";
import type { SacctJob } from "../../lib/io/sacct-jobs";
import { readSlurmExport } from "../../lib/io/slurm-export-folder";

// a short run of the same harness (scripts/record-minutes-export.ts --jobs 40 --time-scale 0.1) on
// Slurm 22.05.8: the export as the script wrote it, with the cluster's configs
const DIR = path.join(__dirname, "..", "fixtures", "cluster", "cons-tres-minutes-smoke");
const sacct = () => fs.readFileSync(path.join(DIR, "sacct.txt"), "utf8");
const workload = () => minutesWorkload({ jobs: 40, timeScale: 0.1 }).jobs;

describe("a short recording of the minutes workload (test/fixtures/cluster/cons-tres-minutes-smoke)", () => {
  it("holds every job, completed as asked: memory per node, per CPU and by DefMemPerCPU, GPUs, limits", () => {
    const jobs = workload();
    const records = checkMinutesExport(sacct(), jobs);
    expect(records).toHaveLength(40);
    // sacct 22.05 prints a job's whole requested memory (ReqMem) in its own unit: 1G, 7800M, …
    const byName = new Map(records.map((r) => [r.name, r]));
    const perCpu = jobs.find((j) => j.mem?.per === "cpu")!;
    expect(byName.get(perCpu.name)!.reqMem).toEqual({
      mib: perCpu.mem!.mib * perCpu.tasksPerNode * perCpu.nodes,
      per: "job",
    });
    const none = jobs.find((j) => j.mem === undefined)!;
    expect(byName.get(none.name)!.reqTres!.memMiB).toBe(3900 * none.tasksPerNode * none.nodes);
  });

  it("shows the nodes slurmd registered, and keeps slurm.conf, gres.conf and topology.conf without temp paths", () => {
    const exp = readSlurmExport(DIR);
    expect(exp.missing).toEqual([]);
    expect(exp.nodes!.map((n) => [n.node, n.cpus, n.memoryMiB, n.features.join(",")])).toEqual([
      ["n1", 16, 63000, "intel"],
      ["n2", 16, 63000, "intel"],
      ["n3", 16, 63000, "intel"],
      ["n4", 16, 63000, "intel"],
      ["n5", 24, 94000, "amd,ib"],
      ["n6", 24, 94000, "amd,ib"],
      ["n7", 24, 94000, "amd,ib"],
      ["n8", 32, 500000, "amd,bigmem"],
      ["n9", 16, 190000, "intel,gpu"],
    ]);
    expect(exp.nodes![8].gres).toEqual([{ name: "gpu", type: "", count: 2 }]);
    expect(exp.config!.values.TopologyPlugin).toBe("topology/tree");
    const conf = fs.readFileSync(path.join(DIR, "slurm.conf"), "utf8");
    expect(conf).toContain("\nSchedulerParameters=bf_interval=30,bf_continue,bf_max_job_test=1000\n");
    expect(conf).toContain("\nTopologyPlugin=topology/tree\n");
    expect(fs.readFileSync(path.join(DIR, "gres.conf"), "utf8")).toBe(
      "NodeName=n9 Name=gpu File=<state>/dev/gpu[0-1]\n",
    );
    expect(fs.readFileSync(path.join(DIR, "topology.conf"), "utf8")).toMatch(
      /^SwitchName=sw1 Nodes=n\[1-4\]\n/,
    );
    for (const f of ["slurm.conf", "gres.conf", "topology.conf", "config.txt"])
      expect(fs.readFileSync(path.join(DIR, f), "utf8")).not.toMatch(/\/tmp\//);
  });
});

describe("the committed recording (data/site/cons-tres-minutes)", () => {
  const dir = path.join(__dirname, "..", "..", "data", "site", "cons-tres-minutes");
  const text = () => fs.readFileSync(path.join(dir, "sacct.txt"), "utf8");

  it("holds every job of the seeded workload, completed as asked, and a README of its figures", () => {
    const { jobs } = minutesWorkload();
    const records = checkMinutesExport(text(), jobs);
    expect(records).toHaveLength(310);
    const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const mix = minutesWorkloadMix(jobs);
    expect(readme).toContain(`${mix.jobs} jobs in ${mix.sessions} sessions`);
    expect(readme).toContain(`${pct(mix.memPerCpu)} per CPU`);
    const fig = minutesRecordingFigures(records, jobs);
    expect(readme).toContain(`Median wait ${fig.medianWait} s, longest ${fig.maxWait} s`);
    expect(readme).toContain(`at most ${fig.maxPending} jobs pending at once`);
    expect(readme).toContain(`${pct(sharedNodeFraction(records))} of the jobs ran beside`);
    expect(readme).toContain(`SchedulerParameters=${minutesSlurmConf().SchedulerParameters} `);
  });

  it("keeps the cluster's configs beside the export, read back as it ran", () => {
    const exp = readSlurmExport(dir);
    expect(exp.missing).toEqual([]);
    expect(exp.nodes!.map((n) => n.node)).toEqual(["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9"]);
    expect(exp.config!.values.TopologyPlugin).toBe("topology/tree");
    // the same configs as the short run's but for the free ports each run picked
    const read = (d: string, f: string) =>
      fs.readFileSync(path.join(d, f), "utf8").replace(/Port=(\[[\d,]+\]|\d+)/g, "Port=<port>");
    for (const f of ["slurm.conf", "gres.conf", "topology.conf"]) expect(read(dir, f)).toBe(read(DIR, f));
  });
});

describe("minutesSlurmConf", () => {
  it("keeps the scheduler's settings as a site does: bf_interval 30 s, the other intervals at their defaults", () => {
    const c = minutesSlurmConf();
    expect(c.SchedulerParameters).toBe("bf_interval=30,bf_continue,bf_max_job_test=1000");
    expect(c.SchedulerParameters).not.toMatch(/sched_interval|bf_resolution|bf_window|batch_sched_delay/);
    expect(c.SelectTypeParameters).toBe("CR_Core_Memory");
    expect(c.DebugFlags).toBe("Backfill,Priority,TraceJobs,Route");
  });
});

describe("checkMinutesExport", () => {
  const jobs = workload();
  const line = (text: string, name: string) => text.split("\n").find((l) => l.endsWith(`|${name}`))!;

  it("names a job missing, one that did not complete, and one with another limit or memory", () => {
    const text = sacct();
    const l = line(text, "m001");
    expect(() => checkMinutesExport(text.replace(l + "\n", ""), jobs)).toThrow(
      /^sacct.txt: job m001: missing/,
    );
    expect(() => checkMinutesExport(text.replace(l, l.replace("|COMPLETED|", "|TIMEOUT|")), jobs)).toThrow(
      /^sacct.txt: job m001: state TIMEOUT, expected COMPLETED$/,
    );
    // sacct's Timelimit of a limit under an hour: 00:MM:00
    expect(jobs[0].limitMinutes).toBeLessThan(60);
    const limit = `|00:${String(jobs[0].limitMinutes).padStart(2, "0")}:00|`;
    expect(l).toContain(limit);
    expect(() => checkMinutesExport(text.replace(l, l.replace(limit, "|01:00:00|")), jobs)).toThrow(
      new RegExp(`^sacct.txt: job m001: Timelimit 3600 s, expected ${60 * jobs[0].limitMinutes!} s$`),
    );
    expect(() => checkMinutesExport(text.replace(l, l.replaceAll("mem=1G", "mem=2G")), jobs)).toThrow(
      /^sacct.txt: job m001: ReqTRES mem 2048 MiB, asked 1024$/,
    );
  });
});

describe("minutesRecordingFigures", () => {
  const rec = (
    name: string,
    account: string,
    submit: number,
    start: number,
    elapsed: number,
    flags: string[],
  ) => ({ name, account, submit, start, end: start + elapsed, elapsed, flags }) as unknown as SacctJob;
  it("reads waits, the queue's length, backfilled starts and Elapsed against the sleeps", () => {
    const records = [
      rec("a", "x", 0, 0, 10, ["SchedSubmit"]),
      rec("b", "x", 1, 11, 10, ["SchedMain"]),
      rec("c", "y", 2, 30, 6, ["SchedBackfill"]),
      rec("d", "y", 3, 5, 6, ["SchedBackfill"]),
    ];
    const jobs = [
      { name: "a", sleep: 10 },
      { name: "b", sleep: 9 },
      { name: "c", sleep: 6 },
      { name: "d", sleep: 6 },
    ];
    expect(minutesRecordingFigures(records, jobs)).toEqual({
      jobs: 4,
      spanSeconds: 36,
      // waits 0, 10, 28, 2
      medianWait: 6,
      maxWait: 28,
      accounts: [
        { account: "x", jobs: 2, medianWait: 5 },
        { account: "y", jobs: 2, medianWait: 15 },
      ],
      // b, c and d pending at 3 s
      maxPending: 3,
      backfilled: 0.5,
      elapsedExact: 0.75,
      maxElapsedExcess: 1,
    });
    expect(() => minutesRecordingFigures([], jobs)).toThrow(/no jobs/);
  });
});
