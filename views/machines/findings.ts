/** The thesis's findings checked per source (lib/machines/findings.ts), as a machine × finding grid. */
import { type FindingRow } from "../../lib/machines/findings";

/** The findings as a machine × finding grid of readings. */
export function findingsGrid(findings: readonly FindingRow[]): Record<string, string>[] {
  const sources = [...new Set(findings.map((f) => f.source))];
  return sources.map((source) => ({
    source,
    ...Object.fromEntries(findings.filter((f) => f.source === source).map((f) => [f.finding, f.reading])),
  }));
}
