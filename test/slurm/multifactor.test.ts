import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ageFactor,
  jobPriorities,
  jobSizeFactor,
  MAX_PRIORITY,
  THESIS_WEIGHTS,
  type PriorityContext,
  type PriorityJob,
} from "../../lib/slurm/multifactor";
import {
  normalizedQosPriorities,
  qosFromRecords,
  qosJobViolations,
  qosUserLimits,
} from "../../lib/slurm/qos";
import { readReferenceCsv, parseReferenceCsv } from "../../lib/io/reference-csv";
import { weightsFromRecords } from "../../lib/slurm/thesis-setup";

const qos = qosFromRecords(readReferenceCsv("data/reference/thesis/table03-04.csv").records, 48);

describe("QoS (Tables 3–4)", () => {
  it("parses Table 3's limits", () => {
    expect(
      qos.map((q) => [
        q.name,
        q.priority,
        q.maxWallSeconds,
        q.maxNodes,
        q.maxCpus,
        q.maxJobs,
        q.maxSubmitJobs,
      ]),
    ).toEqual([
      ["bsc_es", 100, 172800, 50, 2400, Infinity, 366],
      ["debug", 10000, 7200, 16, 768, 1, 366],
      ["interactive", 100, 7200, 1, 4, 1, 366],
    ]);
  });
  it("normalises by the sum to Table 4's 0.01/0.98/0.01 and by the max (Slurm) to 0.01/1/0.01", () => {
    const published = readReferenceCsv("data/reference/thesis/table03-04.csv").records.map((r) =>
      Number(r.values.normalized_priority),
    );
    const bySum = [...normalizedQosPriorities(qos, "sum").values()];
    expect(bySum.map((v) => Number(v.toFixed(2)))).toEqual(published);
    expect(published).toEqual([0.01, 0.98, 0.01]);
    expect([...normalizedQosPriorities(qos).values()]).toEqual([0.01, 1, 0.01]);
    expect(() => normalizedQosPriorities(qos, "min" as never)).toThrow(/invalid normalization: "min"/);
  });
  it("checks per-job and per-user limits", () => {
    const inter = qos[2];
    expect(qosJobViolations(inter, { wallSeconds: 3 * 3600, nodes: 1, cpus: 8 })).toEqual([
      "MaxWall 7200 s < 10800 s",
      "MaxTRES cpus 4 < 8",
    ]);
    expect(qosJobViolations(qos[0], { wallSeconds: 3600, nodes: 50, cpus: 2400 })).toEqual([]);
    expect(qosUserLimits(inter, 1, 0)).toEqual({ canStart: false, canSubmit: true });
    expect(qosUserLimits(qos[0], 1000, 0)).toEqual({ canStart: true, canSubmit: false });
  });
  it("reports bad QoS rows by file and line", () => {
    const bad = parseReferenceCsv(
      "name,priority,max_wall,max_cpu,max_jobs,max_submit_jobs\nq,1,2 weeks,1 nodes,1,1\n",
    ).records;
    expect(() => qosFromRecords(bad, 48, "q.csv")).toThrow(/^q\.csv:2: invalid max_wall: "2 weeks"/);
  });
});

const ctx = (over: Partial<PriorityContext> = {}): PriorityContext => ({
  weights: weightsFromRecords(readReferenceCsv("data/reference/thesis/table02.csv").records),
  fairShare: new Map([
    ["bsc3090", 1],
    ["bsc3200", 0.2],
  ]),
  qos: normalizedQosPriorities(qos),
  clusterNodes: 3456,
  clusterCpus: 3456 * 48,
  maxAgeSeconds: 10 * 86400,
  ...over,
});
const job: PriorityJob = {
  id: "1",
  user: "bsc3090",
  qos: "debug",
  ageSeconds: 5 * 86400,
  cpus: 768,
  nodes: 16,
  timeLimitMinutes: 120,
};

describe("jobPriorities", () => {
  it("reads Table 2's weights", () => {
    expect(ctx().weights).toEqual({ ...THESIS_WEIGHTS });
  });
  it("sums weighted factors (equation 1) and truncates", () => {
    const [b] = jobPriorities([job], ctx());
    expect(b.factors.age).toBe(0.5);
    expect(b.factors.jobSize).toBeCloseTo((16 / 3456 + 768 / 165888) / 2, 15);
    expect(b.weighted).toEqual({
      age: 50000,
      jobSize: b.factors.jobSize * 1e5,
      fairShare: 10000,
      qos: 1e6,
      partition: 0,
    });
    expect(b.priority).toBe(Math.trunc(1e6 + 50000 + 10000 + b.factors.jobSize * 1e5));
    expect(b.priority).toBe(1060462);
  });
  it("adds a site factor as it is, unweighted, before nice (priority_multifactor.c _get_priority_internal)", () => {
    // 1,060,462 without it (above); + 250 site − 100 nice
    const [b] = jobPriorities([{ ...job, site: 250, nice: 100 }], ctx());
    expect([b.priority, b.site, b.nice]).toEqual([1060612, 250, 100]);
    expect(jobPriorities([{ ...job, site: -2e6 }], ctx())[0].priority).toBe(1); // floored as any total
    expect(jobPriorities([job], ctx())[0].site).toBeUndefined();
    expect(() => jobPriorities([{ ...job, site: NaN }], ctx())).toThrow(/^invalid site of job 1: NaN;/);
  });
  it("floors at 1, caps at 2^32 − 1, and saturates age at PriorityMaxAge", () => {
    const zero = jobPriorities([{ ...job, qos: "", ageSeconds: 0, user: "bsc3200", nice: 1e9 }], ctx());
    expect(zero[0].priority).toBe(1);
    const huge = jobPriorities(
      [job],
      ctx({
        weights: { age: MAX_PRIORITY, jobSize: MAX_PRIORITY, fairShare: MAX_PRIORITY, qos: MAX_PRIORITY },
      }),
    );
    expect(huge[0].priority).toBe(MAX_PRIORITY);
    expect(ageFactor(20 * 86400, 10 * 86400)).toBe(1);
    expect(ageFactor(-5, 10)).toBe(0);
  });
  it("job size: favour large, PriorityFavorSmall, SMALL_RELATIVE_TO_TIME", () => {
    const c = { clusterNodes: 100, clusterCpus: 1000 };
    expect(jobSizeFactor({ cpus: 500, nodes: 50, timeLimitMinutes: 10 }, c)).toBe(0.5);
    expect(jobSizeFactor({ cpus: 100, nodes: 10, timeLimitMinutes: 10 }, { ...c, favorSmall: true })).toBe(
      0.9,
    );
    expect(
      jobSizeFactor({ cpus: 100, nodes: 10, timeLimitMinutes: 10 }, { ...c, smallRelativeToTime: true }),
    ).toBeCloseTo(0.01, 15);
    expect(
      jobSizeFactor(
        { cpus: 100, nodes: 10, timeLimitMinutes: 10 },
        { ...c, smallRelativeToTime: true, favorSmall: true },
      ),
    ).toBeCloseTo(0.99, 15);
  });
  it("names the job for unknown users and QoS", () => {
    expect(() => jobPriorities([{ ...job, user: "nobody" }], ctx())).toThrow(
      /invalid user of job 1: "nobody"; expected a user with a fair-share factor/,
    );
    expect(() => jobPriorities([{ ...job, qos: "gold" }], ctx())).toThrow(
      /invalid qos of job 1: "gold"; expected one of bsc_es, debug, interactive/,
    );
    expect(() =>
      weightsFromRecords(parseReferenceCsv("weight,value\nPriorityFoo,1\n").records, "w.csv"),
    ).toThrow(/^w\.csv:2: invalid weight: "PriorityFoo"/);
  });
  it("property: priority is an integer in [1, 2^32 − 1] and grows with age and fair share", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 30 * 86400, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (age, f1, f2) => {
          const c = ctx({
            fairShare: new Map([
              ["a", Math.min(f1, f2)],
              ["b", Math.max(f1, f2)],
            ]),
          });
          const [pa, pb, older] = jobPriorities(
            [
              { ...job, user: "a", ageSeconds: age },
              { ...job, user: "b", ageSeconds: age },
              { ...job, user: "a", ageSeconds: age + 3600 },
            ],
            c,
          );
          for (const p of [pa, pb])
            expect(Number.isInteger(p.priority) && p.priority >= 1 && p.priority <= MAX_PRIORITY).toBe(true);
          expect(pb.priority).toBeGreaterThanOrEqual(pa.priority);
          expect(older.priority).toBeGreaterThanOrEqual(pa.priority);
        },
      ),
    );
  });
});
