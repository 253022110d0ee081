import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandHostlist } from "../../lib/io/hostlist";
import { simulate } from "../../lib/sim/engine";
import type { SimJobInput } from "../../lib/sim/job";
import { slurmScheduler } from "../../lib/sim/slurm-scheduler";
import { type JobTres, type TresNode, constraintTest } from "../../lib/sim/tres";

const MACHINE: TresNode[] = [
  { name: "n1", cpus: 8, memoryMiB: 8000, gpus: 0, features: ["intel"], partitions: ["batch"] },
  { name: "n2", cpus: 8, memoryMiB: 8000, gpus: 0, features: ["intel"], partitions: ["batch"] },
  { name: "n3", cpus: 8, memoryMiB: 16000, gpus: 0, features: ["amd"], partitions: ["batch"] },
  { name: "n4", cpus: 4, memoryMiB: 32000, gpus: 2, features: ["amd"], partitions: ["batch", "gpu"] },
  { name: "n5", cpus: 4, memoryMiB: 32000, gpus: 2, features: ["amd"], partitions: ["batch", "gpu"] },
];
const t = (c: number, extra: Partial<JobTres> = {}): JobTres => ({
  cpusPerNode: c,
  memPerNodeMiB: 1000,
  gpusPerNode: 0,
  constraint: "",
  exclusive: false,
  ...extra,
});
const run = (jobs: SimJobInput[], machine = MACHINE) =>
  simulate(jobs, {
    nodes: machine.length,
    scheduler: slurmScheduler({ machine, bfInterval: 5, bfResolution: 1 }),
  });

/** A one-node batch job of `cpus` CPUs. */
const batchJob = (id: string, submit: number, limit: number, runtime: number, cpus = 8): SimJobInput => ({
  id,
  submit,
  nodes: 1,
  limit,
  runtime,
  partition: "batch",
  tres: t(cpus),
});

/** A one-node gpu job of `cpus` CPUs and one GPU, limit 600 s. */
const gpuJob = (id: string, submit: number, runtime: number, cpus: number): SimJobInput => ({
  id,
  submit,
  nodes: 1,
  limit: 600,
  runtime,
  partition: "gpu",
  tres: t(cpus, { gpusPerNode: 1 }),
});

/** The start the first backfill cycle (t = 5) plans for job `id`, on `machine` with `epoch`. */
const plannedAt = (jobs: SimJobInput[], machine: TresNode[], id: string, epoch = 0) => {
  let at = NaN;
  simulate(jobs, {
    nodes: machine.length,
    scheduler: slurmScheduler({
      machine,
      epoch,
      bfInterval: 5,
      bfResolution: 1,
      onReservation: (job, start, now) => {
        if (job === id && now === 5) at = start;
      },
    }),
  });
  return at;
};

/**
 * Checks a schedule: every job ran, on nodes of its partition with its features, and at every
 * start no node held more CPUs, memory (as `use` counts a job's on node i) or GPUs than it has,
 * nor an exclusive job beside another.
 */
function holdsAtEveryStart(
  machine: TresNode[],
  jobs: SimJobInput[],
  r: ReturnType<typeof simulate>,
  use: (i: number, t: JobTres) => { cpus: number; mem: number },
): void {
  const index = new Map(machine.map((m, i) => [m.name, i]));
  const spans = jobs.map((j, k) => {
    expect(Number.isFinite(r.start[k])).toBe(true);
    const on = expandHostlist(r.nodeLists![k]!).map((x) => index.get(x)!);
    expect(on.length).toBe(j.nodes);
    const has = constraintTest(j.tres!.constraint);
    for (const i of on) {
      expect(machine[i].partitions).toContain(j.partition);
      expect(has(machine[i].features)).toBe(true);
    }
    return { on, from: r.start[k], to: r.start[k] + j.runtime, tres: j.tres! };
  });
  // at every start, what the jobs then running hold on each node
  for (const s of spans) {
    const now = spans.filter((o) => o.from <= s.from && (o.to > s.from || (o.from === s.from && o === s)));
    for (let i = 0; i < machine.length; i++) {
      const here = now.filter((o) => o.on.includes(i));
      const m = machine[i];
      if (here.some((o) => o.tres.exclusive)) expect(here.length).toBe(1);
      expect(here.reduce((a, o) => a + use(i, o.tres).cpus, 0)).toBeLessThanOrEqual(m.cpus);
      expect(here.reduce((a, o) => a + use(i, o.tres).mem, 0)).toBeLessThanOrEqual(m.memoryMiB);
      expect(here.reduce((a, o) => a + o.tres.gpusPerNode, 0)).toBeLessThanOrEqual(m.gpus);
    }
  }
}

describe("the Slurm scheduler on select/cons_tres", () => {
  it("jobs share a node by CPUs: each goes to the node whose free CPUs fit it tightest", () => {
    const r = run([
      { id: "a", submit: 0, nodes: 1, limit: 600, runtime: 100, partition: "batch", tres: t(2) },
      { id: "b", submit: 0, nodes: 1, limit: 600, runtime: 100, partition: "batch", tres: t(2) },
      { id: "c", submit: 0, nodes: 1, limit: 600, runtime: 100, partition: "batch", tres: t(3) },
    ]);
    expect([...r.start]).toEqual([0, 0, 0]);
    // n4 (4 CPUs) is the tightest for a and then for b; c then fits n5 (4 free) before n1 (8)
    expect(r.nodeLists).toEqual(["n4", "n4", "n5"]);
  });
  it("a job that cannot start fails its partition: a later job of it waits, one of another partition does not", () => {
    const r = run([
      { id: "wide", submit: 0, nodes: 1, limit: 600, runtime: 100, partition: "batch", tres: t(8) },
      { id: "held", submit: 1, nodes: 5, limit: 600, runtime: 100, partition: "batch", tres: t(4) },
      { id: "small", submit: 1, nodes: 1, limit: 60, runtime: 30, partition: "batch", tres: t(1) },
      {
        id: "gpu",
        submit: 1,
        nodes: 1,
        limit: 60,
        runtime: 30,
        partition: "gpu",
        tres: t(1, { gpusPerNode: 1 }),
      },
    ]);
    // at t = 1 "held" fails batch, whose nodes hold gpu's too: nothing else starts in that pass;
    // the first backfill cycle (t = 5) starts the small ones before held's reservation (t = 600)
    expect([...r.start]).toEqual([0, 100, 5, 5]);
  });
  it("GPUs, memory and features decide where a job may go", () => {
    const r = run([
      {
        id: "g",
        submit: 0,
        nodes: 1,
        limit: 60,
        runtime: 10,
        partition: "gpu",
        tres: t(1, { gpusPerNode: 2 }),
      },
      {
        id: "m",
        submit: 0,
        nodes: 1,
        limit: 60,
        runtime: 10,
        partition: "batch",
        tres: t(1, { memPerNodeMiB: 20000 }),
      },
      {
        id: "f",
        submit: 0,
        nodes: 1,
        limit: 60,
        runtime: 10,
        partition: "batch",
        tres: t(1, { constraint: "intel" }),
      },
    ]);
    // g: n4 and n5 tie, the first; m's memory only n4 and n5 have, and n4's 3 free CPUs fit it
    // tighter; f's feature only n1 and n2 have
    expect(r.nodeLists).toEqual(["n4", "n4", "n1"]);
  });

  const arbJob = (i: number) =>
    fc
      .record({
        submit: fc.integer({ min: 0, max: 300 }),
        nodes: fc.integer({ min: 1, max: 2 }),
        limit: fc.integer({ min: 30, max: 600 }),
        run: fc.integer({ min: 1, max: 600 }),
        cpus: fc.integer({ min: 1, max: 4 }),
        mem: fc.constantFrom(0, 1000, 6000, 20000),
        gpus: fc.constantFrom(0, 0, 1, 2),
        constraint: fc.constantFrom("", "", "intel", "amd", "intel|amd"),
        exclusive: fc.boolean(),
      })
      .map((x): SimJobInput => {
        const gpu = x.gpus > 0;
        return {
          id: `j${i}`,
          submit: x.submit,
          nodes: gpu ? 1 : x.nodes,
          limit: x.limit,
          runtime: Math.min(x.run, x.limit), // ≥ 1 s: the check below cannot order starts and ends at one instant
          partition: gpu ? "gpu" : "batch",
          tres: t(x.cpus, {
            memPerNodeMiB: x.mem,
            gpusPerNode: x.gpus,
            constraint: gpu || x.mem > 8000 ? "" : x.constraint,
            exclusive: x.exclusive,
          }),
        };
      });
  const arbJobs = fc
    .integer({ min: 1, max: 40 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbJob(i))));

  it("property: every job runs, on nodes of its partition with its features, and no node is ever over its CPUs, memory or GPUs, nor shared with an exclusive job", () => {
    fc.assert(
      fc.property(arbJobs, (jobs) => {
        holdsAtEveryStart(MACHINE, jobs, run(jobs), (_, x) => ({
          cpus: x.cpusPerNode,
          mem: x.memPerNodeMiB,
        }));
      }),
      { numRuns: 150 },
    );
  });
  it("property: so it is on nodes with threads and sockets, with memory per CPU, under a topology, for cons_tres and cons_res, 20.11 and 22.05, any SelectTypeParameters", () => {
    // n1 n2: 4 cores of 2 threads; n3: 2 sockets of 2 cores of 2 threads; under s1 (n1–n3) and s2 (n4 n5)
    const machine: TresNode[] = MACHINE.map((m, i) =>
      i < 2 ? { ...m, threadsPerCore: 2 } : i === 2 ? { ...m, sockets: 2, threadsPerCore: 2 } : m,
    );
    const topology = {
      switches: [
        { name: "s1", level: 0, nodes: ["n1", "n2", "n3"], children: [] },
        { name: "s2", level: 0, nodes: ["n4", "n5"], children: [] },
        { name: "root", level: 1, nodes: ["n1", "n2", "n3", "n4", "n5"], children: ["s1", "s2"] },
      ],
    };
    const arbSetting = fc.record({
      select: fc.constantFrom("cons_tres", "cons_res"),
      slurmVersion: fc.constantFrom("20.11", "22.05"),
      selectTypeParameters: fc.constantFrom("CR_Core_Memory", "CR_CPU_Memory", "CR_Socket_Memory", "CR_Core"),
      topology: fc.boolean(),
    });
    const perCpu = fc.array(fc.constantFrom(0, 250, 500, 1000), { minLength: 40, maxLength: 40 });
    fc.assert(
      fc.property(arbJobs, arbSetting, perCpu, (drawn, o, m) => {
        // a job of memory per CPU asks none per node
        const jobs = drawn.map((j, k) =>
          m[k] > 0 ? { ...j, tres: { ...j.tres!, memPerNodeMiB: 0, memPerCpuMiB: m[k] } } : j,
        );
        const r = simulate(jobs, {
          nodes: machine.length,
          scheduler: slurmScheduler({
            machine,
            bfInterval: 5,
            bfResolution: 1,
            select: o.select,
            slurmVersion: o.slurmVersion,
            selectTypeParameters: o.selectTypeParameters,
            ...(o.topology ? { topology } : {}),
          }),
        });
        // by slurm.conf(5) and dist_tasks.c: whole cores (sockets under CR_Socket) of the threads a
        // node schedules; CPUs counted: those of the cores, or those asked under CR_CPU
        const unit = o.selectTypeParameters.replace(/^CR_|_Memory$/g, "");
        const memory = o.selectTypeParameters.endsWith("_Memory");
        holdsAtEveryStart(machine, jobs, r, (i, x) => {
          const n = machine[i],
            tpc = (n.threadsPerCore ?? 1) > 1 ? n.threadsPerCore! : 1,
            grain = unit === "Socket" ? n.cpus / (n.sockets ?? 1) : tpc,
            cpus = x.exclusive ? n.cpus : Math.min(Math.ceil(x.cpusPerNode / grain) * grain, n.cpus),
            counted = x.exclusive || unit !== "CPU" ? cpus : x.cpusPerNode;
          return { cpus, mem: memory ? (x.memPerCpuMiB ?? 0) * counted + x.memPerNodeMiB : 0 };
        });
      }),
      { numRuns: 120 },
    );
  });
  it("a job no available node could hold even idle leaves its partition open (ESLURM_NODE_NOT_AVAIL); a busy one fails it", () => {
    const fill = (id: string) => ({
      id,
      submit: 0,
      nodes: 1,
      limit: 600,
      runtime: 100,
      partition: "batch",
      tres: t(4),
    });
    const later = (id: string, partition: string, tres: JobTres) => ({
      id,
      submit: 1,
      nodes: 1,
      limit: 60,
      runtime: 10,
      partition,
      tres,
    });
    // n4 and n5 full from t = 0; at t = 1 "gw" fails gpu, which takes n4 and n5 from the pass
    const big = (mem: number) =>
      run([
        fill("f4"),
        fill("f5"),
        { ...fill("f3"), tres: t(8, { constraint: "amd" }) },
        later("gw", "gpu", t(1, { gpusPerNode: 1 })),
        later("big", "batch", t(1, { memPerNodeMiB: mem })),
        later("small", "batch", t(1)),
      ]);
    // 20000 MiB: only n4 and n5 could ever hold it; n1–n3 cannot even idle, and none of them is
    // held whole: batch stays open and "small" starts in the same pass
    const open = big(20000);
    expect(open.nodeLists.slice(0, 3)).toEqual(["n4", "n5", "n3"]);
    expect([...open.start].slice(3)).toEqual([100, 100, 1]);
    // 12000 MiB: n3 could hold it idle, but its CPUs are taken (ESLURM_NODES_BUSY): batch fails
    // and "small" waits for the first backfill cycle (t = 5)
    expect(big(12000).start[5]).toBe(5);
  });
  it("will-run ends running jobs in 30 s windows aligned on the epoch: the first end's barrier decides which later ends join it", () => {
    // A holds n1 until 100, B holds n2 until 145; P needs a whole node
    const machine = [MACHINE[0], { ...MACHINE[0], name: "n2" }];
    const jobs: SimJobInput[] = [
      batchJob("A", 0, 100, 90),
      batchJob("B", 0, 145, 140),
      batchJob("P", 1, 60, 10),
    ];
    const reservation = (epoch: number) => plannedAt(jobs, machine, "P", epoch);
    // epoch 0: A's end 100 rounds up to the barrier 120; B's 145 is within 120 + 30: both end, P
    // starts at the last of them
    expect(reservation(0)).toBe(145);
    // epoch 9: 109 rounds up to 120, i.e. 111 here; 145 > 111 + 30: A's end alone frees n1
    expect(reservation(9)).toBe(100);
  });
  it("will-run ends only jobs on nodes whose configuration holds the job (job_req_node_filter)", () => {
    // P asks 8 CPUs: n1 (8 CPUs) may hold it, n4 (4 CPUs) never; B on n4 ends within A's window
    const machine = [MACHINE[0], MACHINE[3]];
    const at = plannedAt(
      [batchJob("A", 0, 100, 90), batchJob("B", 0, 110, 100, 4), batchJob("P", 1, 60, 10)],
      machine,
      "P",
    );
    // B's end (110) would be the start if n4 counted; A's (100) is
    expect(at).toBe(100);
  });
  it("a start after the slot where reserved nodes come back is tried again from there (backfill.c: Try later)", () => {
    // A holds n1 until 50, B n2 until 120; H (first) reserves n1 over [50, 110); Q's window from
    // t = 5 meets that reservation, so only n2 is usable there (start 120), but n1 is back at 110
    const machine = [MACHINE[0], { ...MACHINE[0], name: "n2" }];
    const at = plannedAt(
      [
        batchJob("A", 0, 50, 45),
        batchJob("B", 0, 120, 115),
        batchJob("H", 1, 60, 10),
        batchJob("Q", 2, 100, 10),
      ],
      machine,
      "Q",
    );
    expect(at).toBe(110);
  });
  it("a reservation merges the first two neighbouring slots with the same free nodes (backfill.c _add_reservation)", () => {
    // A and B hold n1 and n2 until 20; reserved: H1 n1 over [20, 120), H2, H3, H4 n2 over [20, 70),
    // [70, 100), [100, 170). H3 and H4 each merge the empty slots into one, [20, 120). Q (45 s) from
    // t = 5 meets it; the slot after it gives n1 back at 120, so Q tries again there. Kept apart, the
    // empty slots would end Q's scan at [70, 100), which gives nothing back, and Q would get no plan.
    const machine = [MACHINE[0], { ...MACHINE[0], name: "n2" }];
    const jobs = [
      batchJob("A", 0, 20, 15),
      batchJob("B", 0, 20, 15),
      batchJob("H1", 1, 100, 10),
      batchJob("H2", 1, 50, 10),
      batchJob("H3", 1, 30, 10),
      batchJob("H4", 1, 70, 10),
      batchJob("Q", 2, 45, 10),
    ];
    expect(["H1", "H2", "H3", "H4"].map((id) => plannedAt(jobs, machine, id))).toEqual([20, 20, 70, 100]);
    expect(plannedAt(jobs, machine, "Q")).toBe(120);
  });
  it("the map is read over the partition's nodes, the job's features after it (backfill.c, job_req_node_filter)", () => {
    // n1 intel, n2 amd. A (intel) holds n1 until 50, B (amd) n2 until 30. Reserved first: H1 on n1
    // over [50, 300), H2, H3, H4 on n2 over [30, 90), [90, 150), [150, 200). Q (intel, 100 s) from
    // t = 5: nothing fits by 105; the slot after [150, 200) gives back n2, an amd node, so Slurm tries
    // again from 200, then from 300 where n1 is back. Read over the intel node alone, no slot by
    // then gives a node back and Q would get no plan.
    const machine = [MACHINE[0], { ...MACHINE[2], name: "n2" }];
    const on = (id: string, submit: number, limit: number, runtime: number, constraint: string) => ({
      ...batchJob(id, submit, limit, runtime),
      tres: t(8, { constraint }),
    });
    const jobs = [
      on("A", 0, 50, 45, "intel"),
      on("B", 0, 30, 25, "amd"),
      on("H1", 1, 250, 10, "intel"),
      on("H2", 1, 60, 10, "amd"),
      on("H3", 1, 60, 10, "amd"),
      on("H4", 1, 50, 10, "amd"),
      on("Q", 2, 100, 10, "intel"),
    ];
    expect(["H1", "H2", "H3", "H4"].map((id) => plannedAt(jobs, machine, id))).toEqual([50, 30, 90, 150]);
    expect(plannedAt(jobs, machine, "Q")).toBe(300);
  });
  it("a node still COMPLETING: backfill plans a job that would start on it a second later; the main pass leaves it", () => {
    // A runs out at 4 and its node n1 stays COMPLETING until 7 (its epilog). Its CPUs are free at
    // once (select_p_job_fini), so the cycle at 5 finds P fits now, but on a COMPLETING node:
    // planned at now + 1 (backfill.c). Q, submitted at 5 beside a half-node A, waits for n1 to come
    // back, though its CPUs are free (node_scheduler.c _pick_best_nodes leaves cg_node_bitmap out).
    const machine = [MACHINE[0]];
    const wide = [{ ...batchJob("A", 0, 100, 4), completing: 3 }, batchJob("P", 1, 60, 10)];
    expect(plannedAt(wide, machine, "P")).toBe(6);
    const half = run(
      [{ ...batchJob("A", 0, 100, 4, 4), completing: 3 }, batchJob("Q", 5, 60, 10, 4)],
      machine,
    );
    expect([...half.start]).toEqual([0, 7]);
    // a COMPLETING node counts as busy for a job the pass's other nodes could not hold even idle
    // (nodes_busy): R fails the partition, so S waits for the pass at 8 though n4 has a CPU for it
    const busy = run(
      [
        { ...batchJob("A", 0, 100, 4), completing: 4 },
        batchJob("B", 0, 100, 50, 3),
        batchJob("R", 6, 60, 10),
        batchJob("S", 6, 60, 10, 1),
      ],
      [MACHINE[0], MACHINE[3]],
    );
    expect([...busy.start]).toEqual([0, 0, 8, 8]);
  });
  it("a backfilled job's nodes are chosen again at its start, after its node sets' weights are synced (backfill.c _start_job)", () => {
    // n1: 2 CPUs; n2: 4 CPUs and 2 GPUs (batch and gpu). g (1 CPU, 1 GPU) starts on n2 at 0. Y (4
    // CPUs) fails batch in every main pass, which then has no node left, so G2 and X wait for
    // backfill. In the cycle at 5, G2's will-run test (gpu, 4 CPUs, 1 GPU) evaluates n2: its weight
    // drops to 0xff - 1 (510). X's will-run test (select_g_job_test, no sync) then prefers the
    // lighter n2, but _start_job's select_nodes syncs n1 and n2 to 511 first, and best fit takes n1
    // (2 free CPUs against n2's 3).
    const machine: TresNode[] = [
      { name: "n1", cpus: 2, memoryMiB: 8000, gpus: 0, features: [], partitions: ["batch"] },
      { name: "n2", cpus: 4, memoryMiB: 8000, gpus: 2, features: [], partitions: ["batch", "gpu"] },
    ];
    const r = run(
      [
        gpuJob("g", 0, 500, 1),
        batchJob("Y", 1, 600, 100, 4),
        gpuJob("G2", 2, 100, 4),
        batchJob("X", 3, 60, 30, 1),
      ],
      machine,
    );
    expect([r.start[3], r.nodeLists?.[3]]).toEqual([5, "n1"]);
  });
  it("a request no nodes of its partition could hold is refused at submit, with the reason", () => {
    const r = run([
      { id: "big", submit: 0, nodes: 1, limit: 60, runtime: 1, partition: "gpu", tres: t(8) },
      { id: "ok", submit: 0, nodes: 1, limit: 60, runtime: 1, partition: "gpu", tres: t(4) },
    ]);
    expect(r.rejected).toEqual([
      {
        id: "big",
        reason: "asks 1 node(s) of 8 CPUs, 1000 MiB, 0 GPUs in partition gpu: 0 node(s) can hold it",
      },
    ]);
    expect(r.start[1]).toBe(0);
  });
  it("whole cores: a 3-CPU job takes 2 cores of a node of 2 threads per core; its memory per CPU counts 4 CPUs under CR_Core, 3 under CR_CPU", () => {
    const machine: TresNode[] = [{ ...MACHINE[0], threadsPerCore: 2 }];
    const perCpu = (id: string, cpus: number, mem: number, runtime: number): SimJobInput => ({
      ...batchJob(id, 0, 100, runtime, cpus),
      tres: t(cpus, { memPerNodeMiB: 0, memPerCpuMiB: mem }),
    });
    const jobs = [perCpu("a", 3, 1000, 100), perCpu("b", 4, 1100, 50)];
    const starts = (selectTypeParameters: "CR_Core_Memory" | "CR_CPU_Memory" | "CR_Core") => [
      ...simulate(jobs, {
        nodes: 1,
        scheduler: slurmScheduler({ machine, bfInterval: 5, bfResolution: 1, selectTypeParameters }),
      }).start,
    ];
    // b needs 4400 MiB: 4000 are left beside a under CR_Core (a counts 4000), 5000 under CR_CPU;
    // without _Memory memory is not consumed
    expect(starts("CR_Core_Memory")).toEqual([0, 100]);
    expect(starts("CR_CPU_Memory")).toEqual([0, 0]);
    expect(starts("CR_Core")).toEqual([0, 0]);
  });
  it("a machine of another size than the simulation's is an error", () => {
    expect(() =>
      simulate([{ id: "a", submit: 0, nodes: 1, limit: 60, runtime: 1, tres: t(1) }], {
        nodes: 3,
        scheduler: slurmScheduler({ machine: MACHINE }),
      }),
    ).toThrow(/the machine's node count \(5\)/);
  });
});
