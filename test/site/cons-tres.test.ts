import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  TRES_PASS,
  tresGoalMet,
  TRES_TIMINGS,
  readTresLog,
  tresAgreement,
  tresAgreementTable,
} from "../../cluster/tres-check";
import { tresWorkload } from "../../cluster/tres-workload";
import { replaySite } from "../../lib/site/replay";
import { jobTres } from "../../lib/site/site-tres";
import { loadSite } from "../../lib/site/site-model";

// The cons_tres recording (data/site/cons-tres/README.md): 120 jobs sharing six unlike nodes by
// CPUs, memory and GPUs, replayed on the machine sinfo describes.
describe("the cons_tres recording replayed on its own machine", () => {
  const site = loadSite("data/site/cons-tres");
  const log = readTresLog("data/site/cons-tres");
  it("reads the machine node by node and each job's request per node", () => {
    expect(site.machine.model).toBe("shared nodes");
    expect(site.machine.tres?.map((n) => [n.name, n.cpus, n.memoryMiB, n.gpus, n.features.join()])).toEqual([
      ["n1", 8, 8000, 0, "intel"],
      ["n2", 8, 8000, 0, "intel"],
      ["n3", 8, 16000, 0, "amd"],
      ["n4", 8, 16000, 0, "amd"],
      ["n5", 4, 32000, 2, "amd"],
      ["n6", 4, 32000, 2, "amd"],
    ]);
    expect(site.machine.tres?.[4].partitions.slice().sort()).toEqual(["batch", "gpu"]);
    expect(site.jobs).toHaveLength(120);
    expect(site.jobs.some((j) => j.constraint !== "")).toBe(true);
    expect(site.jobs.some((j) => j.reqGpus > 0)).toBe(true);
  });
  it("reads back each job's request per node as the workload submitted it (sbatch's arguments)", () => {
    const submitted = new Map(tresWorkload().jobs.map((j) => [j.name, j]));
    const names = new Map(
      fs
        .readFileSync("data/site/cons-tres/sacct.txt", "utf8")
        .split("\n")
        .slice(1)
        .map((l) => l.split("|"))
        .filter((c) => c.length > 1 && !c[0].includes("."))
        .map((c) => [c[0], c[c.length - 1]]),
    );
    const differ = site.jobs.filter((j) => {
      const t = jobTres(j, site.machine.tres!, true);
      const w = submitted.get(names.get(j.id)!)!;
      return !(
        t.exclusive === w.exclusive &&
        (w.exclusive || t.cpusPerNode === w.tasksPerNode) &&
        t.memPerNodeMiB === w.memMiB &&
        t.gpusPerNode === w.gpus &&
        t.constraint === (w.constraint ?? "")
      );
    });
    // every exclusive job asks fewer tasks than its nodes' CPUs (cluster/tres-workload.ts), so each
    // reads back as exclusive from the CPUs it held beyond those it asked
    expect(submitted.size).toBe(site.jobs.length);
    expect(site.jobs.filter((j) => jobTres(j, site.machine.tres!, true).exclusive).length).toBeGreaterThan(0);
    expect(differ.map((j) => [j.id, j.cpus, j.reqCpus, j.nodes])).toEqual([]);
  });
  it("places and starts the jobs as Slurm did, at least as often as the check requires; docs/slurm.md shows the table", () => {
    const rows = TRES_TIMINGS.map((t) => tresAgreement(site, t, log));
    console.log(tresAgreementTable(rows));
    const replay = rows[3];
    expect(replay.exact).toBeGreaterThanOrEqual(TRES_PASS.replayExact);
    expect(replay.withinInterval).toBeGreaterThanOrEqual(TRES_PASS.replayWithinInterval);
    const doc = fs.readFileSync("docs/slurm.md", "utf8");
    expect(/<!-- tres-agreement -->\n([\s\S]*?)\n<!-- \/tres-agreement -->/.exec(doc)?.[1]).toBe(
      tresAgreementTable(rows),
    );
  });
  it("given slurmctld's timing from its log, the machine model starts every job at Slurm's second on Slurm's nodes", () => {
    const r = tresAgreement(site, "replay (log)", log);
    expect([r.exact, r.sameNodes]).toEqual([1, 1]);
    expect(r.accounts.map((a) => a.relativeError)).toEqual(r.accounts.map(() => 0));
    // the goal is met by the log's replay, not by the export's
    expect([tresGoalMet(r), tresGoalMet(tresAgreement(site, "events", log))]).toEqual([true, false]);
  });
  it("so does a second run of the workload, whose timing differs (test/fixtures/cluster/cons-tres-second-run)", () => {
    const dir = "test/fixtures/cluster/cons-tres-second-run";
    const r = tresAgreement(loadSite(dir), "replay (log)", readTresLog(dir));
    expect([r.exact, r.sameNodes]).toEqual([1, 1]);
  });
  it("so does the workload at time scale 3 (bf_interval 15 s), on two runs: 99% of starts at Slurm's second, all on Slurm's nodes; docs/slurm.md shows the first run's table", () => {
    // on the first run, GPU jobs' evaluations leave node weights that move a reservation, and a
    // backfilled job's nodes are chosen again at its start (lib/sim/tres-node-sets.ts,
    // lib/sim/tres-placement.ts): without these rules the starts after it cascade
    for (const dir of [
      "test/fixtures/cluster/cons-tres-time-scale-3",
      "test/fixtures/cluster/cons-tres-time-scale-3-second-run",
    ]) {
      const s = loadSite(dir);
      expect(s.settings.bfInterval).toBe(15);
      const rows = TRES_TIMINGS.map((t) => tresAgreement(s, t, readTresLog(dir)));
      const replay = rows[3];
      expect(replay.exact, dir).toBeGreaterThanOrEqual(0.99);
      expect([replay.withinInterval, replay.sameNodes], dir).toEqual([1, 1]);
      if (!dir.endsWith("second-run")) {
        const doc = fs.readFileSync("docs/slurm.md", "utf8");
        const block =
          /<!-- tres-agreement-time-scale-3 -->\n([\s\S]*?)\n<!-- \/tres-agreement-time-scale-3 -->/;
        expect(block.exec(doc)?.[1]).toBe(tresAgreementTable(rows));
      }
    }
  });
  it("a log timing without the log, or a log without a job's events, is an error naming it", () => {
    expect(() => tresAgreement(site, "replay (log)")).toThrow(/needs the run's slurmctld log/);
    const id = site.jobs[5].id;
    const lines = log.lines.filter((l) => !l.includes(`JobId=${id} `) && !l.endsWith(`JobId=${id}`));
    expect(() => tresAgreement(site, "replay (log)", { ...log, lines })).toThrow(
      `data/site/cons-tres slurmctld log has no submit, start, end or release of job ${id} (${id})`,
    );
  });
  it("a log file that is not the recording's JSON is an error naming the file and the shape expected", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tres-log-"));
    try {
      expect(() => readTresLog(dir)).toThrow(/slurmctld-log\.json: ENOENT/);
      fs.writeFileSync(path.join(dir, "slurmctld-log.json"), '{"lines": []}');
      expect(() => readTresLog(dir)).toThrow(/slurmctld-log\.json: expected \{"utcOffsetMinutes"/);
      fs.writeFileSync(path.join(dir, "slurmctld-log.json"), "[2026-11-28T00:00:00.000] sched: Allocate");
      expect(() => readTresLog(dir)).toThrow(/slurmctld-log\.json: .*JSON.*; expected/);
      fs.writeFileSync(
        path.join(dir, "slurmctld-log.json"),
        JSON.stringify({ utcOffsetMinutes: 0, lines: [], clockLag: [0.0043, "4 ms"] }),
      );
      expect(() => readTresLog(dir)).toThrow(/slurmctld-log\.json: expected .*"clockLag": \[<seconds>\]/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it("recorded timing takes one entry per job and no jitter", () => {
    const recorded = { origin: 0, jobs: [], scheduler: {}, calcPhase: 0 };
    expect(() => replaySite(site, site.settings, { recorded })).toThrow(
      'invalid recorded.jobs: "0 jobs"; expected one per job (120)',
    );
    expect(() => replaySite(site, site.settings, { recorded, jitterSeconds: 5 })).toThrow(
      /invalid jitterSeconds: 5; expected 0 with recorded timing/,
    );
  });
  it("a job whose request fits no nodes of its partition stops the replay, naming the job and why", () => {
    const jobs = site.jobs.map((j, i) => (i === 3 ? { ...j, reqCpus: 9 } : j));
    expect(() => replaySite({ ...site, jobs }, site.settings)).toThrow(
      `data/site/cons-tres: job ${site.jobs[3].id} cannot be replayed on this machine: asks 1 node(s) of 9 CPUs`,
    );
  });
});
