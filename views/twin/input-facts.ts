/** The twin's input-side facts on several sources (lib/sample/facts-comparison.ts), as notebook 17's table and findings. */
import { fixed, percent } from "../display/format";
import type { InputFactsComparison } from "../../lib/sample/facts-comparison";
import type { FactValue, JointFact, JointFactId } from "../../lib/twin/joint-facts";

/** A fact's title, the thesis's statement it reads, and its stated rule (none where the target is the thesis's mean). */
const FACT_TEXT: Record<JointFactId, (a: JointFact["about"]) => [string, string, string]> = {
  F1: () => [
    "F1: most common planned time",
    "40-minute jobs are the most common in every sample (§6.5)",
    "40",
  ],
  F2: () => [
    "F2: 40-minute jobs run about half their planned time",
    "most have a real run time half the planned (Fig. 22)",
    "median rtime/minutes in [0.4, 0.6]",
  ],
  F3: () => [
    "F3: 40-minute jobs ask about 16 nodes",
    "they usually require around 16 nodes (Fig. 22)",
    "mode 16",
  ],
  "F2+": () => [
    "F2+: most 40-minute jobs share one real run time",
    "most have a real run time half the planned (Fig. 22), read as a strong majority",
    "share of the most common rtime > 50%",
  ],
  "F3+": () => [
    "F3+: most 40-minute jobs ask 16 nodes",
    "they usually require around 16 nodes (Fig. 22), read as a strong majority",
    "share on 16 nodes > 50%",
  ],
  F4a: () => [
    "F4a: W crossed inside the 40-minute band",
    "TP_1A = 3456·40 in every ordinary sample (§6.3.1)",
    "nodes above 40 min < 50% ≤ nodes from 40 min up",
  ],
  F4b: () => [
    "F4b: without 40-minute jobs, W crossed inside the 60-minute band",
    "TP_1A = 207,360 = 3456·60 in the special sample (§6.3.1)",
    "nodes above 60 min < 50% ≤ nodes from 60 min up",
  ],
  F5: () => [
    "F5: without 40-minute jobs, 120 minutes is the most common",
    "the most common job in sample 20 has 120 minutes (§6.3.1)",
    "120",
  ],
  F6: (a) => [
    `F6: heavy jobs are wide: among jobs of ≥ ${a.heavyMinutes} min, longer ones ask more nodes`,
    "heavy simulations require many nodes and long running time (§4.1); v4 and v5 only",
    "Spearman ρ(minutes, nodes) > 0 (size not stated)",
  ],
  F7: (a) => [
    `F7: share of jobs planned for more than ${a.bandMinutes} minutes`,
    `JP_1A − SP_1A per sample, over its size (Tables 13, 15; exact when TP_1A = ${a.bandMinutes}·W): mean of ${a.samples} samples`,
    "",
  ],
  F8: (a) => [
    `F8: node-minutes beyond ${a.bandMinutes} min of those jobs, per sample of 2W = ${2 * (a.capacity ?? NaN)} nodes`,
    `TV_1A − TP_1A per sample (Tables 10, 11; exact when TP_1A = ${a.bandMinutes}·W): mean of ${a.samples} samples`,
    "",
  ],
};

/** A fact in words: its title, the thesis's statement it reads, and its target. */
export function factText(f: JointFact): { fact: string; thesis: string; target: string } {
  const [fact, thesis, rule] = FACT_TEXT[f.id](f.about);
  return { fact, thesis, target: f.target ? factTargetText(f.target) : rule };
}

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

/** A fact's target given as the thesis's mean with its 95% CI. */
export function factTargetText(t: NonNullable<JointFact["target"]>): string {
  const f = t.as === "share" ? (x: number) => percent(x) : kilo;
  return `${f(t.mean)}, 95% CI [${f(t.low)}, ${f(t.high)}]`;
}

/** One row per fact — the thesis's statement and target — and one column per source with the measured value and ✓/✗. */
export function inputFactsTable(c: InputFactsComparison): Record<string, string>[] {
  return (c.facts[0] ?? []).map((f, k) => {
    const row: Record<string, string> = factText(f);
    c.sources.forEach(
      (n, s) => (row[n] = `${factValueText(c.facts[s][k].measured)} ${c.facts[s][k].met ? "✓" : "✗"}`),
    );
    return row;
  });
}

/** One markdown bullet: how many facts each source meets, and which it misses. */
export function inputFactsFindings(c: InputFactsComparison): string {
  const facts = c.facts[0] ?? [];
  const id = (k: number) => facts[k].id;
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
