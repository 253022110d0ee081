/**
 * Thesis Section 4.4.1: the experiment filters, in the thesis's order. Five filters give the
 * 1,265 experiments of Figure 2; keeping three models gives the 1,157 experiments whose jobs are
 * analysed. Each filter is its own step so the log shows what each removes (the thesis reports
 * only the count after all five).
 */
import type { ColumnTable } from "arquero";
import { type CleanResult, type CleanStep, filterStep, runSteps } from "./pipeline";

/** Options of {@link experimentSteps}. */
export interface ExperimentFilterOptions {
  /** HPCs kept. Defaults to ["marenostrum3", "marenostrum4"] (the thesis writes "marenostrom"). */
  hpcs?: string[];
  /** Minimum completed share of total jobs. Defaults to 0.1 (10 %). */
  minCompletedShare?: number;
  /** Name prefix of test experiments. Defaults to "t0". */
  testPrefix?: string;
  /** Wrappers excluded. Defaults to ["vertical", "horizontal-vertical", "hybrid", "vertical-mixed"]. */
  excludedWrappers?: string[];
  /** Models kept for the job analysis. Defaults to ["auto-ecearth3", "auto-monarch", "auto-caliope"]. */
  models?: string[];
}

/** The experiment filter steps (see the module comment). */
export function experimentSteps(options: ExperimentFilterOptions = {}): CleanStep[] {
  const hpcs = options.hpcs ?? ["marenostrum3", "marenostrum4"];
  const share = options.minCompletedShare ?? 0.1;
  const prefix = options.testPrefix ?? "t0";
  const wrappers = options.excludedWrappers ?? [
    "vertical",
    "horizontal-vertical",
    "hybrid",
    "vertical-mixed",
  ];
  const models = options.models ?? ["auto-ecearth3", "auto-monarch", "auto-caliope"];
  // completed ≥ share·total, in integers when share is a whole percentage (0.1·30 is 3.0000000000000004 in floating point).
  const pct = Math.round(share * 100);
  const shareExpr =
    Math.abs(pct / 100 - share) < 1e-12
      ? "(d, $) => 100 * d.completed >= $.pct * d.total"
      : "(d, $) => d.completed >= $.share * d.total";
  return [
    filterStep("hpc", `hpc in {${hpcs.join(", ")}}`, "(d, $) => op.includes($.hpcs, d.hpc)", { hpcs }),
    filterStep("completed-share", `completed >= ${share * 100}% of total`, shareExpr, { pct, share }),
    filterStep(
      "test-name",
      `name not starting with ${prefix}`,
      "(d, $) => !op.startswith(d.name, $.prefix)",
      { prefix },
    ),
    filterStep("model-empty", "model not empty", "d => d.model != null && d.model !== ''"),
    filterStep(
      "wrapper",
      `wrapper not in {${wrappers.join(", ")}}`,
      "(d, $) => !op.includes($.wrappers, d.wrapper)",
      { wrappers },
    ),
    filterStep("models", `model in {${models.join(", ")}}`, "(d, $) => op.includes($.models, d.model)", {
      models,
    }),
  ];
}

/**
 * Runs the experiment filters. `result.table` is the 1,157-style final set; the Figure 2 set
 * (after the first five steps) is `result.beforeModels`.
 */
export function cleanExperiments(
  experiments: ColumnTable,
  options: ExperimentFilterOptions = {},
): CleanResult & { beforeModels: ColumnTable } {
  const steps = experimentSteps(options);
  const first = runSteps("experiments", experiments, steps.slice(0, 5));
  const last = runSteps("experiments", first.table, steps.slice(5));
  return { table: last.table, log: [...first.log, ...last.log], beforeModels: first.table };
}
