/**
 * A part of a notebook that has nothing to show on this machine (a trace or a system package it
 * needs is absent) says so in a notice that also carries, in its display metadata, what it needs:
 * the report's index then gives the notebook's status as "passed; skipped: needs …", never plain
 * "passed", and leaves the notice out of the notebook's findings.
 */
import { markdownBundle } from "./markdown";
import { sendBundle } from "./display-sink";

/** The display metadata of a skipped part: `{ schedgame: { skipped: <what it needs> } }`. */
export function skippedMetadata(needs: string): { schedgame: { skipped: string } } {
  if (typeof needs !== "string" || needs.trim() === "")
    throw new Error(
      `invalid needs: ${JSON.stringify(needs)}; expected what the skipped part needs, e.g. "traces (npm run traces:download)"`,
    );
  return { schedgame: { skipped: needs.trim() } };
}

/** Shows the notice `md` of a part skipped because it needs `needs` (module comment). */
export function showSkipped(needs: string, md: string): void {
  sendBundle(markdownBundle(md), skippedMetadata(needs));
}
