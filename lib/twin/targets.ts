/**
 * The published numbers the twin is built to, read from the reference CSVs (pipeline counts,
 * Figure 2 model/HPC counts completed with Table 8's names, the final jobs' node sum).
 */
import { invariantViolated } from "../util/errors";
import type { ThesisSection4 } from "../io/thesis-section4";
import type { CoreTargets } from "./job-core";

function countStep(ref: ThesisSection4, re: RegExp, stage: "experiments" | "jobs"): number {
  const row = ref.pipeline.find((r) => r.stage === stage && re.test(r.step));
  if (!row) throw invariantViolated(`pipeline-counts.csv has no ${stage} step matching ${re}`);
  return row.count;
}

/** The published counts the twin is built to, read from the reference CSVs. */
export function twinTargets(ref: ThesisSection4) {
  const pick = (fig: string, field: string) => ref.categorical[fig][field];
  // Figure 2 prints truncated model names ("auto-caliop") and lumps the smallest into "(Other)": complete from Table 8.
  const fig2Models = pick("fig02_experiments_1265", "model");
  const named = fig2Models
    .filter((m) => m.value !== "(Other)")
    .map((m) => ({
      value: ref.table08.find((t) => t.model.startsWith(m.value))?.model ?? m.value,
      count: m.count,
    }));
  const other = fig2Models.find((m) => m.value === "(Other)")?.count ?? 0;
  const rest = ref.table08.filter((t) => !named.some((m) => m.value === t.model));
  if (rest.reduce((s, t) => s + t.n_exps, 0) !== other)
    throw invariantViolated(`Figure 2 (Other) ${other} != Table 8's remaining models`);
  const finalNote = ref.pipeline.find((r) => /final valid jobs/.test(r.step))?.note ?? "";
  const nodeSum = /nnodes sum to (\d+)/.exec(finalNote);
  return {
    experimentsRaw: countStep(ref, /^raw$/, "experiments"),
    models: [...named, ...rest.map((t) => ({ value: t.model, count: t.n_exps }))],
    hpcs: pick("fig02_experiments_1265", "hpc"),
    jobsRaw: countStep(ref, /^raw$/, "jobs"),
    jobsValidExperiment: countStep(ref, /valid experiment/, "jobs"),
    jobsPlatform: countStep(ref, /^platform in/, "jobs"),
    jobsFirstFilters: countStep(ref, /^submit > 0/, "jobs"),
    removedQtimeNeg: countStep(ref, /^qtime < 0/, "jobs"),
    removedQtimeLong: countStep(ref, /^qtime > 720/, "jobs"),
    removedRtime: countStep(ref, /^rtime <= 0/, "jobs"),
    rtimeOverMinutes: countStep(ref, /^rtime > minutes/, "jobs"),
    finalJobs: countStep(ref, /final valid jobs/, "jobs"),
    finalNodeSum: nodeSum ? Number(nodeSum[1]) : undefined,
  };
}

/** What {@link buildCoreJobs} (lib/twin/job-core.ts) is built to: Figures 9 and 11 and the published counts. */
export function coreTargets(ref: ThesisSection4): CoreTargets {
  const t = twinTargets(ref);
  return {
    final: ref.summaries.fig11_jobs_88047,
    valid: ref.summaries.fig09_jobs_102868,
    types: ref.categorical.fig09_jobs_102868.type,
    removedQtimeNeg: t.removedQtimeNeg,
    removedQtimeLong: t.removedQtimeLong,
    removedRtime: t.removedRtime,
    rtimeOverMinutes: t.rtimeOverMinutes,
    finalNodeSum: t.finalNodeSum,
  };
}
