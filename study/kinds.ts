/**
 * Experiment kinds a study can run. A kind is an exported function of a project module taking one
 * task's parameters and returning its tidy rows (or a promise of them); the study runner loads it by
 * module path, in worker threads too. Built-in kinds are registered here by name; any other export
 * is reachable as `module:<path from the project root>#<export>`.
 */
import * as path from "node:path";
import { invalidArgument } from "../lib/util/errors";

/** A kind function: one task's parameters → its result rows. */
export type StudyKindFn = (
  params: Record<string, unknown>,
) => Record<string, unknown>[] | Promise<Record<string, unknown>[]>;

/** Where a kind lives. */
export interface StudyKindRef {
  /** Module path from the project root. */
  module: string;
  /** Export name. */
  export: string;
  /**
   * Export of a `(params) => boolean` saying whether a finished task's output is still fresh (a
   * cached kind: its stored tasks are re-run when not, and running it again is never an error).
   * Defaults to none: a stored task is finished for good.
   */
  fresh?: string;
}

/** The built-in kinds. */
export const STUDY_KINDS: Readonly<Record<string, StudyKindRef>> = Object.freeze({
  /** Seed 004's Section 5.2 comparison for one seed and GA budget (lib/auction/study-kind.ts). */
  "auction-sweep": { module: "lib/auction/study-kind.ts", export: "auctionSweepStudyTask" },
  /** The thesis's pipeline on one source and sample seed (lib/machines/real-machines.ts, notebook 15). */
  "real-machines": { module: "lib/machines/real-machines.ts", export: "realMachineTask" },
  /** Whether each source can feed that pipeline (cleaned jobs, nodes, 2×W), one row per source. */
  "source-eligibility": { module: "lib/machines/real-machines.ts", export: "sourceEligibilityTask" },
  /** Planned-time accuracy on one trace prefix (lib/coop/study-kind.ts, notebook 11). */
  "planned-accuracy": { module: "lib/coop/study-kind.ts", export: "plannedAccuracyStudyTask" },
  /** Count placement against node placement on one trace prefix (lib/sim/placement-gap.ts, notebook 15). */
  "placement-gap": { module: "lib/sim/placement-gap.ts", export: "placementGapStudyTask" },
  /** One cell of a site's what-if grid against its own settings (lib/site/study-kind.ts, notebook 18). */
  "your-cluster-grid": { module: "lib/site/study-kind.ts", export: "siteGridStudyTask" },
  /** The results files of notebooks 07–10 for one notebook (lib/scorecard/study-kind.ts), cached by content key. */
  "scorecard-results": {
    module: "lib/scorecard/study-kind.ts",
    export: "scorecardStudyTask",
    fresh: "scorecardTaskFresh",
  },
});

/**
 * Resolves an experiment name to its module and export.
 * @throws `invalid experiment: …` for an unknown name or a malformed `module:` reference
 */
export function resolveKind(experiment: string): StudyKindRef {
  if (experiment.startsWith("module:")) {
    const m = /^module:([^#]+)#([A-Za-z_$][\w$]*)$/.exec(experiment);
    if (!m || path.isAbsolute(m[1]) || m[1].split(/[\\/]/).includes(".."))
      throw invalidArgument("experiment", experiment, "module:<path inside the project>#<export>");
    return { module: m[1], export: m[2] };
  }
  const k = STUDY_KINDS[experiment];
  if (!k)
    throw invalidArgument(
      "experiment",
      experiment,
      `one of ${Object.keys(STUDY_KINDS).join(", ")}, or module:<path>#<export>`,
    );
  return k;
}

/**
 * Loads a kind's function in this thread, through tsx's loader (the one the worker threads use too),
 * so a TypeScript module loads the same way under tsx, vitest or tslab.
 */
export function loadKind(ref: StudyKindRef, root: string): StudyKindFn {
  return loadExport(ref, ref.export, root) as StudyKindFn;
}

/** Loads a cached kind's freshness test ({@link StudyKindRef.fresh}), or undefined for a kind without one. */
export function loadFresh(
  ref: StudyKindRef,
  root: string,
): ((params: Record<string, unknown>) => boolean) | undefined {
  return ref.fresh === undefined
    ? undefined
    : (loadExport(ref, ref.fresh, root) as (params: Record<string, unknown>) => boolean);
}

function loadExport(ref: StudyKindRef, name: string, root: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tsx = require("tsx/cjs/api") as { require: (id: string, from: string) => unknown };
  const mod = tsx.require(path.join(root, ref.module), __filename) as Record<string, unknown>;
  const fn = mod[name];
  if (typeof fn !== "function")
    throw invalidArgument("experiment", `${ref.module}#${name}`, "an exported function");
  return fn;
}
