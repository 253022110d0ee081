/**
 * Table 18 beside ours: the thesis's solver times (OR-Tools on the thesis's machine) and ours
 * (this library's exact dynamic programme and greedy scans on this machine), per experiment. The
 * tier is *not comparable*, so the table shows both and judges neither.
 */

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
