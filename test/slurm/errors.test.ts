import { describe, expect, it } from "vitest";
import { buildAssociationTree, usageWithOverrides } from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { parseReferenceCsv } from "../../lib/io/reference-csv";
import { fairTree } from "../../lib/slurm/fair-tree";
import { bucketValue, levelBased } from "../../lib/slurm/level-based";
import { normalizedQosPriorities, qosFromRecords, type QosDefinition } from "../../lib/slurm/qos";
import { weightsFromRecords } from "../../lib/slurm/thesis-setup";
import { randomAssociationRows } from "../../lib/slurm/random-tree";
import { jobPriorities } from "../../lib/slurm/multifactor";
import { advanceUsage, decayUsage } from "../../lib/slurm/usage";
import { createRng } from "../../lib/util/rng";

const tree = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
  root: "bsc_es",
});
const header = "name,priority,max_wall,max_cpu,max_jobs,max_submit_jobs\n";

describe("error messages", () => {
  it("associations and usage", () => {
    expect(() => usageWithOverrides(tree, { ghost: 1 })).toThrow(
      /^invalid usage of ghost: 1; expected an association in the tree$/,
    );
    expect(() => usageWithOverrides(tree, { bsc3090: -1 })).toThrow(
      /^invalid usage of bsc3090: -1; expected a finite number >= 0/,
    );
    expect(usageWithOverrides(tree, { bsc3090: 7 }).get("bsc3090")).toBe(7);
    expect(() => buildAssociationTree([], { root: "" })).toThrow(
      /^invalid root: ""; expected a non-empty string$/,
    );
    expect(() => decayUsage({ time: 0, usage: new Map() }, -1)).toThrow(
      /^invalid dt: -1; expected a finite number in \[0, Infinity\]$/,
    );
    expect(() =>
      advanceUsage({ time: 0, usage: new Map() }, 10, tree, [
        { association: "ghost", cpus: 1, start: 0, end: 5 },
      ]),
    ).toThrow(/^invalid association: "ghost"/);
  });
  it("algorithm options", () => {
    expect(() => fairTree(tree, { mergeTiedAccounts: "yes" as never })).toThrow(
      /^invalid mergeTiedAccounts: "yes"; expected a boolean$/,
    );
    expect(() => levelBased(tree, { interpolateShares: 1 as never })).toThrow(
      /^invalid interpolateShares: 1; expected a boolean$/,
    );
    expect(() => bucketValue(1.5, 16)).toThrow(/^invalid F: 1.5; expected a number in \[0, 1\]$/);
    expect(() => randomAssociationRows(createRng(1), { depth: 0 })).toThrow(
      /^invalid depth: 0; expected an integer >= 1 and <= 8$/,
    );
  });
  it("QoS, weights and jobs", () => {
    expect(() => normalizedQosPriorities([{ name: "q", priority: -1 } as QosDefinition])).toThrow(
      /^invalid priority of QoS q: -1; expected a finite number >= 0$/,
    );
    expect(() =>
      qosFromRecords(parseReferenceCsv(header + "q,1,2 days,3 gpus,1,1\n").records, 48, "q.csv"),
    ).toThrow(/^q\.csv:2: invalid max_cpu: "3 gpus"/);
    expect(() =>
      qosFromRecords(parseReferenceCsv(header + "q,high,2 days,3 nodes,1,1\n").records, 48, "q.csv"),
    ).toThrow(/^q\.csv:2: invalid priority: "high"/);
    expect(() =>
      qosFromRecords(parseReferenceCsv(header + "q,1,2 days,3 nodes,many,1\n").records, 48, "q.csv"),
    ).toThrow(/^q\.csv:2: invalid max_jobs: "many"/);
    expect(() =>
      weightsFromRecords(parseReferenceCsv("weight,value\nPriorityQoS,-4\n").records, "w.csv"),
    ).toThrow(/^w\.csv:2: invalid value: "-4"; expected an integer in \[0, 2\^32 − 1\]$/);
    expect(() => parseReferenceCsv("# only a comment\n", "e.csv")).toThrow(/^e\.csv:1: invalid header/);
    const ctx = { fairShare: new Map([["u", 1]]), qos: new Map(), clusterNodes: 10, clusterCpus: 100 };
    expect(() =>
      jobPriorities([], { ...ctx, weights: { age: -1, jobSize: 0, fairShare: 0, qos: 0 } }),
    ).toThrow(/^invalid weights\.age: -1/);
    expect(() =>
      jobPriorities(
        [{ id: "9", user: "u", qos: "", ageSeconds: NaN, cpus: 1, nodes: 1, timeLimitMinutes: 1 }],
        ctx,
      ),
    ).toThrow(/^invalid ageSeconds of job 9: NaN/);
  });
  it("random trees are deterministic per seed", () => {
    expect(randomAssociationRows(createRng(5))).toEqual(randomAssociationRows(createRng(5)));
    expect(randomAssociationRows(createRng(5))).not.toEqual(randomAssociationRows(createRng(6)));
  });
});
