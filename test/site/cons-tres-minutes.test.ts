import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  readTresLog,
  siteLoggedTiming,
  tresAgreement,
  tresAgreementTable,
  type TresAgreement,
} from "../../cluster/tres-check";
import { loadSite } from "../../lib/site/site-model";
import { TIMING_PARTS, runShift, timingGap, timingGapTable } from "../../cluster/timing-gap";

// A site's export of jobs of minutes (data/site/cons-tres-minutes/README.md): 310 jobs on nine unlike
// nodes under topology/tree, recorded on Slurm 22.05 with the cluster's own slurm.conf beside it.
const DIR = "data/site/cons-tres-minutes";

/** A folder holding the export's sacct, sshare and sacctmgr files and the site's slurm.conf (with its companions), not scontrol's nor sinfo's output. */
function confOnly(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minutes-conf-"));
  for (const f of ["sacct.txt", "sshare.txt", "assoc.txt", "slurm.conf", "gres.conf", "topology.conf"])
    fs.copyFileSync(path.join(DIR, f), path.join(dir, f));
  return dir;
}

/** The goal for a replay from the export and slurm.conf alone. */
const EXPORT_GOAL = { withinInterval: 0.8, medianWaitError: 0.1 };

describe("the minutes recording, read from slurm.conf or from scontrol show config and sinfo", () => {
  const full = loadSite(DIR);
  const conf = loadSite(confOnly());
  it("gives the replay the same settings from either source", () => {
    const keys = [
      "priorityType",
      "weights",
      "halfLifeSeconds",
      "calcPeriod",
      "maxAgeSeconds",
      "fairShare",
      "bfInterval",
      "bfWindow",
      "bfResolution",
      "bfMaxJobTest",
      "bfContinue",
      "defaultQueueDepth",
      "schedInterval",
      "selectType",
      "selectTypeParameters",
    ] as const;
    const pick = (s: typeof full.settings) => Object.fromEntries(keys.map((k) => [k, s[k]]));
    expect(pick(conf.settings)).toEqual(pick(full.settings));
    expect(conf.settings.bfContinue).toBe(true);
  });
  it("gives the same machine: each node's CPUs, memory, GPUs, features, partitions and Weight, and the topology", () => {
    const nodes = (s: typeof full) =>
      s.machine.tres!.map((n) => [
        n.name,
        n.cpus,
        n.memoryMiB,
        n.gpus,
        n.features.join(),
        [...n.partitions].sort().join(),
        n.weight,
      ]);
    expect(nodes(conf)).toEqual(nodes(full));
    expect(conf.machine.tres!.map((n) => n.weight)).toEqual([10, 10, 10, 10, 20, 20, 20, 100, 1000]);
    expect(conf.machine.topology?.switches.map((s) => s.name)).toEqual(["sw1", "sw2", "sw3", "core"]);
    expect(full.machine.topology?.switches.map((s) => s.name)).toEqual(["sw1", "sw2", "sw3", "core"]);
  });
});

describe("the minutes recording replayed on its machine", () => {
  const site = loadSite(confOnly());
  const log = readTresLog(DIR);
  const rows: TresAgreement[] = (["events", "slurmctld", "slurmctld (log)", "replay (log)"] as const).map(
    (t) => tresAgreement(site, t, log),
  );
  it("given slurmctld's timing, the machine model starts and places the jobs as Slurm did", () => {
    const replay = rows[3];
    expect(replay.withinInterval).toBeGreaterThanOrEqual(0.9);
    expect(replay.sameNodes).toBeGreaterThanOrEqual(0.85);
  });
  it("from the export and slurm.conf alone: the figures docs/slurm.md shows, and whether they meet the goal", () => {
    const table = tresAgreementTable(rows);
    console.log(table);
    const met = (a: TresAgreement) =>
      a.withinInterval >= EXPORT_GOAL.withinInterval &&
      a.accounts.every((w) => w.relativeError <= EXPORT_GOAL.medianWaitError);
    console.log(
      `goal (≥ 80% within one bf_interval, each account's median wait within 10%) from the export alone: ${met(rows[0]) || met(rows[1]) ? "met" : "not met"}`,
    );
    expect(rows[0].jobs).toBe(310);
    const doc = fs.readFileSync("docs/slurm.md", "utf8");
    expect(/<!-- minutes-agreement -->\n([\s\S]*?)\n<!-- \/minutes-agreement -->/.exec(doc)?.[1]).toBe(table);
  });
  it("prices each part of the controller's timing the export lacks: the docs' table, bounded by the log's replay and the export's", () => {
    const logged = siteLoggedTiming(site, log, "replay");
    const gap = timingGap(site, logged);
    const shift = runShift(site, logged, [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]);
    const figures = ({ withinInterval, exact, sameNodes, accounts }: Omit<TresAgreement, "timing">) => ({
      withinInterval,
      exact,
      sameNodes,
      accounts,
    });
    // nothing replaced is the log's replay; everything replaced is the export's slurmctld replay
    expect(gap[0].replaced).toEqual([]);
    expect(figures(gap[0])).toEqual(figures(rows[3]));
    expect(gap[gap.length - 1].replaced).toEqual([...TIMING_PARTS]);
    expect(figures(gap[gap.length - 1])).toEqual(figures(rows[1]));
    // a shift of 0 is the row that replaces the run lengths alone
    expect(figures(shift[0])).toEqual(figures(gap.find((g) => g.replaced.join() === "run lengths")!));
    const doc = fs.readFileSync("docs/slurm.md", "utf8");
    expect(/<!-- minutes-timing-gap -->\n([\s\S]*?)\n<!-- \/minutes-timing-gap -->/.exec(doc)?.[1]).toBe(
      timingGapTable(gap, shift),
    );
  });
});
