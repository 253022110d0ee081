import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSprio } from "../../lib/io/sprio";
import {
  type PrioritySnapshot,
  rerankSnapshot,
  rerankSummaries,
  snapshotFromSprio,
} from "../../lib/site/sprio-rerank";

// sprio -l as Slurm 22.05 prints it: weighted factors, PRIORITY their sum (site + age + assoc + fair share + job size + partition + QOS − nice)
const SPRIO = `          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS        NICE                 TRES
            101 batch        alice       1600          0        500          0       1000        100          0          0           0
            102 batch          bob       1300          0       1000          0        250         50          0          0           0
            103 batch        carol       1050          0        100          0        900         50          0          0           0
`;
const own = { age: 1000, fairShare: 1000, jobSize: 100, qos: 0, partition: 0 };

describe("rerankSnapshot", () => {
  const snap = snapshotFromSprio(parseSprio(SPRIO, "sprio.txt"));
  it("moves each priority by Σ (new − old weighted factor), a factor's value being weighted / weight", () => {
    // fair share ×2, age ÷2: 101: 1600 + 1000 − 250 = 2350; 102: 1300 + 250 − 500 = 1050; 103: 1050 + 900 − 50 = 1900
    const r = rerankSnapshot(snap, own, { ...own, age: 500, fairShare: 2000 });
    expect(
      r.rows.map((x) => [x.jobId, x.priority, x.rank, x.newPriority, x.newRank, x.jump, x.dominant]),
    ).toEqual([
      ["101", 1600, 1, 2350, 1, 0, "fairShare"],
      ["103", 1050, 3, 1900, 2, 1, "fairShare"],
      ["102", 1300, 2, 1050, 3, -1, "age"], // age 500 = fair share 500: the first factor wins
    ]);
    expect(r.unknown).toEqual([]);
  });
  it("names the factors at their ceiling (weighted = weight) and those it cannot recover", () => {
    const r = rerankSnapshot(snap, own, { ...own, qos: 5000 });
    expect(r.unknown).toEqual(["qos"]);
    expect(r.rows.find((x) => x.jobId === "101")!.saturated).toEqual(["fairShare", "jobSize"]);
    expect(r.rows.find((x) => x.jobId === "102")!.saturated).toEqual(["age"]);
    expect(r.rows.map((x) => x.newPriority)).toEqual([1600, 1300, 1050]);
  });
  it("summarises the queue's moves under each setting that changes the weights (others left out)", () => {
    const settings = [
      { label: "same", weights: own },
      { label: "fair share ×2, age ÷2", weights: { ...own, age: 500, fairShare: 2000 } },
    ];
    expect(rerankSummaries(snap, own, settings)).toEqual([
      {
        setting: "fair share ×2, age ÷2",
        up: 1,
        down: 1,
        biggestJump: "103 (+1)",
        dominant: "fairShare",
        unknown: [],
      },
    ]);
  });
  it("with the site's own weights gives back the snapshot's priorities and order (property)", () => {
    const weights = fc.record({
      age: fc.integer({ min: 0, max: 1e6 }),
      fairShare: fc.integer({ min: 0, max: 1e6 }),
      jobSize: fc.integer({ min: 0, max: 1e6 }),
      qos: fc.integer({ min: 0, max: 1e6 }),
      partition: fc.integer({ min: 0, max: 1e6 }),
    });
    const factor = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        weights,
        fc.array(fc.tuple(factor, factor, factor, factor, factor), { minLength: 1, maxLength: 30 }),
        (w, fs) => {
          const rows = fs.map(([a, f, j, q, p], k) => {
            const weighted = {
              age: w.age * a,
              fairShare: w.fairShare * f,
              jobSize: w.jobSize * j,
              qos: w.qos * q,
              partition: w.partition * p,
            };
            const priority = Math.trunc(Object.values(weighted).reduce((s, x) => s + x, 0));
            return { jobId: String(k + 1), user: "u", priority, weighted };
          });
          const snapshot: PrioritySnapshot = { source: "test", rows };
          const r = rerankSnapshot(snapshot, w, w);
          expect(r.rows.map((x) => x.newPriority)).toEqual(r.rows.map((x) => x.priority));
          expect(r.rows.every((x) => x.jump === 0)).toBe(true);
          const byPriority = [...rows].sort(
            (a, b) => b.priority - a.priority || Number(a.jobId) - Number(b.jobId),
          );
          expect(r.rows.map((x) => x.jobId)).toEqual(byPriority.map((x) => x.jobId));
        },
      ),
    );
  });
});
