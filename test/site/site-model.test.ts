import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { readSlurmExport } from "../../lib/io/slurm-export-folder";
import { parseSacct } from "../../lib/io/sacct";
import { parseSshare } from "../../lib/io/sshare";
import { DEFAULT_SITE_EXPORT } from "../../lib/site/default-export";
import { loadSite, siteModel } from "../../lib/site/site-model";
import { siteJobs, startedBy } from "../../lib/site/site-jobs";
import { siteTree } from "../../lib/site/site-tree";

// The export the export script wrote on a local Slurm 22.05 (test/fixtures/slurm/export/README.md).
const DIR = path.join(__dirname, "..", "fixtures", "slurm", "export");
const t = (iso: string) => Date.parse(iso + "Z") / 1000;

describe("siteModel on the recorded export", () => {
  const site = siteModel(readSlurmExport(DIR));
  it("takes every job that ran, by eligible time then as Slurm's queue breaks ties (the array's id 1 first)", () => {
    expect(site.jobs.map((j) => j.id)).toEqual(["1_0", "1_1", "2", "3", "5", "6", "7", "1_2", "1_3"]);
    expect(site.dropped).toEqual([{ reason: "never started (no nodes assigned)", jobs: 1, firstLine: 21 }]);
    expect(site.changed).toEqual([
      {
        reason: "ran past its limit (OverTimeLimit, KillWait): the replay ends it at its limit",
        jobs: 1,
        firstLine: 19,
      },
    ]);
  });
  it("types each job as sacct printed it: times, limit, CPUs, nodes, the scheduler that started it", () => {
    const by = new Map(site.jobs.map((j) => [j.id, j]));
    expect(by.get("3")).toMatchObject({
      account: "chem",
      user: "root",
      eligible: t("2026-12-02T11:33:56"),
      start: t("2026-12-02T11:34:06"),
      end: t("2026-12-02T11:34:09"),
      limit: 120,
      cpus: 3,
      nodes: 2,
      startedBy: "backfill",
    });
    expect(by.get("7")).toMatchObject({
      state: "TIMEOUT",
      limit: 60,
      start: t("2026-12-02T11:34:09"),
      end: t("2026-12-02T11:35:26"),
    });
    expect(by.get("1_2")).toMatchObject({
      submit: t("2026-12-02T11:33:56"),
      eligible: t("2026-12-02T11:34:02"),
    });
    expect(site.jobs.filter((j) => j.startedBy === "backfill").map((j) => j.id)).toEqual(["3"]);
    expect(site.hasFlags).toBe(true);
  });
  it("reads the machine from sinfo, the tree from sacctmgr (user@account), the settings from scontrol", () => {
    // select/cons_tres with sinfo's nodes: jobs share nodes by CPUs (memory is not consumable under CR_Core)
    expect(site.machine).toMatchObject({ nodes: 2, coresPerNode: 2, model: "shared nodes" });
    expect(site.machine.tres?.map((n) => [n.name, n.cpus, n.gpus, n.partitions])).toEqual([
      ["n1", 2, 0, ["debug"]],
      ["n2", 2, 0, ["debug"]],
    ]);
    expect(site.tree.origin).toBe("sacctmgr (assoc.txt)");
    expect(site.tree.rows).toEqual([
      { entity: "chem", parent: "root", kind: "account", shares: 1 },
      { entity: "physics", parent: "root", kind: "account", shares: 3 },
      { entity: "root@root", parent: "root", kind: "user", shares: 1 },
      { entity: "root@chem", parent: "chem", kind: "user", shares: 1 },
      { entity: "root@physics", parent: "physics", kind: "user", shares: 2 },
    ]);
    expect(site.settings).toMatchObject({
      version: "22.05.8",
      priorityType: "priority/multifactor",
      weights: { age: 100, fairShare: 1000, jobSize: 0, qos: 0, partition: 0 },
      halfLifeSeconds: 7 * 86400,
      calcPeriod: 60,
      maxAgeSeconds: 7 * 86400,
      favorSmall: false,
      fairShare: "fair-tree",
      backfill: true,
      bfInterval: 5,
      bfWindow: 1440,
      bfMaxJobTest: 500,
      defaultQueueDepth: 50,
      schedInterval: 60,
      selectType: "select/cons_tres",
      selectTypeParameters: ["CR_CORE"],
    });
    expect(site.settings.schedulerParameters).toEqual({
      bf_interval: "5",
      bf_continue: true,
      default_queue_depth: "50",
    });
    expect(site.partitionNodes).toEqual({ debug: 2 });
    expect(site.limitedAssociations).toEqual([]);
    // the fixture folder holds other sacct exports and files of no kind: named, not read
    expect(site.notes).toEqual([
      "not read, the export script's file of the same part is: sacct-parsable.txt (sacct; sacct.txt is read), sacct-submitline.txt (sacct; sacct.txt is read), sacct-tab.txt (sacct; sacct.txt is read)",
      "not read (no known kind): README.md, sacct-fixed.txt, sacct-noheader.txt",
    ]);
  });
  it('loadSite reads the default export for "" and refuses what is neither a folder nor a trace', () => {
    expect(DEFAULT_SITE_EXPORT).toBe("data/site/cons-tres-minutes");
    expect(loadSite("").source).toBe(DEFAULT_SITE_EXPORT);
    expect(loadSite("").jobs.length).toBe(310);
    expect(() => loadSite("no/such/folder")).toThrow(
      /^invalid source: "no\/such\/folder"; expected one of: .*"live" .*a Slurm export folder .*an SWF trace/,
    );
    expect(() => loadSite("twin")).toThrow(/^invalid source: "twin"; expected a Slurm site's records/);
  });
});

describe("siteJobs and siteTree on literal records", () => {
  const head = "JobID|User|Account|State|Submit|Eligible|Start|End|Timelimit|NNodes|AllocCPUS|NodeList";
  it("drops running and too-wide jobs and fills a missing limit, counting each", () => {
    const d = parseSacct(
      [
        head,
        "1|al|phys|COMPLETED|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:00:10|2024-01-01T00:01:10|UNLIMITED|1|4|c1",
        "2|al|phys|RUNNING|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:00:10|Unknown|00:10:00|1|4|c1",
        "3|bo|chem|COMPLETED|2024-01-01T00:00:00|2024-01-01T00:00:00|2024-01-01T00:00:20|2024-01-01T00:00:30|00:10:00|9|36|c[1-9]",
        "4|bo|chem|COMPLETED|2024-01-01T00:00:05|Unknown|2024-01-01T00:00:20|2024-01-01T00:00:30|00:10:00|1|4|c2",
      ].join("\n"),
      "s.txt",
    );
    const r = siteJobs(d, 4);
    expect(r.jobs.map((j) => [j.id, j.limit, j.eligible - r.jobs[0].eligible])).toEqual([
      ["1", 60, 0],
      ["4", 600, 5],
    ]);
    expect(r.dropped).toEqual([
      { reason: "still running at the export (no End)", jobs: 1, firstLine: 3 },
      { reason: "wider than the machine (4 nodes)", jobs: 1, firstLine: 4 },
    ]);
    expect(r.changed).toEqual([
      {
        reason: "no time limit (UNLIMITED, Partition_Limit): its run time is its limit",
        jobs: 1,
        firstLine: 2,
      },
      { reason: "Eligible unknown: read as Submit", jobs: 1, firstLine: 5 },
    ]);
    expect(() => siteJobs(parseSacct(head + "\n", "e.txt"), 4)).toThrow(
      /^invalid sacct export: e\.txt: no job can be replayed \(no job records\); expected jobs that started and ended$/,
    );
  });
  it("names the scheduler of sacct's Flags", () => {
    expect(
      [["SchedSubmit"], ["SchedMain", "StartRecieved"], ["SchedBackfill"], ["StartRecieved"], undefined].map(
        (f) => startedBy(f),
      ),
    ).toEqual(["submit", "main", "backfill", "not set", undefined]);
  });
  it("builds the tree from sshare without sacctmgr, and from the jobs without either (1 share each)", () => {
    const sshare = parseSshare(
      "Account|User|RawShares|NormShares|RawUsage|NormUsage|EffectvUsage|FairShare|LevelFS\nroot|||0.000000|10||1.000000||\n phys||2|1.000000|10|1.000000|1.000000||1\n  phys|al|parent|1.000000|10|1.000000|1.000000|0.5|1\n",
    );
    const jobs = [{ user: "bo", account: "chem" }] as unknown as Parameters<typeof siteTree>[1];
    const fromSshare = siteTree({ sshare }, jobs);
    expect(fromSshare.origin).toBe("sshare (sshare.txt)");
    expect(fromSshare.rows).toEqual([
      { entity: "phys", parent: "root", kind: "account", shares: 2 },
      { entity: "al@phys", parent: "phys", kind: "user", shares: 1 },
      { entity: "chem", parent: "root", kind: "account", shares: 1 },
      { entity: "bo@chem", parent: "chem", kind: "user", shares: 1 },
    ]);
    expect(fromSshare.notes).toEqual([
      '1 association(s) with shares "parent" (or none) read as 1 share (FairShare=parent is not modelled)',
      "2 association(s) that jobs ran under but the tree lacks added with 1 share",
    ]);
    expect(siteTree({}, jobs)).toEqual({
      rows: [
        { entity: "chem", parent: "root", kind: "account", shares: 1 },
        { entity: "bo@chem", parent: "chem", kind: "user", shares: 1 },
      ],
      origin: "the jobs' accounts",
      notes: [],
    });
  });
});
