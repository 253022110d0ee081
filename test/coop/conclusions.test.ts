import { describe, expect, it } from "vitest";
import { cooperationConclusions, type CooperationEvidence } from "../../lib/coop/conclusions";
import { cooperationConclusionsTable } from "../../views/coop/conclusions-table";
import type { TraceAccuracyRow } from "../../lib/coop/planned-accuracy-trace";
import type { FindingRow } from "../../lib/machines/findings";

const acc = (
  alpha: number,
  meanWait: number,
  meanBsld: number,
  extra: Partial<TraceAccuracyRow> = {},
): TraceAccuracyRow => ({
  alpha,
  mode: "all",
  group: "all",
  jobs: 100,
  killed: 0,
  baselineMeanWait: 100,
  baselineMeanBsld: 10,
  meanWait,
  p95Wait: 0,
  meanBsld,
  p95Bsld: 0,
  utilisation: 0.5,
  backfilledShare: 0,
  ...extra,
});
const budget = (scheduler: string, meanBsld: number, utilisation: number) => ({
  scheduler,
  jobs: 100,
  utilisation,
  meanWait: 10,
  p95Wait: 0,
  meanBsld,
  jain: 0.5,
  minBudget: scheduler.startsWith("budget") ? 0 : NaN,
});
const finding = (source: string, f: string, reading: FindingRow["reading"]): FindingRow => ({
  source,
  finding: f,
  samples: 10,
  reading,
  evidence: { kind: "special", seeds: 0, tv: null, tp: null },
});

const EVIDENCE: CooperationEvidence = {
  accuracy: {
    T1: [acc(0, 100, 10), acc(1, 90, 8)], // −10%, −20%: helps
    T2: [acc(0, 100, 10), acc(1, 99.5, 9)], // wait −0.5%: inconclusive
  },
  accuracyUsers: {
    T1: [
      acc(0.5, 90, 9, { mode: "users", group: "accurate users" }),
      acc(0.5, 102, 9, { mode: "users", group: "other users" }), // +2%: higher
    ],
  },
  budget: [
    budget("Slurm, Fair Tree", 10, 0.6),
    budget("budget, greedy", 8, 0.598),
    budget("budget, modified", 12, 0.6),
  ],
  counterexample: [
    { strategy: "truthful", aWon: "", aPaid: 0, aUtility: 2 },
    { strategy: "withhold", aWon: "", aPaid: 0, aUtility: 5 },
  ],
  core: {
    grand: new Map(),
    grandValue: 10,
    aloneValue: 5,
    method: "enumeration",
    checked: 6,
    violations: [],
  },
  realMachines: [
    finding("m", "1A ≈ 1B (greedy within 1 − β)", "as in the thesis"),
    finding("p", "1A ≈ 1B (greedy within 1 − β)", "as in the thesis"),
    finding("m", "PoA against the thesis's Table 29", "unlike the thesis"),
    finding("p", "PoA against the thesis's Table 29", "undecided"),
  ],
};

describe("cooperationConclusions", () => {
  const judged = cooperationConclusions(EVIDENCE);
  const rows = cooperationConclusionsTable(judged);
  const by = (claim: RegExp) => rows.find((r) => claim.test(r.claim))!;

  it("judges each case by lib/agreement and each claim by claimVerdict", () => {
    expect(by(/^Planned times closer.*tighter gaps\)$/).verdict).toBe("inconclusive");
    expect(by(/^Planned times closer.*tighter gaps\)$/).evidence).toBe(
      "T1: wait -10.0 %, bounded slowdown -20.0 %, killed 0 → 0 (helps); " +
        "T2: wait -0.5 %, bounded slowdown -10.0 %, killed 0 → 0 (inconclusive)",
    );
    expect(by(/every user gains/).verdict).toBe("mixed");
    expect(by(/every user gains/).evidence).toBe(
      "T1 α=0.5 accurate users wait -10.0 % (lower); T1 α=0.5 other users wait 2.0 % (higher)",
    );
    // budget, greedy: bsld −20% (lower), utilisation −0.3% (within the band: no loss); modified: bsld +20%
    expect(by(/limited currency/).verdict).toBe("mixed");
    expect(by(/dominant strategy/).verdict).toBe("fails");
    expect(by(/in the core/).verdict).toBe("holds");
  });

  it("reads the built-in rows only: your schedulers' rows after them change no verdict, whatever their labels", () => {
    const mine = { ...budget("Slurm, yours", 1, 0.9), minBudget: NaN };
    const theirs = cooperationConclusions({
      ...EVIDENCE,
      budget: [...EVIDENCE.budget, mine, { ...mine, scheduler: "budget, modified" }],
    });
    expect(theirs).toEqual(judged);
  });

  it("states every rule with the band of lib/agreement", () => {
    for (const r of rows.slice(0, 3)) expect(r.rule).toMatch(/band ±1%/);
    expect(by(/dominant strategy/).rule).toMatch(/^a guarantee: /);
  });

  it("reads notebook 15's findings by name, with their readings per machine", () => {
    expect(by(/approximation guarantee/)).toMatchObject({
      verdict: "holds",
      evidence: "as in the thesis on 2 of 2 machines; unlike it on 0; undecided on 0",
    });
    expect(by(/1\.8 times better/)).toMatchObject({
      verdict: "inconclusive",
      evidence:
        "as in the thesis on 0 of 2 machines; unlike it on 1; undecided on 1 (the thesis's PoA is MareNostrum4's; a ratio, so comparable)",
    });
    expect(rows.filter((r) => r.section === "7 (notebook 15)")).toHaveLength(2);
    expect(judged.filter((r) => r.evidence.kind === "machines").map((r) => r.verdict)).toEqual([
      "holds",
      "inconclusive",
    ]);
  });
});
