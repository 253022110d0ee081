/**
 * Display tables of the simulator: each run's metrics, chosen jobs' starts and per-user or
 * per-account waits (minutes), queued jobs, sprio snapshots, Tables 28–29 beside the thesis's values
 * (data/reference/thesis), the workflow jobs' waits and each workload's accounting of dropped and changed jobs.
 */
import { invalidArgument } from "../../lib/util/errors";
import type { SimResult } from "../../lib/sim/engine";
import { metricsBy, scheduleMetrics } from "../../lib/sim/metrics";
import type { SimJobInput } from "../../lib/sim/job";
import type { PoaRow } from "../../lib/sim/poa";
import type { SwfWorkload } from "../../lib/sim/swf-workload";
import { readThesisPoaTable } from "../../lib/sim/thesis-poa";

/** Queued jobs as rows: submit in seconds, limit and run time in minutes. */
export function queueTable(jobs: readonly SimJobInput[]): Record<string, string | number>[] {
  return jobs.map((j) => ({
    job: j.id,
    user: j.user ?? "",
    submit_s: j.submit,
    nodes: j.nodes,
    limit_min: j.limit / 60,
    runtime_min: j.runtime / 60,
  }));
}

/** The sprio-like snapshot as flat rows (priority and weighted factors). */
export function sprioRows(result: SimResult) {
  if (!result.sprio) throw invalidArgument("result.sprio", undefined, "a simulation run with snapshotAt");
  return result.sprio.rows.map((r) => ({ job: r.id, user: r.user, priority: r.priority, ...r.factors }));
}

/** A thesis PoA table by sample name. */
function bySample(name: "table28.csv" | "table29.csv", root: string) {
  return new Map(readThesisPoaTable(name, root).map((v) => [v.sample, v]));
}

/** A published cell as a number (NaN where the thesis has no row). */
const num = (v: string | undefined) => (v === undefined ? NaN : Number(v));

/** Thesis Table 28 beside ours, joined on the sample name (our samples missing from the thesis show NaN there). */
export function table28Comparison(rows: readonly PoaRow[], root = process.cwd()) {
  const thesis = bySample("table28.csv", root);
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
  const thesis = bySample("table29.csv", root);
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

/** One row per workload: jobs kept, and the jobs dropped and changed by reason (what the simulator sees, and what it was told). */
export function workloadAccounting(
  workloads: readonly { name: string; w: SwfWorkload }[],
): Record<string, string | number>[] {
  const list = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([k, v]) => `${v} ${k}`)
      .join("; ") || "none";
  return workloads.map(({ name, w }) => ({
    trace: name,
    jobs: w.jobs.length,
    dropped: list(w.dropped),
    changed: list(w.changed),
  }));
}

/** One metrics row per simulation (times in minutes). */
export function metricsRows(results: readonly SimResult[], labels?: readonly string[]) {
  return results.map((r, k) => {
    const m = scheduleMetrics(r);
    return {
      scheduler: labels?.[k] ?? r.scheduler,
      jobs: m.jobs,
      meanWait_min: m.meanWait / 60,
      p95Wait_min: m.p95Wait / 60,
      maxWait_min: m.maxWait / 60,
      meanBsld: m.meanBsld,
      utilisation: m.utilisation,
      makespan_h: m.makespan / 3600,
    };
  });
}

/** Start and wait (minutes) of chosen jobs in each simulation. */
export function jobStartRows(
  results: readonly SimResult[],
  ids: readonly string[],
  labels?: readonly string[],
) {
  return ids.flatMap((id) =>
    results.map((r, k) => {
      const i = r.jobs.findIndex((j) => j.id === id);
      return {
        job: id,
        scheduler: labels?.[k] ?? r.scheduler,
        start_min: r.start[i] / 60,
        wait_min: (r.start[i] - r.jobs[i].submit) / 60,
      };
    }),
  );
}

/** Per-user (or per-account) mean and maximum wait (minutes) and bounded slowdown for each simulation. */
export function breakdownRows(
  results: readonly SimResult[],
  key: "user" | "account",
  labels?: readonly string[],
) {
  return results.flatMap((r, k) =>
    metricsBy(r, key).map((m) => ({
      scheduler: labels?.[k] ?? r.scheduler,
      [key]: m.key,
      jobs: m.jobs,
      meanWait_min: m.meanWait / 60,
      maxWait_min: m.maxWait / 60,
      meanBsld: m.meanBsld,
    })),
  );
}
