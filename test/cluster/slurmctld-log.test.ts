import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { CTLD_LOG_KEPT, logTime, parseCtldLog } from "../../cluster/slurmctld-log";

// lines of a real slurmctld 22.05.8 log (check:slurm seed 3; SlurmctldDebug=debug,
// DebugFlags=Backfill,Priority,TraceJobs,Route), verbatim and in order, in UTC (offset 0); a few
// stretches of it, with the lines between them left out
const LINES = fs
  .readFileSync(path.join(__dirname, "..", "fixtures", "cluster", "slurmctld-22.05-excerpt.txt"), "utf8")
  .trim()
  .split("\n");
const T = Date.UTC(2026, 10, 26, 18, 14, 36) / 1000; // 18:14:36 UTC, epoch s

describe("parseCtldLog", () => {
  const ev = parseCtldLog(LINES, 0);
  const ms = (x: number) => Math.round((x - T) * 1000); // ms after 18:14:36, the line-order offset rounded away
  it("reads submits, starts (with the pass or cycle that made them), ends and releases", () => {
    expect(ms(ev.submit.get("157")!)).toBe(455);
    expect(ev.start.get("96")).toMatchObject({ by: "backfill", nodes: "n[1-3,5-8]" });
    expect([ms(ev.start.get("96")!.at), ms(ev.start.get("96")!.passAt)]).toEqual([1062, 1061]);
    expect(ev.start.get("172")).toMatchObject({ by: "main", nodes: "n[4-7]" });
    expect(ms(ev.start.get("172")!.passAt)).toBe(11487);
    expect([93, 94, 95].map((j) => ms(ev.complete.get(String(j))!))).toEqual([429, 432, 429]);
  });
  it("a job whose last node came back by an EPILOG_COMPLETE ran a pass at once, seen as a pass right after it", () => {
    // 95: n3 by the RPC (its batch host) → schedule(); 93 and 94 by the agent's replies
    expect(ev.release.get("95")).toMatchObject({ rpc: true });
    expect(ms(ev.release.get("95")!.at)).toBe(438);
    expect(ms(ev.release.get("95")!.passAt)).toBe(438);
    expect(ev.release.get("93")).toMatchObject({ rpc: false });
    expect(ev.release.get("94")).toMatchObject({ rpc: false });
    expect(ev.passes.map((p) => [ms(p.at), p.full, p.immediate])).toEqual([
      [396, false, false],
      [438, false, true],
      [1400, true, false],
      [11487, false, true],
    ]);
    // log order within a millisecond: 95 freed, its pass, then 94
    expect(ev.release.get("95")!.at < ev.passes[1].at && ev.passes[1].at < ev.release.get("94")!.at).toBe(
      true,
    );
  });
  it("reads backfill cycles (begin, jobs tested, started, work) and the decay thread's runs", () => {
    expect(ev.cycles.map((c) => [ms(c.begin), c.tested, c.started, c.usec])).toEqual([[1061, 64, 1, 2535]]);
    expect(ev.decays.map(ms)).toEqual([-58711, 1289]);
  });
  it("keeps exactly the lines it reads, and the backfill plan's reservations", () => {
    expect(LINES.every((l) => CTLD_LOG_KEPT.test(l))).toBe(true);
    for (const l of [
      "[2026-11-26T18:14:36.433] debug2: node_did_resp n1",
      "[2026-11-26T18:14:36.433] priority/multifactor: _ft_debug:     root (root):  inf",
      "[2026-11-26T18:14:36.433] debug:  sched: JobId=9 unable to schedule in Partition=debug",
    ])
      expect(CTLD_LOG_KEPT.test(l)).toBe(false);
  });
  it("reads local time stamps with the recording's zone offset and names a bad line", () => {
    expect(logTime("[2026-11-26T19:14:36.455] x", 60)).toBeCloseTo(T + 0.455, 9);
    expect(() =>
      parseCtldLog(["[26/11 18:14] sched: Allocate JobId=1 NodeList=n1 #CPUs=1"], 0, "ctld.log"),
    ).toThrow(/^invalid ctld\.log line 1 time stamp: .*; expected \[YYYY-MM-DDTHH:MM:SS\.mmm\]/);
    expect(() =>
      parseCtldLog(
        ["[2026-11-26T18:14:37.064] sched/backfill: _attempt_backfill: completed testing 1(1) jobs, usec=5"],
        0,
      ),
    ).toThrow(/expected a 'completed testing' line after an '_attempt_backfill: beginning' line/);
  });
});
