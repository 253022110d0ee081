/** The twin's input-side facts on several sources (lib/twin/facts-comparison.ts), as notebook 17's table and findings. */
import { fixed, percent } from "../display/format";
import type { InputFactsComparison } from "../../lib/twin/facts-comparison";
import type { FactValue, JointFact } from "../../lib/twin/joint-facts";

const kilo = (x: number) => `${fixed(x / 1000, 1)}k`;

/** A measured value as the table shows it. */
export function factValueText(v: FactValue): string {
  switch (v.as) {
    case "whole":
      return String(v.value);
    case "ratio":
      return v.value.toFixed(2);
    case "rho":
      return fixed(v.value, 2, "n/a (fewer than 3 such jobs)");
    case "share":
      return percent(v.value);
    case "kilo":
      return kilo(v.value);
    case "crossing":
      return `${percent(v.above)} < 50% ≤ ${percent(v.through)} at ${v.minutes} min`;
  }
}

/** A fact's target: its stated rule, or the thesis's mean with its 95% CI. */
export function factTargetText(t: JointFact["target"]): string {
  if (typeof t === "string") return t;
  const f = t.as === "share" ? (x: number) => percent(x) : kilo;
  return `${f(t.mean)}, 95% CI [${f(t.low)}, ${f(t.high)}]`;
}

/** One row per fact — the thesis's statement and target — and one column per source with the measured value and ✓/✗. */
export function inputFactsTable(c: InputFactsComparison): Record<string, string>[] {
  return (c.facts[0] ?? []).map((f, k) => {
    const row: Record<string, string> = { fact: f.fact, thesis: f.thesis, target: factTargetText(f.target) };
    c.sources.forEach(
      (n, s) => (row[n] = `${factValueText(c.facts[s][k].measured)} ${c.facts[s][k].met ? "✓" : "✗"}`),
    );
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
