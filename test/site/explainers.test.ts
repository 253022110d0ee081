import { describe, expect, it } from "vitest";
import { loadSite } from "../../lib/site/site-model";
import { sharedNodeJobs, unsimulatedRows } from "../../lib/site/unsimulated";
import { unsimulatedTable } from "../../views/site/tables";
import { nodeTurnaround } from "../../lib/site/turnaround";
import { longestWait, whyWait } from "../../lib/site/why-wait";
import { whyWaitExplanation, whyWaitMarkdown } from "../../views/site/why-wait";
import { busiestInstant, sitePrioritySnapshot } from "../../lib/site/pending-snapshot";
import { sitePoa } from "../../lib/site/site-poa";
import { simulate } from "../../lib/sim/engine";
import { fcfsScheduler } from "../../lib/sim/fcfs";
import { job, literalSite } from "./fixtures";

// the 9-job export of test/fixtures/slurm/export/README.md (sacct's quirks on a 2-node cluster)
const FIXTURE = "test/fixtures/slurm/export";

describe("what the replay leaves out", () => {
  it("counts the jobs that held a node while another did ([start, end), touching is not sharing)", () => {
    const j = (nodeList: string, start: number, end: number) => ({ nodeList, start, end });
    expect(
      sharedNodeJobs([
        j("n1", 0, 10),
        j("n1", 5, 15),
        j("n[1-2]", 20, 30),
        j("n2", 30, 40),
        j("n3", 0, 0),
        j("n3", 0, 5),
      ]),
    ).toBe(2);
    expect(sharedNodeJobs([j("n1", 0, 100), j("n1", 10, 20), j("n1", 30, 40)])).toBe(3);
  });
  it("nodeTurnaround: jobs started within the window after another's end on one of their nodes, and the median gap", () => {
    const j = (nodeList: string, start: number, end: number) => ({ nodeList, start, end });
    // n1: a [0, 10), b [11, 20) (gap 1), c [50, 60) (gap 30); n2: d [0, 8), b (gap 3), e [23, 30) (gap 3):
    // each job's least gap on its nodes: b 1, e 3, c 30
    const jobs = [j("n1", 0, 10), j("n[1-2]", 11, 20), j("n1", 50, 60), j("n2", 0, 8), j("n2", 23, 30)];
    expect(nodeTurnaround(jobs, 5)).toEqual({ jobs: 2, medianGap: 2 });
    expect(nodeTurnaround(jobs, 0.5)).toEqual({ jobs: 0, medianGap: NaN });
    expect(nodeTurnaround(jobs, 60).jobs).toBe(3);
  });
  it("on the recorded export: the heterogeneous job's uneven request, turnaround, jobs held by the array's throttle, no Reservation column (bf_continue is modelled)", () => {
    // cons_tres with sinfo's nodes: sharing is modelled; job 3 (1 + 2 CPUs on 2 nodes) is not even
    const rows = unsimulatedRows(loadSite(FIXTURE));
    expect(rows).toEqual([
      { feature: "uneven request", jobs: 1 },
      { feature: "turnaround", jobs: 3, medianGap: 1, turnaround: 1 },
      { feature: "held before eligible", jobs: 2 },
      { feature: "reservations", jobs: NaN, inExport: false },
      { feature: "prior usage", jobs: 9 },
    ]);
    expect(unsimulatedTable(rows).map((r) => [r.feature, r.jobs, r.replay])).toEqual([
      [
        "a request spread unevenly over its nodes (ReqCPUS, mem or GPUs not a multiple of NNodes)",
        1,
        "each node is asked the job's total over its nodes, rounded up",
      ],
      [
        "a node's turnaround between jobs (COMPLETING, epilog, the next pass; median 1 s here)",
        3,
        "each job's nodes come back 1 s after it ends (the median), not as each really did",
      ],
      [
        "held before eligible (dependency, --begin, hold, array throttle)",
        2,
        "it becomes eligible at its real eligible time",
      ],
      ["reservations", NaN, "not in the export (add Reservation to sacct's --format)"],
      ["fair-share usage before the export's first job", 9, "usage starts at zero"],
    ]);
  });
});

describe("whyWait on a literal site (W = 2, submit order, bf_interval 30 s)", () => {
  // x holds one node over [0, 100); y needs both (eligible at 1: reserved from 100); z needs one node
  // for 200 s from 2, which would run into y's reservation: it waits for y to end.
  const jobs = [
    job({ id: "x", eligible: 0, start: 0, end: 100, nodes: 1, limit: 100 }),
    job({ id: "y", eligible: 1, start: 100, end: 200, nodes: 2, limit: 100 }),
    job({ id: "z", eligible: 2, start: 200, end: 210, nodes: 1, limit: 200 }),
    job({ id: "w", eligible: 3, start: 2000, end: 2010, nodes: 1, limit: 60 }),
  ];
  const site = literalSite(jobs, 2);
  it("priority: its node was free from the start, but a higher-priority job's reservation went first", () => {
    const w = whyWait(site, "z");
    expect([w.reason, w.realWait, w.replayWait, w.freeAtEligible, w.firstFit]).toEqual([
      "priority",
      198,
      198,
      1,
      2,
    ]);
    expect(w.ahead.map((a) => a.id)).toEqual(["y"]); // w (60 s) cannot backfill either: y's reservation starts at 60 (bf_resolution)
    expect(whyWaitMarkdown(w)).toMatch(
      /^\*\*Job z\*\* \(a, 1 node\(s\)\) waited 198 s; the replay under the site's settings starts it after 198 s\. \*\*priority\*\*/,
    );
  });
  it("nodes busy: its nodes were busy until it started", () => {
    const w = whyWait(site, "y");
    expect([w.reason, w.freeAtEligible, w.firstFit, w.machineNodes, w.tolerance]).toEqual([
      "nodes busy",
      1,
      100,
      2,
      30,
    ]);
    expect(whyWaitExplanation(w)).toBe(
      "in the replay its 2 node(s) were not free until 99 s after it became eligible (1 of 2 free then)",
    );
  });
  it("not simulated: the replay starts it far sooner than Slurm did; did not wait: within one bf_interval", () => {
    expect(whyWait(site, "w").reason).toBe("not simulated");
    expect(whyWait(site, "x").reason).toBe("did not wait");
    expect(whyWaitExplanation(whyWait(site, "x"))).toBe(
      "it started 0 s after it became eligible, within one bf_interval (30 s)",
    );
    expect(longestWait(site)).toBe("w");
    expect(() => whyWait(site, "q")).toThrow(
      /^invalid jobId: "q"; expected a job of the export \(e\.g\. x, y, z\)$/,
    );
  });
  it("gives its start under each setting", () => {
    const w = whyWait(site, "z", []);
    expect(w.bySetting).toEqual([{ setting: "the site's own settings", start: 200, wait: 198 }]);
  });
});

describe("priority snapshots and the first iteration's PoA", () => {
  it("the busiest instant: the first with the most jobs pending (starts at an instant leave first)", () => {
    expect(
      busiestInstant([
        { eligible: 0, start: 5 },
        { eligible: 1, start: 5 },
        { eligible: 5, start: 9 },
        { eligible: 6, start: 7 },
      ]),
    ).toEqual({ time: 1, pending: 2 });
    expect(busiestInstant([{ eligible: 0, start: 0 }]).pending).toBe(0);
  });
  it("the replay's snapshot of the recorded export: its pending jobs with the site's weighted factors", () => {
    const snap = sitePrioritySnapshot(loadSite(FIXTURE));
    expect(snap.source).toMatch(
      /^the replay under the site's settings, \d+ s after the first eligible time \(\d+ jobs pending\)$/,
    );
    expect(snap.rows.length).toBeGreaterThan(0);
    for (const r of snap.rows) expect(r.weighted.fairShare).toBeLessThanOrEqual(1000);
    expect(() => sitePrioritySnapshot(loadSite(FIXTURE), "no/sprio.txt")).toThrow(
      /^invalid SPRIO_FILE: "no\/sprio\.txt"/,
    );
  });
  it("PoA: the jobs kept in start order while they fit against greedy b/w on the jobs eligible by then", () => {
    // W = 4, FCFS: a (3 nodes, 10 min) at 0; b (2 nodes, 60 min) and c (1 node, 20 min) when a ends. First iteration
    // in start order while it fits: {a} (b would make 5 nodes), TV = 3·10 = 30; candidates: the jobs eligible by 0,
    // a, b, c; greedy by b/w (= minutes): b, c, then a does not fit → TV_1B = 2·60 + 1·20 = 140
    const r = simulate(
      [
        { id: "a", submit: 0, nodes: 3, limit: 600, runtime: 600 },
        { id: "b", submit: 0, nodes: 2, limit: 3600, runtime: 3600 },
        { id: "c", submit: 0, nodes: 1, limit: 1200, runtime: 1200 },
      ],
      { nodes: 4, scheduler: fcfsScheduler() },
    );
    expect(Array.from(r.start)).toEqual([0, 600, 600]);
    expect(sitePoa(r)).toEqual({ kept: 1, candidates: 3, TV: 30, TV_1B: 140, PoA: 140 / 30 });
  });
});

describe("whyWait on a heterogeneous machine: the binding constraint from the replay's state", () => {
  // n1: 4 CPUs, 8000 MiB, no GPU, feature intel; n2: 4 CPUs, 32000 MiB, 2 GPUs, feature amd; both in p.
  const machine = [
    { name: "n1", cpus: 4, memoryMiB: 8000, gpus: 0, features: ["intel"], partitions: ["p"] },
    { name: "n2", cpus: 4, memoryMiB: 32000, gpus: 2, features: ["amd"], partitions: ["p"] },
  ];
  const tresSite = (jobs: ReturnType<typeof job>[]) => {
    const s = literalSite(jobs, 2);
    s.machine = { ...s.machine, coresPerNode: 4, model: "shared nodes", tres: machine };
    s.settings = { ...s.settings, selectType: "select/cons_tres", selectTypeParameters: ["CR_CORE_MEMORY"] };
    return s;
  };
  it("GPUs: it queued behind the only node with two GPUs while the other node stood idle", () => {
    const site = tresSite([
      job({
        id: "a",
        eligible: 0,
        start: 0,
        end: 300,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        reqGpus: 2,
        limit: 600,
      }),
      job({
        id: "b",
        eligible: 1,
        start: 300,
        end: 310,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        reqGpus: 1,
        limit: 600,
      }),
    ]);
    const w = whyWait(site, "b");
    expect([w.reason, w.realWait, w.replayWait, w.firstFit]).toEqual(["GPUs", 299, 299, 300]);
  });
  it("memory: it asked more memory than the small node has while the big one was taken", () => {
    const site = tresSite([
      job({
        id: "a",
        eligible: 0,
        start: 0,
        end: 300,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        reqMemMiB: 30000,
        limit: 600,
      }),
      job({
        id: "b",
        eligible: 1,
        start: 300,
        end: 310,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        reqMemMiB: 16000,
        limit: 600,
      }),
    ]);
    expect(whyWait(site, "b").reason).toBe("memory");
  });
  it("features: it asked the feature of the one busy node", () => {
    const site = tresSite([
      job({
        id: "a",
        eligible: 0,
        start: 0,
        end: 300,
        nodes: 1,
        cpus: 4,
        reqCpus: 4,
        constraint: "amd",
        limit: 600,
      }),
      job({
        id: "b",
        eligible: 1,
        start: 300,
        end: 310,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        constraint: "amd",
        limit: 600,
      }),
    ]);
    expect(whyWait(site, "b").reason).toBe("features");
  });
  it("CPUs: every node's CPUs were busy", () => {
    const site = tresSite([
      job({ id: "a", eligible: 0, start: 0, end: 300, nodes: 2, cpus: 8, reqCpus: 8, limit: 600 }),
      job({ id: "b", eligible: 1, start: 300, end: 310, nodes: 1, cpus: 1, reqCpus: 1, limit: 600 }),
    ]);
    expect(whyWait(site, "b").reason).toBe("CPUs");
  });
  it("reservation: it ran in an advance reservation the replay does not model", () => {
    const site = tresSite([
      job({ id: "a", eligible: 0, start: 0, end: 300, nodes: 1, cpus: 1, reqCpus: 1, limit: 600 }),
      job({
        id: "b",
        eligible: 1,
        start: 500,
        end: 510,
        nodes: 1,
        cpus: 1,
        reqCpus: 1,
        limit: 600,
        reservation: "maint",
      }),
    ]);
    expect(whyWait(site, "b").reason).toBe("reservation");
  });
});
