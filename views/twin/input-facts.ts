/** The twin's input-side facts on several sources (lib/twin/facts-comparison.ts), as notebook 17's table and findings. */
import type { InputFactsComparison } from "../../lib/twin/facts-comparison";

/** One row per fact — the thesis's statement and target — and one column per source with the measured value and ✓/✗. */
export function inputFactsTable(c: InputFactsComparison): Record<string, string>[] {
  return (c.facts[0] ?? []).map((f, k) => {
    const row: Record<string, string> = { fact: f.fact, thesis: f.thesis, target: f.target };
    c.sources.forEach((n, s) => (row[n] = `${c.facts[s][k].measured} ${c.facts[s][k].met ? "✓" : "✗"}`));
    return row;
  });
}

/** One markdown bullet: how many facts each source meets, and which it misses. */
export function inputFactsFindings(c: InputFactsComparison): string {
  const facts = c.facts[0] ?? [];
  const id = (k: number) => facts[k].fact.split(":")[0];
  const missed = (s: number) =>
    c.facts[s]
      .map((f, k) => (f.met ? "" : id(k)))
      .filter(Boolean)
      .join(", ") || "none";
  return (
    `- **Input facts:** of the ${facts.length} input-side facts (F1–F8), ` +
    c.sources.map((n, s) => `${n} meets ${c.facts[s].filter((f) => f.met).length}`).join(", ") +
    ` (missed: ${c.sources.map((n, s) => `${n} ${missed(s)}`).join("; ")}).`
  );
}
