/**
 * The sentences of notebook 10 (thesis Sections 6.3.4–6.5), worded from what
 * lib/scorecard/poa-findings.ts judged: the headline findings (the PoA and Table 28 against the
 * thesis's with the scorecard's outcomes, the counterfactual PoAs against the thesis's, the PoA with
 * planned times proportional to run times, the statements that hold), the job-size order's effect on
 * the PoA, and one statement each of what the decomposition by factor and the sensitivity sweeps
 * show. The Table 29 PoA on the twin is the scorecard study's; every other PoA here is labelled by
 * its samples and setting.
 */
import { ciText, fixed, group, signedPercent } from "../display/format";
import type { Effect, EffectOutcome } from "../../lib/agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { Explanation } from "../../lib/scorecard/explanation";
import type {
  DecompositionFinding,
  OrderEffect,
  PlannedFinding,
  PoaCause,
  SimFindings,
  SweepFinding,
} from "../../lib/scorecard/poa-findings";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { comparisonText } from "../scorecard/row-text";
import { formatSwf2TraceInput } from "../../lib/sim/swf2trace";
import type { JobRecord } from "../../lib/io/job-record";

/** A relative effect with its interval and outcome: "+4.9% [+1.2%, +8.6%], higher". */
const effectText = (e: Effect) =>
  `${signedPercent(e.mean)} [${signedPercent(e.low)}, ${signedPercent(e.high)}], ${e.outcome}`;
const BAND = `±${100 * RELATIVE_EFFECT_BAND}%`;

/** "ours 1.61 [1.59, 1.64] against the thesis's 1.84 [1.73, 1.95]" from a scorecard row's sides. */
const sides = (r: ScorecardRow, decimals: number) =>
  `ours ${group(r.ours, decimals)} [${group(r.oursLow, decimals)}, ${group(r.oursHigh, decimals)}] against the ` +
  `thesis's ${group(r.thesis, decimals)} [${group(r.thesisLow, decimals)}, ${group(r.thesisHigh, decimals)}]`;

/** An experiment's label with its basis: "(fixed in advance)" or "(post-hoc)". */
const labelled = (name: string, basis: string) => `${name} (${basis})`;

function findings(x: SimFindings): string {
  const { poa, totalValue: tv, greedy } = x;
  const out = [
    `**Findings** (thesis Sections 6.3.4–6.4 on source \`${x.source}\`; ours over the scorecard study's PoA ` +
      "samples, read from its results file (the sentence above says which), the thesis's over its ordinary samples; " +
      "95% intervals; outcomes by the one rule of lib/agreement):",
  ];
  if (poa)
    out.push(
      `- **Price of Anarchy (Table 29)**: ${sides(poa, 2)}, ${poa.oursN} and ${poa.thesisN} samples, ` +
        `${comparisonText(poa)}: **${poa.verdict}**. The thesis's own headline, "PoA ≈ 1.85" (§6.4), is the mean of ` +
        `all ${x.thesisHeadline.samples} of its Table 29 samples, its special sample_20 included (${fixed(x.thesisHeadline.mean, 3)}); ` +
        `the scorecard compares its ${poa.thesisN} ordinary samples. This is the Table 29 PoA on \`${x.source}\` ` +
        "wherever it is quoted; every other PoA below is labelled by its samples and setting.",
    );
  if (tv && greedy)
    out.push(
      `- **Table 28 / Figure 21**: the simulator's first-iteration Total Value, ${sides(tv, 0)} node·minutes ` +
        `(${comparisonText(tv)}, **${tv.verdict}**); the greedy's TV_1B1, the same quantity as Table 10's TV_1B on ` +
        `the same samples, ${sides(greedy, 0)} (${comparisonText(greedy)}, ${greedy.verdict}).` +
        (tv.verdict === "agrees" && greedy.verdict === "differs"
          ? " PoA = TV_1B1 / TV, so the PoA's gap is its numerator's, the greedy's Total Value (Table 10, where F8 " +
            "restates it: notebook 16), not the simulator's."
          : ""),
    );
  const thesisText = `the thesis's ${ciText(x.thesis.interval, 2)} (${x.thesis.values.length} samples)`;
  const cf = x.counterfactuals;
  if (cf.length) {
    const n = (o: string) => cf.filter((c) => c.versusThesis.outcome === o).length;
    out.push(
      `- **What moves the PoA**: the scorecard study's counterfactual runs (${cf[0].interval.n} samples each) give ` +
        `${cf.map((c) => `${labelled(c.name, c.basis)}: ${ciText(c.interval, 2)} (${c.versusThesis.outcome})`).join("; ")}; against ${thesisText}: ` +
        `${n("agrees")} of ${cf.length} agree, ${n("differs")} differ, ${n("inconclusive")} inconclusive.`,
    );
  }
  if (x.planned) out.push(`- ${plannedText(x.planned, x.thesis.interval)}`);
  out.push(
    `- **The thesis's statements** of Sections 6.3.4–6.4: ${x.statements.hold} of ${x.statements.of} hold as in the thesis ` +
      "(Conclusion).",
  );
  return out.join("\n");
}

/**
 * Why our PoA may differ, each candidate cause with its label and what the stored experiments show:
 * the Table 29 row's experiments (lib/scorecard/poa-findings.ts `poaCauses`), each with its basis,
 * the shift it causes on the same samples and whether ours still differs under it.
 */
function causes(found: { poa: ScorecardRow; causes: readonly PoaCause[] } | undefined): string {
  if (!found) return "";
  const { poa } = found;
  const text = (e: Explanation, a: PoaCause["underIt"]) => {
    const moved =
      e.shift.outcome === "higher" || e.shift.outcome === "lower"
        ? `moves the PoA from ${fixed(e.base.mean, 3)} to ${fixed(e.under.mean, 3)} on the same ${e.under.n} samples`
        : `does not move the PoA beyond noise on the same ${e.under.n} samples (${fixed(e.base.mean, 3)} → ${fixed(e.under.mean, 3)})`;
    const verdict = a
      ? `; under it ours ${a.outcome === "differs" ? "still differs" : a.outcome === "agrees" ? "agrees" : "is inconclusive"}`
      : "";
    const reading = e.holds
      ? e.basis === "fixed in advance"
        ? ": it explains the difference"
        : ": a post-hoc candidate cause, not an explanation"
      : ": it explains nothing";
    return `${labelled(e.experiment, e.basis)} ${moved}${verdict}${reading}`;
  };
  const lines = found.causes.map((c) => `- ${text(c.explanation, c.underIt)}.`);
  return (
    `**Why our PoA differs — the candidate causes and what each experiment shows** (Table 29: ${comparisonText(poa)}, ` +
    `${poa.verdict}; rule: notebook 16). (1) Different jobs: the twin reproduces the thesis's published distributions, ` +
    "not its job list; only the input counterfactuals below test it, and they were sized after seeing results. (2) The " +
    "queue order and the scheduler's settings: the experiments fixed in advance from the thesis's text below. (3) Our " +
    "simulator is not Slurm's code, though it places jobs as Slurm's select/linear does; no experiment tests that.\n\n" +
    (lines.length ? lines.join("\n") : "- no stored experiment (the row does not differ, or none is stored).")
  );
}

/** Planned time = run time × f: the PoA per job-size order against the recorded planned times, paired. */
function plannedText(p: PlannedFinding, thesis: { mean: number; low: number; high: number }): string {
  const parts = p.orders.map(
    (o) =>
      `${o.order}: the PoA is ${ciText(o.at, 2)} at f = ${o.f} against ${ciText(o.base, 2)} with the samples' ` +
      `recorded planned times (paired change ${effectText(o.change)}), and over f = ${o.fs.join(", ")} the mean ` +
      `stays within ${fixed(o.lowestMean, 2)}–${fixed(o.highestMean, 2)}; against the thesis's ${ciText(thesis, 2)}: ${o.versusThesis.outcome}` +
      (o.versusThesis.fewSamples ? ` (${o.at.n} samples, too few to agree)` : ""),
  );
  const claim =
    p.direction === "raises"
      ? "exact planned times raise the PoA, the first iteration falling further below the greedy: the opposite of that claim's direction"
      : p.direction === "lowers"
        ? "exact planned times lower the PoA, the claim's direction"
        : "exact planned times do not move the PoA one way under both orders";
  return (
    `**Planned time = run time × f** (the sensitivity sweep under Details, ${p.samples} samples of ` +
    `its own; every job's planned time proportional to its run time): ${parts.join("; ")}. ` +
    `The thesis (§6.5, §7) posits that planned times closer to the run times raise social welfare, backfill fitting ` +
    `jobs into tighter gaps; here ${claim} — but with every job submitted at t = 0 there is no gap for backfill to ` +
    `fill, so this sweep does not test the claim (notebook 11 replays traces for it).`
  );
}

/**
 * The job-size order's effect on the thesis-style samples' PoA (lib/scorecard/poa-findings.ts
 * `orderEffect`): the PoA under each order (these samples only, not Table 29's estimate) and the
 * paired relative change.
 */
function favourOrder(e: OrderEffect, favorSmall: boolean): string {
  const reading: Record<EffectOutcome, string> = {
    higher: "the order moves the PoA up beyond the band on these samples",
    lower: "the order moves the PoA down beyond the band on these samples",
    equivalent: "the order's effect lies within the band on these samples",
    inconclusive: "on these samples the order's effect is not told apart from noise or the band",
  };
  return (
    `Mean PoA of these ${e.ours.n} thesis-style samples (not Table 29's estimate, which the findings give) with ` +
    `favorSmall = ${favorSmall}: **${ciText(e.ours, 2)}**; with favorSmall = ${!favorSmall}: **${ciText(e.flipped, 2)}**; the paired ` +
    `change ${effectText(e.change)} (band ${BAND}): ${reading[e.change.outcome]}.`
  );
}

/** Counts of effect outcomes, "2 equivalent, 10 inconclusive", zero counts left out. */
function outcomeCounts(es: readonly Effect[]): string {
  const order: EffectOutcome[] = ["higher", "lower", "equivalent", "inconclusive"];
  return order
    .map((o) => [o, es.filter((e) => e.outcome === o).length] as const)
    .filter(([, k]) => k > 0)
    .map(([o, k]) => `${k} ${o}`)
    .join(", ");
}

/**
 * What the decomposition by factor shows (lib/scorecard/poa-findings.ts `decompositionFinding`):
 * each factor alone against the base, paired by sample.
 */
function decomposition(d: DecompositionFinding): string {
  const moved = d.factors.filter(({ change }) => change.outcome === "higher" || change.outcome === "lower");
  const range =
    d.highestMean - d.lowestMean < 0.0005
      ? `PoA ${fixed(d.lowestMean, 3)}`
      : `a mean PoA from ${fixed(d.lowestMean, 3)} to ${fixed(d.highestMean, 3)}`;
  return (
    `All ${d.rows} rows give ${range} on the decomposition's ${d.samples} samples (its own samples and base ` +
    `setting, not Table 29's estimate; 95% intervals up to ±${fixed(d.halfWidth, 3)}). Each factor alone against the base, ` +
    `paired by sample (band ${BAND}): ${d.factors.length ? outcomeCounts(d.factors.map((x) => x.change)) : "no factor"}` +
    (moved.length
      ? `; ${moved.map(({ factor, change }) => `${factor} ${effectText(change)}`).join("; ")}.`
      : ": no factor moves it beyond the band on these samples.")
  );
}

/** A sweep family's name in the sentence. */
const familyName = (f: SweepFinding["families"][number]) =>
  f.family === "backfill"
    ? "backfill knobs (bf_max_job_test, bf_window)"
    : f.family === "queue depth"
      ? "default_queue_depth"
      : `planned time = run time × f (f = ${[...new Set(f.points.map(({ point }) => point.x))].join(", ")})`;

/**
 * What the sensitivity sweeps show (lib/scorecard/poa-findings.ts `sweepFinding`): each point against
 * its job-size order's baseline, paired by sample.
 */
function sensitivity(s: SweepFinding): string {
  const parts = s.families.map((f) => {
    const changes = f.points.map(({ change }) => change.mean);
    const decided = f.points.filter(
      ({ change }) => change.outcome === "higher" || change.outcome === "lower",
    );
    const k = f.points.length;
    return (
      `${familyName(f)}: ${k} point${k === 1 ? "" : "s"}, changes from ${signedPercent(Math.min(...changes))} to ${signedPercent(Math.max(...changes))} — ` +
      `${outcomeCounts(f.points.map(({ change }) => change))}` +
      (decided.length && decided.length < k
        ? ` (${decided.map(({ point, change }) => `${point.series} = ${point.x}: ${effectText(change)}`).join("; ")})`
        : "")
    );
  });
  const base = s.baselines.map((b) => `${b.order} ${ciText(b.interval, 2)}`).join(", ");
  return (
    `Against the notebook's setting on the same ${s.samples} samples (their own, not Table 29's estimate: PoA ${base}), ` +
    `each point's paired change (band ${BAND}): ${parts.join("; ")}. All jobs are submitted at t = 0, so the ` +
    "planned-time sweep asks how the first iteration depends on planned times proportional to run times, not " +
    "§6.5's question (notebook 11 puts that to replayed traces)."
  );
}

/** The first `lines` lines of a sample as swf2trace input, as a markdown code block. */
function swfExcerpt(jobs: readonly JobRecord[], lines = 5): string {
  const all = formatSwf2TraceInput(jobs)
    .split("\n")
    .filter((l) => l !== "");
  const more = all.length > lines ? "\n…" : "";
  return "```\n" + all.slice(0, lines).join("\n") + more + "\n```";
}

/** Notebook 10's sentences: findings, the candidate causes, job-size order, decomposition and sweep statements, swf2trace excerpt. */
export const simNotes = { findings, causes, favourOrder, decomposition, sensitivity, swfExcerpt };
