/**
 * Real logs are not shipped with schedgame: a notebook part that replays one says, when the log is
 * absent, which log, why it matters and how to get it, and the notebook goes on without that part
 * (the notice marks the part skipped for the report's index, views/display/skipped.ts).
 */
import * as path from "node:path";
import { findTrace, traceDirectories } from "../../lib/io/trace-paths";
import { showSkipped } from "./skipped";

/** The notice for traces not found: their names, what they are for, and the command that gets them. */
export function missingTraceNotice(missing: readonly string[], purpose: string): string {
  const names = missing.map((m) => `\`${m}\``).join(", ");
  const dirs = traceDirectories()
    .map((d) => `\`${path.relative(process.cwd(), d) || "."}\``)
    .join(", ");
  return (
    `**Trace${missing.length > 1 ? "s" : ""} not found: ${names}** (looked in ${dirs}). ` +
    `${purpose}; this part is skipped. The Parallel Workloads Archive logs are not shipped with schedgame: ` +
    "`npm run traces:download` fetches them into `data/traces/` (needs internet), or set `SCHEDGAME_TRACES` " +
    "to a folder that holds them, then re-run this cell."
  );
}

/** What a part skipped for want of traces needs, as the report's index says it ("traces A, B (npm run traces:download)"). */
export function tracesNeed(missing: readonly string[]): string {
  return `trace${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (npm run traces:download)`;
}

/**
 * The traces of `names` that are found (in order); shows {@link missingTraceNotice} for the others.
 * A name may also be a path to a `.swf`/`.swf.gz` file; an empty name is no trace. `purpose` says what the traces are for (one clause, no final stop).
 */
export function availableTraces(names: readonly string[], purpose: string): string[] {
  const wanted = names.filter((n) => n !== "");
  const found = wanted.filter((n) => findTrace(n) !== undefined);
  const missing = wanted.filter((n) => !found.includes(n));
  if (missing.length) showSkipped(tracesNeed(missing), missingTraceNotice(missing, purpose));
  return found;
}
