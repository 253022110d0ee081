import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHECK_ACCOUNTS,
  checkAssociations,
  checkKnobs,
  checkSlurmConf,
  compareCheck,
  compareCheckFairShare,
  type CheckModel,
  type RecordedCheck,
} from "../../cluster/slurm-check";
import { agreementLine, checkReport, EXACT_PASS, replayVerdict } from "../../cluster/check-report";
import { checkSummary } from "../../cluster/check-summary";

// recordings of `npm run check:integration`'s check:slurm (seeds 1, 2, 3, run side by side) on the local Slurm 22.05.8:
// the workload, sacct, sshare and the lines of slurmctld's log the check reads
const REC = [1, 2, 3].map(
  (s) =>
    JSON.parse(
      fs.readFileSync(
        path.join(__dirname, "..", "fixtures", "cluster", `check-22.05-seed-${s}.json`),
        "utf8",
      ),
    ) as RecordedCheck,
);
const MODELS: CheckModel[] = ["events", "slurmctld", "replay"];
const figures = (rec: RecordedCheck, m: CheckModel) => {
  const a = compareCheck(rec, m).agreement;
  return [a.sameStart, a.withinTolerance, Number(a.kendallTauB.toFixed(3)), a.sameNodes, a.initialEqual];
};

describe("check:slurm's setup", () => {
  it("writes every knob, the priority and the log the check reads into slurm.conf", () => {
    const conf = checkSlurmConf(checkKnobs());
    expect(conf.SchedulerParameters).toBe(
      "default_queue_depth=100,sched_interval=30,bf_interval=5,bf_window=1440,bf_resolution=1,bf_max_job_test=500,bf_max_job_user=0,bf_job_part_count_reserve=0,batch_sched_delay=1,sched_min_interval=2,bf_yield_interval=2000000,bf_yield_sleep=500000,bf_max_time=5",
    );
    expect(conf).toMatchObject({
      PriorityWeightAge: "1000",
      PriorityWeightFairshare: "10000",
      PriorityCalcPeriod: "1",
      PriorityMaxAge: "1-0",
      AccountingStorageEnforce: "limits",
      SlurmctldDebug: "debug",
      DebugFlags: "Backfill,Priority,TraceJobs,Route",
    });
    for (const r of REC) {
      expect(r.knobs).toEqual(checkKnobs());
      expect(r.accounts).toEqual(CHECK_ACCOUNTS);
    }
  });
  it("gives our priority the accounts' tree with user root in each leaf and in the root account", () => {
    expect(checkAssociations().map((a) => `${a.entity}<${a.parent} ${a.shares}`)).toEqual([
      "root@root<root 1",
      "physics<root 7",
      "theory<physics 5",
      "lab<physics 3",
      "chem<root 5",
      "bio<root 3",
      "root@theory<theory 1",
      "root@lab<lab 1",
      "root@chem<chem 1",
      "root@bio<bio 1",
    ]);
  });
});

describe("check:slurm on three recorded runs of 200 jobs", () => {
  it("every job completed and sshare agrees with our Fair Tree", () => {
    for (const r of REC) {
      expect(r.real.jobs.length).toBe(200);
      expect(r.real.jobs.every((j) => j.state === "COMPLETED")).toBe(true);
      expect(compareCheckFairShare(r).every((x) => x.agrees)).toBe(true);
    }
  });
  it("exact starts, starts within 1 s, Kendall tau-b, equal node lists, equal t=0 set per model", () => {
    expect(REC.map((r) => MODELS.map((m) => figures(r, m)))).toEqual([
      [
        [6, 17, 0.784, 62, false],
        [200, 200, 1, 200, true],
        [200, 200, 1, 200, true],
      ],
      [
        [8, 18, 0.73, 53, true],
        [200, 200, 1, 200, true],
        [200, 200, 1, 200, true],
      ],
      [
        [3, 14, 0.805, 80, true],
        [200, 200, 1, 200, true],
        [200, 200, 1, 200, true],
      ],
    ]);
    // the check passes each run on EXACT_PASS under replay
    for (const r of REC)
      expect(compareCheck(r, "replay").agreement.sameStart).toBeGreaterThanOrEqual(EXACT_PASS * 200);
  });
  it("today's timing starts the first jobs at their submit; Slurm's first pass waited for its background loop", () => {
    const e = compareCheck(REC[0], "events").firstDifference!;
    expect([e.before, e.job.name, e.job.realStart, e.job.simStart]).toEqual([2, "j003", 1, 0]);
  });
  it("replay and slurmctld timing agree on every start once reservations take nodes as select/linear's will-run test does", () => {
    const d = REC.map((r) => compareCheck(r, "replay").firstDifference);
    expect(
      d.map(
        (x) => x && [x.before, x.job.name, x.job.realStart, x.job.simStart, x.job.realNodes, x.job.simNodes],
      ),
    ).toEqual([undefined, undefined, undefined]);
  });
  it("judges each run's replay on its first difference: exact, a clock read inside the band, or a difference", () => {
    expect(REC.map((r) => replayVerdict(compareCheck(r, "replay")).verdict)).toEqual([
      "exact",
      "exact",
      "exact",
    ]);
    const c = compareCheck(REC[0], "replay");
    const band = 3 * c.cycleCost.rms;
    expect(replayVerdict(c).band).toBe(band);
    // Slurm allocated 2 ms after the boundary between seconds 5 and 6 and read 6; ours 5: one read decides
    const job = { ...c.perJob[0], realStart: 6, simStart: 5, realClock: 6 + 0.002 };
    const at = (j: typeof job) => replayVerdict({ ...c, firstDifference: { job: j, before: 10 } });
    expect(at(job).verdict).toBe("ambiguous");
    expect(at({ ...job, realStart: 4, simStart: 5, realClock: 5 - 0.002 }).verdict).toBe("ambiguous");
    // further from the boundary than the band, two seconds apart, or the same second on other nodes: a difference
    expect(at({ ...job, realClock: 6 + band + 0.001 }).verdict).toBe("differs");
    expect(at({ ...job, realStart: 7 }).verdict).toBe("differs");
    expect(at({ ...job, realStart: 5, realNodes: "n9" }).verdict).toBe("differs");
    expect(at(job).reason).toMatch(
      /^the first difference \(j\d+: Slurm 6 s, ours 5 s\) is an allocation slurmctld logged 2\.0 ms from the second boundary, inside the band of ±\d+\.\d ms$/,
    );
  });
  it("the clocks measured on each run", () => {
    const c = REC.map((r) => compareCheck(r, "slurmctld"));
    expect(c.map((x) => [x.loopPeriod.toFixed(4), x.immediateEnds, x.cycleCost.cycles])).toEqual([
      ["1.0015", 3, 31],
      ["1.0017", 1, 28],
      ["1.0015", 4, 26],
    ]);
    expect(
      c.map((x) =>
        [x.cycleCost.base, x.cycleCost.perJob, x.cycleCost.perStart].map((v) => Math.round(v * 1e6)),
      ),
    ).toEqual([
      [-3312, 69, 1971],
      [-480, 51, 643],
      [-229, 39, 593],
    ]);
  });
  it("the report prints one line per model and the Fair Tree verdict", () => {
    const comps = MODELS.map((m) => compareCheck(REC[1], m));
    const text = checkReport(REC[1], comps, compareCheckFairShare(REC[1]));
    expect(text).toContain(agreementLine(comps[2]));
    expect(agreementLine(comps[2])).toMatch(
      /^replay {4}exact starts 200\/200 = 100\.0%; within 1 s 200\/200 = 100\.0%; Kendall tau-b 1\.000; node lists equal 200\/200 = 100\.0%; t=0 set EQUAL; no difference$/,
    );
    expect(text).toMatch(
      /ends that ran a pass at once \(EPILOG_COMPLETE\): 1\/200; time\(NULL\) lag at a whole second 4\.35 ms \(median of 6,/,
    );
    expect(text).toMatch(/10\/10 associations agree/);
  });
  it("docs/slurm.md shows these recordings' summary as check:slurm -- --summary prints it", () => {
    const doc = fs.readFileSync(path.join(__dirname, "..", "..", "docs", "slurm.md"), "utf8");
    const m = /<!-- check-summary -->\n([\s\S]*?)\n<!-- \/check-summary -->/.exec(doc);
    expect(m?.[1]).toBe(checkSummary(REC));
  });
});
