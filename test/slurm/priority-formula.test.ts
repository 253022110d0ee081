import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  jobPriorities,
  PRIORITY_FORMULA_SYMBOLS,
  type PriorityContext,
  type PriorityJob,
} from "../../lib/slurm/multifactor";
import { compileExpression } from "../../lib/expr/expression";

const priorityFormula = (source: string, name = "formula") =>
  compileExpression(name, source, PRIORITY_FORMULA_SYMBOLS);

const ctx: PriorityContext = {
  fairShare: new Map([
    ["u", 0.3],
    ["v", 0.7],
  ]),
  qos: new Map([["normal", 0.5]]),
  clusterNodes: 100,
  clusterCpus: 4800,
};
const job: PriorityJob = {
  id: "1",
  user: "u",
  qos: "normal",
  ageSeconds: 86400,
  cpus: 96,
  nodes: 2,
  timeLimitMinutes: 60,
  nice: 10,
};

describe("priorityFormula in jobPriorities", () => {
  it("priority = formula(factors) − nice, truncated; weighted holds the factors", () => {
    const [b] = jobPriorities([job], {
      ...ctx,
      formula: priorityFormula("1000*age + 2000*fairshare + 500*size + 100*qos"),
    });
    const age = 86400 / (7 * 86400),
      size = (2 / 100 + 96 / 4800) / 2;
    expect(b.priority).toBe(Math.trunc(1000 * age + 2000 * 0.3 + 500 * size + 100 * 0.5 - 10));
    expect(b.priority).toBe(792); // 142.857… + 600 + 10 + 50 − 10
    expect(b.weighted).toEqual(b.factors);
  });
  it("floors at 1 and caps at 2^32 − 1", () => {
    expect(jobPriorities([job], { ...ctx, formula: priorityFormula("-5") })[0].priority).toBe(1);
    expect(jobPriorities([job], { ...ctx, formula: priorityFormula("1e12") })[0].priority).toBe(4294967295);
  });
  it("property: the weighted sum written as a formula (same order) gives the same breakdown priorities", () => {
    const w = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        w,
        w,
        w,
        w,
        fc.integer({ min: 0, max: 30 * 86400 }),
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (wa, ws, wf, wq, age, nodes, fs) => {
          const c: PriorityContext = {
            ...ctx,
            fairShare: new Map([["u", fs]]),
            weights: { age: wa, jobSize: ws, fairShare: wf, qos: wq, partition: 0 },
          };
          const j = { ...job, ageSeconds: age, nodes, cpus: nodes * 48 };
          const byWeights = jobPriorities([j], c)[0].priority;
          const byFormula = jobPriorities([j], {
            ...c,
            formula: priorityFormula(`${wa}*age + ${ws}*size + ${wf}*fairshare + ${wq}*qos + 0*partition`),
          })[0].priority;
          expect(byFormula).toBe(byWeights);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("names the parameter in errors", () => {
    expect(() => priorityFormula("1000*age + 2000*fairshar", "PRIORITY_FORMULA")).toThrow(
      /^invalid PRIORITY_FORMULA: "1000\*age \+ 2000\*fairshar"; unknown symbol "fairshar"; expected an expression in age, fairshare, size, partition, qos$/,
    );
  });
});
