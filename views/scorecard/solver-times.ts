/**
 * Table 18 beside ours: the thesis's solver times (OR-Tools on the thesis's machine) and ours
 * (this library's exact dynamic programme and greedy scans on this machine), per experiment. The
 * tier is *not comparable*, so the table shows both and judges neither.
 */
import type { RoundRow } from "../../lib/mechanism/rounds";
import { invalidArgument } from "../../lib/util/errors";
import { meanInterval } from "../../lib/util/interval";
import { median } from "../../lib/util/stats";
import { ciText } from "../display/format";
import { thesisColumn } from "../../lib/scorecard/mechanism-rows";

/** One experiment's times: the thesis's mean and range over its ordinary samples, ours on the given rows. */
export interface SolverTimeRow extends Record<string, string | number> {
  experiment: string;
  "thesis mean [interval] (s)": string;
  "thesis max (s)": number;
  "ours median (s)": number;
  "ours max (s)": number;
  samples: number;
  verdict: string;
}

/**
 * Rows of Table 18 and ours, one per experiment of the rows (Clarke payments, the thesis's).
 * @param rows round rows measured with wall-clock times (`measureTime` left on)
 * @throws when a row of the payment rule "clarke" has no measured time (NaN)
 */
export function solverTimeRows(rows: readonly RoundRow[], root = process.cwd()): SolverTimeRow[] {
  const clarke = rows.filter((r) => r.payment === "clarke");
  const unmeasured = clarke.find((r) => !Number.isFinite(r.TTS));
  if (unmeasured)
    throw invalidArgument(
      `rows (${unmeasured.sample}, ${unmeasured.experiment}) TTS`,
      unmeasured.TTS,
      "a measured time: run the round with measureTime left on",
    );
  const experiments = [...new Set(clarke.map((r) => r.experiment))];
  return experiments.map((e) => {
    const thesis = thesisColumn(18, `TTS_${e}`, root);
    const ours = clarke.filter((r) => r.experiment === e).map((r) => r.TTS);
    return {
      experiment: e,
      "thesis mean [interval] (s)": ciText(meanInterval(thesis), 2),
      "thesis max (s)": Math.max(...thesis),
      "ours median (s)": Number(median(ours).toPrecision(2)),
      "ours max (s)": Number(Math.max(...ours).toPrecision(2)),
      samples: ours.length,
      verdict: "not judged (not comparable: another solver on another machine)",
    };
  });
}
