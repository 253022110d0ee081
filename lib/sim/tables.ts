/**
 * Display tables of the simulator: event traces, per-job outcomes, sprio snapshots, Tables 28–29
 * beside the thesis's values (data/reference/thesis), PoA sensitivity sweeps and scheduler
 * comparisons on traces.
 */
import * as path from "node:path";
import { readReferenceCsv } from "../io/reference-csv";
import { invalidArgument } from "../util/errors";
import { type SchedulerSpec, createScheduler } from "./create-scheduler";
import { type SimResult, simulate } from "./engine";
import { scheduleMetrics } from "./metrics";
import { type PoaOptions, type PoaRow, createPoaModelCache, poaRows, poaSummary } from "./poa";
import type { UserScheduler } from "./extra-schedulers";
import type { PriorityModel } from "./priority";
import { slurmPriority } from "./slurm-priority";
import type { Sample } from "../sample/draw";
import { loadTraceWorkload } from "./swf-workload";

/** The sprio-like snapshot as flat rows (priority and weighted factors). */
export function sprioRows(result: SimResult) {
  if (!result.sprio) throw invalidArgument("result.sprio", undefined, "a simulation run with snapshotAt");
  return result.sprio.rows.map((r) => ({ job: r.id, user: r.user, priority: r.priority, ...r.factors }));
}

function thesisTable(name: string, root: string) {
  return readReferenceCsv(path.join("data", "reference", "thesis", name), root).records.map((r) => r.values);
}

/** Thesis Table 28 beside ours, joined on the sample name (our samples missing from the thesis show NaN there). */
export function table28Comparison(rows: readonly PoaRow[], root = process.cwd()) {
  const thesis = new Map(thesisTable("table28.csv", root).map((v) => [v.sample, v]));
  const num = (v: string | undefined) => (v === undefined ? NaN : Number(v));
  return rows.map((r) => {
    const t = thesis.get(r.sample);
    return {
      sample: r.sample,
      TV: r.TV,
      "TV (thesis)": num(t?.TV),
      TV_1B1: r.TV_1B1,
      "TV_1B1 (thesis)": num(t?.TV_1B1),
      TV_1B2: r.TV_1B2,
      "TV_1B2 (thesis)": num(t?.TV_1B2),
      TV_1B3: r.TV_1B3,
      "TV_1B3 (thesis)": num(t?.TV_1B3),
    };
  });
}

/** Thesis Table 29 beside ours. */
export function table29Comparison(rows: readonly PoaRow[], root = process.cwd()) {
  const thesis = new Map(thesisTable("table29.csv", root).map((v) => [v.sample, v]));
  const num = (v: string | undefined) => (v === undefined ? NaN : Number(v));
  return rows.map((r) => {
    const t = thesis.get(r.sample);
    return {
      sample: r.sample,
      TV: r.TV,
      TV_1B: r.TV_1B1,
      PoA: r.PoA,
      "TV (thesis)": num(t?.TV),
      "TV_1B (thesis)": num(t?.TV_1B),
      "PoA (thesis)": num(t?.PoA),
      PoA_exact: r.PoA_exact,
    };
  });
}

/** The thesis's Table 28 as rows the Total Value figure can draw (TV_1A and PoA_exact are NaN: not published). */
export function thesisTotalValueRows(root = process.cwd()): PoaRow[] {
  return thesisTable("table28.csv", root).map((v) => ({
    sample: v.sample,
    jobs: NaN,
    TV: Number(v.TV),
    TV_t0: NaN,
    TV_1B1: Number(v.TV_1B1),
    TV_1B2: Number(v.TV_1B2),
    TV_1B3: Number(v.TV_1B3),
    TV_1A: NaN,
    PoA: Number(v.TV_1B1) / Number(v.TV),
    PoA_exact: NaN,
  }));
}

/**
 * The thesis's Table 29 PoA of its ordinary samples (its special sample_20 left out, as its
 * statistics and the scorecard's Table 29 row do), as printed: TV_1B1 / TV of Table 28 to 2 decimals.
 */
export function thesisOrdinaryPoa(root = process.cwd()): number[] {
  return thesisTotalValueRows(root)
    .filter((r) => r.sample !== "sample_20.txt")
    .map((r) => Math.round(r.PoA * 100) / 100);
}

/** PoA summary rows over a parameter sweep: for each value, `vary` returns the options to use. */
export function poaSweep<T>(
  samples: readonly Sample[],
  values: readonly T[],
  vary: (v: T) => Partial<PoaOptions>,
  base: PoaOptions,
) {
  const modelCache = base.modelCache ?? createPoaModelCache(); // the models' side once per sample
  return values.map((value) => ({
    value,
    ...poaSummary(poaRows(samples, { ...base, modelCache, ...vary(value) }).map((r) => r.PoA)),
  }));
}

/** A scheduler to compare: a label, its spec and optionally a priority model factory. */
export interface ComparedScheduler {
  label: string;
  spec: SchedulerSpec;
  priority?: () => PriorityModel;
}

/**
 * Metrics of several schedulers on the first `limit` jobs of each trace (one row per trace ×
 * scheduler), then of `extra`, schedulers of your own (`extraSchedulers`; a `slurm` base without a
 * formula runs the multifactor priority of Table 2).
 */
export function compareSchedulersOnTraces(
  traces: readonly string[],
  schedulers: readonly ComparedScheduler[],
  options: { limit?: number; root?: string; extra?: readonly UserScheduler[] } = {},
) {
  const all = schedulers.concat(
    (options.extra ?? []).map((u) => ({
      label: u.label,
      spec: u.scheduler ?? { name: "slurm" },
      priority: () => u.priorityModel ?? slurmPriority(),
    })),
  );
  return traces.flatMap((name) => {
    const w = loadTraceWorkload(name, { limit: options.limit, root: options.root });
    return all.map((s) => {
      const r = simulate(w.jobs, {
        nodes: w.nodes,
        coresPerNode: w.coresPerNode,
        scheduler: createScheduler(s.spec),
        priority: s.priority?.(),
      });
      const m = scheduleMetrics(r);
      return {
        trace: name,
        scheduler: s.label,
        nodes: w.nodes,
        jobs: m.jobs,
        meanWait_h: m.meanWait / 3600,
        p95Wait_h: m.p95Wait / 3600,
        meanBsld: m.meanBsld,
        p95Bsld: m.p95Bsld,
        utilisation: m.utilisation,
        makespan_d: m.makespan / 86400,
      };
    });
  });
}

/**
 * The jobs of a run's workflows (those with predecessors and those they wait for): submit, eligible
 * (predecessors completed), start and end in minutes, the wait for predecessors and the queue wait.
 */
export function eligibilityRows(result: SimResult) {
  const inWorkflow = new Set(result.jobs.flatMap((j) => (j.dependsOn ? [j.id, ...j.dependsOn] : [])));
  const eligible = (i: number) => result.eligible?.[i] ?? result.jobs[i].submit;
  return result.jobs.flatMap((j, i) =>
    inWorkflow.has(j.id)
      ? [
          {
            job: j.id,
            nodes: j.nodes,
            submit_min: j.submit / 60,
            eligible_min: eligible(i) / 60,
            start_min: result.start[i] / 60,
            end_min: result.end[i] / 60,
            "waits for predecessors (min)": (eligible(i) - j.submit) / 60,
            "waits in the queue (min)": (result.start[i] - eligible(i)) / 60,
          },
        ]
      : [],
  );
}
