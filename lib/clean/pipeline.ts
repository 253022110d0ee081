/**
 * Composable cleaning steps over arquero tables. A step takes a table and returns the table and
 * one log row (rows in, rows out, rows removed, rows changed); {@link runSteps} chains steps and
 * checks that every row is accounted for (rows in = rows out + removed at every step).
 */
import type { ColumnTable } from "arquero";
import { invariantViolated } from "../util/errors";

/** What a step does: drop rows, fix values in place, add columns, or only count rows. */
export type StepKind = "filter" | "fix" | "derive" | "identify";

/** One line of the cleaning log. */
export interface LogRow {
  /** "experiments" or "jobs". */
  stage: string;
  /** Short stable id of the step (e.g. "hpc", "qtime-negative"). */
  step: string;
  /** The rule in words, as the thesis states it. */
  rule: string;
  kind: StepKind;
  rowsIn: number;
  rowsOut: number;
  /** Rows dropped by this step. */
  removed: number;
  /** Rows whose values a fix changed, or rows an identify step counted. */
  changed: number;
  /** Where the dropped rows are (the first file lines), for the sanity steps; absent otherwise. */
  detail?: string;
}

/** A cleaning step. */
export interface CleanStep {
  /** Short stable id. */
  id: string;
  /** The rule in words. */
  rule: string;
  kind: StepKind;
  /** Applies the step; returns the new table and, for fix/identify steps, the rows changed/counted. */
  apply(table: ColumnTable): { table: ColumnTable; changed?: number; detail?: string };
}

/** A cleaned table with its log. */
export interface CleanResult {
  table: ColumnTable;
  log: LogRow[];
}

/**
 * Runs steps in order. Filtered tables stay lazily filtered between steps (arquero bitsets);
 * the result is reified.
 * @throws invariant violation if a fix, derive or identify step changed the row count
 */
export function runSteps(stage: string, table: ColumnTable, steps: readonly CleanStep[]): CleanResult {
  const log: LogRow[] = [];
  let t = table;
  for (const s of steps) {
    const rowsIn = t.numRows();
    const { table: next, changed = 0, detail } = s.apply(t);
    const rowsOut = next.numRows();
    if (s.kind !== "filter" && rowsOut !== rowsIn)
      throw invariantViolated(
        `${stage} step ${s.id} (${s.kind}) changed the row count ${rowsIn} → ${rowsOut}`,
      );
    log.push({
      stage,
      step: s.id,
      rule: s.rule,
      kind: s.kind,
      rowsIn,
      rowsOut,
      removed: rowsIn - rowsOut,
      changed,
      ...(detail ? { detail } : {}),
    });
    t = next;
  }
  return { table: t.reify(), log };
}

/** A filter step from an arquero expression string (`(d, $) => …`) and its parameters. */
export function filterStep(
  id: string,
  rule: string,
  expr: string,
  params: Record<string, unknown> = {},
): CleanStep {
  return { id, rule, kind: "filter", apply: (t) => ({ table: t.params(params).filter(expr) }) };
}

/** A step that only counts the rows matching an expression (the thesis "identifies" them) and keeps them. */
export function identifyStep(
  id: string,
  rule: string,
  expr: string,
  params: Record<string, unknown> = {},
): CleanStep {
  return {
    id,
    rule,
    kind: "identify",
    apply: (t) => ({ table: t, changed: t.params(params).filter(expr).numRows() }),
  };
}

/** A step that passes the table through and reports itself as not applicable to this source. */
export function skippedStep(id: string, rule: string, why: string): CleanStep {
  return { id, rule: `${rule} — not applied: ${why}`, kind: "filter", apply: (t) => ({ table: t }) };
}
