/** The 1A/1B accounting of notebook 16 (lib/scorecard/decomposition.ts): its caption, or why it cannot apply. */
import type { OneAAccounting } from "../../lib/scorecard/decomposition";
import type { ScorecardRow } from "../../lib/scorecard/row";

/** The accounting's caption and rows, or a note instead of rows when the identities cannot apply. */
export function oneAAccountingTable(a: OneAAccounting): {
  caption: string;
  rows: ScorecardRow[];
  note?: string;
} {
  const caption = `Experiments 1A and 1B split by their identities (thesis: ${a.thesisSamples} ordinary samples)`;
  if (a.needs)
    return {
      caption,
      rows: [],
      note: `The 1A/1B accounting needs notebook 07's results on a twin with W = ${a.needs.capacity} (the thesis's machine); here: ${a.needs.source}, W = ${a.needs.W ?? "none"}.`,
    };
  return { caption, rows: a.rows };
}
