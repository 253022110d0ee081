/**
 * The twin's input-side facts (F1–F8 of lib/twin/joint.ts and lib/twin/derived-facts.ts) measured
 * on several job sources side by side — the twin versions, or a real log beside them — each loaded
 * through the cleaned-jobs cache (lib/sample/source.ts).
 */
import { loadSampleSource } from "../sample/source";
import { invalidArgument } from "../util/errors";
import { thesisDerivedFacts } from "./derived-facts";
import { jointFactsTable } from "./joint-facts";

/**
 * The input facts measured on each source: `table` has one row per fact, one column per source
 * ("twin", "twin-v1", a trace name, …) with the measured value and ✓/✗ against the thesis's
 * target; `findings` says in one markdown bullet how many facts each source meets. Repeated names
 * are measured once.
 * @param root the project root (data/reference, traces, caches). Defaults to the working directory.
 * @throws `invalid sources: …` when empty; the loading errors of a source
 */
export function inputFactsComparison(
  sources: readonly string[],
  root = process.cwd(),
): { table: Record<string, string>[]; findings: string } {
  const names = [...new Set(sources)];
  if (names.length === 0 || names.some((s) => typeof s !== "string" || s === ""))
    throw invalidArgument("sources", sources, 'at least one job source name, e.g. ["twin", "twin-v1"]');
  const bySource = Object.fromEntries(names.map((s) => [s, loadSampleSource(s, root).jobs]));
  const table = jointFactsTable(bySource, thesisDerivedFacts(root));
  const met = (n: string) => table.filter((r) => r[n].endsWith("✓")).length;
  const findings =
    `- **Input facts:** of the ${table.length} input-side facts (F1–F8), ` +
    names.map((n) => `${n} meets ${met(n)}`).join(", ") +
    ` (missed: ${names
      .map(
        (n) =>
          `${n} ${
            table
              .filter((r) => r[n].endsWith("✗"))
              .map((r) => r.fact.split(":")[0])
              .join(", ") || "none"
          }`,
      )
      .join("; ")}).`;
  return { table, findings };
}
