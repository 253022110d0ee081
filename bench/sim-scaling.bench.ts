/**
 * How the simulators' cost grows with the workload, on every shared trace: each trace whole with
 * EASY and with the Slurm scheduler (FIFO priority, and the multifactor priority with Fair Tree
 * every 300 s), jobs/s; and the time of the first 100,000 jobs over the first 50,000 (goal ≤ 2.2×:
 * near-linear; each time the CPU time of the fastest of three runs, as JIT warm-up and a busy
 * machine move single wall-clock runs a lot).
 *   npm run bench -- sim-scaling            (long: every trace whole, several schedulers)
 *   SCHEDGAME_BENCH_TRACES=RICC-2010-2,CEA-Curie-2011-2.1-cln npm run bench -- sim-scaling
 *   SCHEDGAME_BENCH_SCHEDULERS=EASY,Slurm  (label prefixes: leave out "Slurm + multifactor" on overloaded logs)
 * The Slurm rows use count placement (the scheduler's cost without node bookkeeping); "Slurm nodes" (filter)
 * runs node placement (the default) beside count placement on the same jobs, the first 50,000 jobs and the
 * whole trace (goals: ≥ 25,000 jobs/s, at most 2× the time of count placement), and its time(100k)/time(50k).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { readSwf } from "../lib/io/swf";
import { swfMachine } from "../lib/io/swf-jobs";
import { traceDirectories } from "../lib/io/trace-paths";
import { createScheduler, type SchedulerSpec } from "../lib/sim/create-scheduler";
import { simulate } from "../lib/sim/engine";
import type { SimJob } from "../lib/sim/job";
import { slurmPriority } from "../lib/sim/slurm-priority";
import { jobsFromSwf } from "../lib/sim/swf-workload";
import type { BenchRow } from "./harness";

/** `beside`: also run with count placement on the same jobs (the baseline), first 50,000 jobs and whole. */
interface Setup {
  label: string;
  spec: SchedulerSpec;
  multifactor: boolean;
  beside?: boolean;
}
const SETUPS: Setup[] = [
  { label: "EASY", spec: { name: "easy" }, multifactor: false },
  { label: "Slurm (FIFO priority)", spec: { name: "slurm", placement: "counts" }, multifactor: false },
  { label: "Slurm + multifactor", spec: { name: "slurm", placement: "counts" }, multifactor: true },
  {
    label: "Slurm nodes (FIFO priority)",
    spec: { name: "slurm", placement: "nodes" },
    multifactor: false,
    beside: true,
  },
];
const COUNTS: Setup = {
  label: "Slurm, count placement (FIFO priority)",
  spec: { name: "slurm", placement: "counts" },
  multifactor: false,
};

/**
 * CPU seconds (user + system) to simulate — the simulation is single-threaded, and CPU time is far
 * less moved than wall time by other work on a shared machine.
 */
function seconds(jobs: readonly SimJob[], nodes: number, cpn: number, s: Setup): number {
  const t0 = process.cpuUsage();
  const priority = s.multifactor ? slurmPriority() : undefined;
  simulate(jobs, { nodes, coresPerNode: cpn, scheduler: createScheduler(s.spec), priority });
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1e6;
}

/** The fastest of three runs. */
const best = (f: () => number) => Math.min(f(), f(), f());

/** time(first 100,000 jobs) / time(first 50,000), each the fastest of three runs (goal ≤ 2.2: near-linear). */
function scaling(name: string, jobs: readonly SimJob[], nodes: number, cpn: number, s: Setup): BenchRow {
  const first = (k: number) => best(() => seconds(jobs.slice(0, k), nodes, cpn, s));
  const t50 = first(50000),
    t100 = first(100000);
  return {
    name: `${name}, ${s.label}: time(first 100k jobs) / time(first 50k)`,
    value: t100 / t50,
    unit: "x",
    goal: { value: 2.2, lowerIsBetter: true },
    note: `${t50.toFixed(2)} s → ${t100.toFixed(2)} s`,
  };
}

export async function run(): Promise<BenchRow[]> {
  const dir = traceDirectories().find(
    (d) => fs.existsSync(d) && fs.readdirSync(d).some((f) => /\.swf(\.gz)?$/.test(f)),
  );
  if (!dir)
    return [
      {
        name: "sim scaling: no shared traces found (skipped)",
        value: NaN,
        unit: "s",
        note: "set SCHEDGAME_TRACES or run npm run traces:download",
      },
    ];
  const only = process.env.SCHEDGAME_BENCH_TRACES?.split(",").filter(Boolean);
  const names = fs
    .readdirSync(dir)
    .filter((f) => /\.swf(\.gz)?$/.test(f))
    .map((f) => f.replace(/\.swf(\.gz)?$/, ""))
    .filter((n) => !only || only.includes(n))
    .sort();
  const rows: BenchRow[] = [];
  for (const name of names) {
    const trace = readSwf(
      path.join(
        dir,
        fs.readdirSync(dir).find((f) => f.startsWith(name + ".swf"))!,
      ),
    );
    const m = swfMachine(trace);
    const { jobs } = jobsFromSwf(trace, { nodes: m.nodes, coresPerNode: m.coresPerNode });
    const wanted = process.env.SCHEDGAME_BENCH_SCHEDULERS?.split(",").filter(Boolean);
    for (const s of SETUPS.filter(
      (x) => !wanted || wanted.some((w) => x.label === w || x.label.startsWith(`${w} (`)),
    )) {
      if (s.beside) {
        // node placement vs count placement on the same jobs, in the same run
        for (const part of jobs.length > 50000 ? [jobs.slice(0, 50000), jobs] : [jobs]) {
          const tn = seconds(part, m.nodes, m.coresPerNode, s),
            tc = seconds(part, m.nodes, m.coresPerNode, COUNTS);
          const which =
            part.length === jobs.length ? `${jobs.length} jobs whole` : `first ${part.length} jobs`;
          rows.push({
            name: `${name} (${which}, ${m.nodes} nodes), ${s.label}`,
            value: part.length / tn,
            unit: "jobs/s",
            baseline: { name: "the same jobs, count placement", value: part.length / tc },
            goal: { value: 25000, lowerIsBetter: false },
            note: `${tn.toFixed(2)} s vs ${tc.toFixed(2)} s with counts (${(tn / tc).toFixed(2)}x; goal <= 2x)`,
          });
        }
        if (jobs.length >= 100000) rows.push(scaling(name, jobs, m.nodes, m.coresPerNode, s));
        continue;
      }
      const whole = seconds(jobs, m.nodes, m.coresPerNode, s);
      rows.push({
        name: `${name} (${jobs.length} jobs, ${m.nodes} nodes) whole, ${s.label}`,
        value: jobs.length / whole,
        unit: "jobs/s",
        goal: s.label === "EASY" ? { value: 100000, lowerIsBetter: false } : undefined,
        note: `${whole.toFixed(2)} s`,
      });
      if (jobs.length >= 100000) rows.push(scaling(name, jobs, m.nodes, m.coresPerNode, s));
    }
  }
  return rows;
}
