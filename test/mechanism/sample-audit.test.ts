import { describe, expect, it } from "vitest";
import { auditMechanism, spreadPlayers } from "../../lib/mechanism/audit";
import { jobsInstance } from "../../lib/mechanism/experiments";
import { greedyRule } from "../../lib/mechanism/greedy";
import { runMechanism } from "../../lib/mechanism/mechanism";
import { auditExperiments, idealModelAudit } from "../../lib/mechanism/sample-audit";
import type { AllocationRule } from "../../lib/mechanism/rule";
import { rec } from "../sim/job-records";

// ten jobs of 1–6 nodes on a 12-node machine; run times below the planned minutes so experienced bids differ
const jobs = [
  [4, 40],
  [2, 120],
  [6, 30],
  [1, 60],
  [3, 40],
  [5, 90],
  [2, 20],
  [1, 45],
  [4, 60],
  [3, 15],
].map(([n, m], i) => ({ ...rec(`j${i}`, n, m), rtime: Math.ceil(m / 2) }));
const W = 12;

/** Smallest jobs first, then lowest index: monotone in each bid (the bid never moves a job). */
const smallestFirst: AllocationRule = {
  kind: "custom",
  name: "smallest first",
  monotone: true,
  allocate(inst) {
    const order = Array.from(inst.w, (_, i) => i).sort((a, b) => inst.w[a] - inst.w[b] || a - b);
    const x = new Uint8Array(inst.w.length);
    let used = 0;
    for (const i of order)
      if (used + inst.w[i] <= inst.capacity) {
        x[i] = 1;
        used += inst.w[i];
      }
    return x;
  },
};

describe("auditExperiments", () => {
  const audits = auditExperiments(
    [
      { label: "1B", bid: "inexperienced", rule: { kind: "greedy", key: "b/w" } },
      { label: "mine", bid: "experienced", rule: smallestFirst },
    ],
    jobs,
    W,
    { players: 6 },
  );

  it("audits each experiment with the Clarke re-run, then critical payments, in the order given", () => {
    expect(audits.map((a) => a.label)).toEqual([
      "1B + Clarke",
      "1B + critical",
      "mine + Clarke",
      "mine + critical",
    ]);
    // six players spread over the sample, winners added (spreadPlayers)
    for (const a of audits) expect(a.rep.playersChecked).toBeGreaterThanOrEqual(6);
  });

  it("is the auditor on the experiment's own bids: the same report as auditing that mechanism directly", () => {
    const inst = jobsInstance(jobs, "experienced", W);
    const mech = {
      rule: smallestFirst,
      payment: "clarke" as const,
      clarke: { rerunCapacity: "covered" as const },
    };
    const direct = auditMechanism(mech, inst, {
      players: spreadPlayers(jobs.length, 6, runMechanism(mech, inst).x),
      maxThresholds: 8,
    });
    expect(audits[2].rep).toEqual(direct);
  });

  it("finds no profitable misreport under critical payments for a monotone rule (Myerson's lemma)", () => {
    expect(audits[1].rep.profitable).toEqual([]);
    expect(audits[3].rep.profitable).toEqual([]);
    expect(audits[1].rep.irViolations).toEqual([]);
  });

  it("idealModelAudit is the audit of experiment 1B", () => {
    const a = idealModelAudit({ name: "s", jobs }, W, 6);
    expect(a).toEqual({ label: "1B + Clarke", sample: "s", report: audits[0].rep, critical: audits[1].rep });
    expect(idealModelAudit({ name: "s", jobs }, W, 6, "W").report).toEqual(
      auditExperiments([{ label: "1B", bid: "inexperienced", rule: greedyRule() }], jobs, W, {
        players: 6,
        rerunCapacity: "W",
      })[0].rep,
    );
  });

  it("refuses a player count below 1 and an unknown re-run capacity", () => {
    const e = [{ label: "1B", bid: "inexperienced" as const, rule: greedyRule() }];
    expect(() => auditExperiments(e, jobs, W, { players: 0 })).toThrow(/^invalid players: 0/);
    expect(() => auditExperiments(e, jobs, W, { rerunCapacity: "all" })).toThrow(/^invalid rerunCapacity: /);
  });
});
