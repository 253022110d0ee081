/**
 * Node sets and node weights (lib/sim/tres-node-sets.ts) as node_scheduler.c `_build_node_list` and
 * `_pick_best_nodes` use them under select/cons_tres (one select over every node set, the weights in
 * `_eval_nodes`) and select/cons_res (SELECT_SINGLE_JOB_TEST 0: one select per growing set of
 * candidates, in weight order), with the expected nodes worked by hand from those functions.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmScheduler } from "../../lib/sim/slurm-scheduler";
import { SelectConfig, type TresPlacementOptions } from "../../lib/sim/select-type";
import { TresNodeSets } from "../../lib/sim/tres-node-sets";
import type { JobTres, TresNode } from "../../lib/sim/tres";

const n = (name: string, extra: Partial<TresNode> = {}): TresNode => ({
  name,
  cpus: 8,
  memoryMiB: 8000,
  gpus: 0,
  features: [],
  partitions: ["batch"],
  ...extra,
});
const t = (c: number, extra: Partial<JobTres> = {}): JobTres => ({
  cpusPerNode: c,
  memPerNodeMiB: 1000,
  gpusPerNode: 0,
  constraint: "",
  exclusive: false,
  ...extra,
});
const job = (id: string, tres: JobTres, nodes = 1, partition = "batch"): SimJobInput => ({
  id,
  submit: 0,
  nodes,
  limit: 600,
  runtime: 500,
  partition,
  tres,
});
/** Each job's nodes when all are submitted at 0 (one main pass, in input order). */
const placed = (machine: TresNode[], jobs: SimJobInput[], o: TresPlacementOptions = {}) =>
  simulate(jobs, { nodes: machine.length, scheduler: slurmScheduler({ machine, bfInterval: 5, ...o }) })
    .nodeLists;

describe("select/cons_res's candidates (_pick_best_nodes)", () => {
  // lines: A = n1 n2 (weight 1), B = n3 (4 CPUs, weight 1), C = n4 n5 (weight 10)
  const machine = [n("n1"), n("n2"), n("n3", { cpus: 4 }), n("n4", { weight: 10 }), n("n5", { weight: 10 })];
  const levels = (job: JobTres) => {
    const sets = new TresNodeSets(new SelectConfig(machine, { select: "cons_res" }));
    return sets.levels(new Uint8Array(5).fill(1), job).map((l) => [...l].join(""));
  };
  it("grow by weight: equal weights together for a job that shares nodes, line by line for an exclusive one", () => {
    expect(levels(t(1))).toEqual(["11100", "11111"]);
    expect(levels(t(1, { exclusive: true }))).toEqual(["11000", "11100", "11111"]);
  });
  it("configLine groups nodes as slurm.conf's NodeName lines do, and orders lines of one weight", () => {
    const lines = machine.map((m, i) => ({ ...m, configLine: [2, 1, 1, 0, 0][i], weight: 1 }));
    const sets = new TresNodeSets(new SelectConfig(lines, { select: "cons_res" }));
    expect(
      sets.levels(new Uint8Array(5).fill(1), t(1, { exclusive: true })).map((l) => [...l].join("")),
    ).toEqual(["00011", "01111", "11111"]);
  });
  it("an exclusive job tries line A alone first (n1); cons_tres, and a shared job, best fit over all (n3)", () => {
    const ex = [job("x", t(1, { exclusive: true }))],
      sh = [job("s", t(1))];
    expect(placed(machine, ex, { select: "cons_res" })).toEqual(["n1"]);
    expect(placed(machine, ex)).toEqual(["n3"]);
    expect(placed(machine, sh, { select: "cons_res" })).toEqual(["n3"]);
    expect(placed(machine, sh)).toEqual(["n3"]);
  });
  it("a 2-node job when the light nodes hold one: cons_tres takes it and a heavy one, cons_res the heavy pair", () => {
    // X1 takes n1, X2 (feature f) n3: of the weight-1 nodes only n2 is free
    const m = machine.map((x) => (x.name === "n3" ? { ...x, cpus: 8, features: ["f"] } : x));
    const jobs = [job("X1", t(8)), job("X2", t(8, { constraint: "f" })), job("J", t(1), 2)];
    // cons_tres: the sets [n2] (weight 1) then [n4 n5]: n2, n4. cons_res: {n1 n2 n3} holds one
    // usable node; over all five, no weights: [n2] is short, [n4 n5] the first that holds it
    expect(placed(m, jobs)).toEqual(["n1", "n3", "n[2,4]"]);
    expect(placed(m, jobs, { select: "cons_res" })).toEqual(["n1", "n3", "n[4-5]"]);
  });
});

describe("node Weight: GPU and big-memory nodes set heavier so ordinary jobs avoid them", () => {
  // n1 n2 ordinary (weight 1), n3 big memory (weight 5), n4 GPUs (weight 10)
  const machine = [
    n("n1"),
    n("n2"),
    n("n3", { memoryMiB: 64000, weight: 5 }),
    n("n4", { memoryMiB: 16000, gpus: 2, weight: 10, partitions: ["batch", "gpu"] }),
  ];
  const jobs = [
    job("a", t(1)), // the lightest nodes: n1 (best fit ties: the first)
    job("b", t(1, { memPerNodeMiB: 12000 })), // only n3 and n4 hold it: the lighter n3
    job("c", t(4, { gpusPerNode: 1 }), 1, "gpu"), // n4
    job("d", t(7)), // n1 (7 free) fits tighter than n2 (8)
    job("e", t(8)), // n2
    // the weight-1 nodes are full; n3 (7 free, weight 5) before n4 (4 free, a tighter fit, weight 10)
    job("f", t(3)),
  ];
  for (const select of ["cons_tres", "cons_res"] as const)
    it(`${select}: the lightest nodes that hold a job, whatever fits tighter on heavier nodes`, () => {
      expect(placed(machine, jobs, { select })).toEqual(["n1", "n3", "n4", "n1", "n2", "n3"]);
    });
  it("without weights the tightest fit wins: f goes to n4", () => {
    const flat = machine.map((m) => ({ ...m, weight: 1 }));
    expect(placed(flat, jobs)[5]).toBe("n4");
  });
});
