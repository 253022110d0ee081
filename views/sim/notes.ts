/**
 * The sentences of notebook 10 (thesis Sections 6.3.4–6.5), built from its computed results: the
 * headline findings (the PoA and Table 28 against the thesis's with the scorecard's outcomes, the
 * counterfactual PoAs against the thesis's, the PoA with planned times proportional to run times,
 * the statements that hold), the job-size order's effect on the PoA, and one statement each of what
 * the decomposition by factor and the sensitivity sweeps show. Every comparison is
 * lib/agreement's: `agreement` against the thesis, `relativeEffect` (paired by sample,
 * band {@link RELATIVE_EFFECT_BAND}) for a setting's effect. The Table 29 PoA on the twin is the
 * scorecard study's; every other PoA here is labelled by its samples and setting.
 */
import { ciText, fixed, group, signedPercent } from "../display/format";
import { SIM_CLAIMS, checkClaims, thesisSimSamples } from "../../lib/scorecard/conclusions";
import { type Effect, type EffectOutcome, relativeEffect } from "../../lib/agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import { agreement } from "../../lib/agreement/reference";
import type { ResultsFile } from "../../lib/scorecard/results-file";
import { type Explanation, experimentBasis } from "../../lib/scorecard/explanation";
import { repeatedSimRows, simTableRows } from "../../lib/scorecard/sim-rows";
import type { ScorecardRow } from "../../lib/scorecard/row";
import { comparisonText } from "../scorecard/row-text";
import { invalidArgument } from "../../lib/util/errors";
import { meanInterval } from "../../lib/util/interval";
import { formatSwf2TraceInput } from "../../lib/sim/swf2trace";
import type { PoaRow } from "../../lib/sim/poa";
import type { PoaDecompositionRow } from "../../lib/sim/poa-decomposition";
import { switchedRows } from "./poa-decomposition";
import { type PoaSensitivity, type SweepPoint, orderName } from "../../lib/sim/sensitivity";
import { thesisOrdinaryPoa, thesisTotalValueRows } from "../../lib/sim/thesis-poa";
import type { JobRecord } from "../../lib/io/job-record";

/** A relative effect with its interval and outcome: "+4.9% [+1.2%, +8.6%], higher". */
const effectText = (e: Effect) =>
  `${signedPercent(e.mean)} [${signedPercent(e.low)}, ${signedPercent(e.high)}], ${e.outcome}`;
const BAND = `±${100 * RELATIVE_EFFECT_BAND}%`;

/** What {@link simNotes}.findings reads. */
export interface SimFindingsInput {
  /** The thesis-style samples' rows (poaRows of samples 0–20). */
  rows: readonly PoaRow[];
  /** The scorecard study's results file of notebook 10 (simStudyResults(…).results). */
  results: ResultsFile;
  /** The job source's name, e.g. "twin". */
  source: string;
  /** The sensitivity sweeps (their planned-time points make a finding). Defaults to none. */
  sensitivity?: PoaSensitivity;
  /** The job-size order of the notebook's setting (the sweep series it reads first). Defaults to true. */
  favorSmall?: boolean;
  /** Project root. Defaults to the working directory. */
  root?: string;
}

/** "ours 1.61 [1.59, 1.64] against the thesis's 1.84 [1.73, 1.95]" from a scorecard row's sides. */
const sides = (r: ScorecardRow, decimals: number) =>
  `ours ${group(r.ours, decimals)} [${group(r.oursLow, decimals)}, ${group(r.oursHigh, decimals)}] against the ` +
  `thesis's ${group(r.thesis, decimals)} [${group(r.thesisLow, decimals)}, ${group(r.thesisHigh, decimals)}]`;

/** An experiment's label with its basis: "(fixed in advance)" or "(post-hoc)". */
const labelled = (name: string) => `${name} (${experimentBasis(name).basis})`;

function findings(x: SimFindingsInput): string {
  if (!x.rows.length) throw invalidArgument("rows", x.rows, "the thesis-style samples' PoA rows");
  const root = x.root ?? process.cwd();
  const scored = simTableRows(x.results, root);
  const poa = scored.find((r) => r.id === "Table 29");
  const tv = scored.find((r) => r.quantity.startsWith("TV (simulator"));
  const greedy = repeatedSimRows(x.results, root).get("TV_1B1");
  const out = [
    `**Findings** (thesis Sections 6.3.4–6.4 on source \`${x.source}\`; ours over the scorecard study's PoA ` +
      "samples, read from its results file (the sentence above says which), the thesis's over its ordinary samples; " +
      "95% intervals; outcomes by the one rule of lib/agreement):",
  ];
  const all = thesisTotalValueRows(root).map((r) => Math.round(r.PoA * 100) / 100);
  if (poa)
    out.push(
      `- **Price of Anarchy (Table 29)**: ${sides(poa, 2)}, ${poa.oursN} and ${poa.thesisN} samples, ` +
        `${comparisonText(poa)}: **${poa.verdict}**. The thesis's own headline, "PoA ≈ 1.85" (§6.4), is the mean of ` +
        `all ${all.length} of its Table 29 samples, its special sample_20 included (${fixed(meanInterval(all).mean, 3)}); ` +
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
  const thesis = thesisOrdinaryPoa(root);
  const thesisText = `the thesis's ${ciText(meanInterval(thesis), 2)} (${thesis.length} samples)`;
  const cf = Object.entries(x.results.tables)
    .filter(([k, rs]) => k.startsWith("cf:") && rs.length && "PoA" in rs[0])
    .map(([k, rs]) => ({ name: k.slice(3), values: rs.map((r) => Number(r.PoA)) }))
    .map((c) => ({ ...c, outcome: agreement(thesis, c.values, { decimals: 2 }).outcome }));
  if (cf.length) {
    const n = (o: string) => cf.filter((c) => c.outcome === o).length;
    out.push(
      `- **What moves the PoA**: the scorecard study's counterfactual runs (${cf[0].values.length} samples each) give ` +
        `${cf.map((c) => `${labelled(c.name)}: ${ciText(meanInterval(c.values), 2)} (${c.outcome})`).join("; ")}; against ${thesisText}: ` +
        `${n("agrees")} of ${cf.length} agree, ${n("differs")} differ, ${n("inconclusive")} inconclusive.`,
    );
  }
  if (x.sensitivity?.planned.length)
    out.push(`- ${plannedFinding(x.sensitivity, x.favorSmall ?? true, thesis)}`);
  const claims = checkClaims(SIM_CLAIMS, x.results, { root, thesisSamples: thesisSimSamples(root) });
  const hold = claims.filter((c) => c.outcome === "agrees").length;
  out.push(
    `- **The thesis's statements** of Sections 6.3.4–6.4: ${hold} of ${claims.length} hold as in the thesis ` +
      "(Conclusion).",
  );
  return out.join("\n");
}

/**
 * Why our PoA may differ, each candidate cause with its label and what the stored experiments show:
 * the Table 29 row's experiments (lib/scorecard/explanation.ts), each with its basis, the shift it
 * causes on the same samples and whether ours still differs under it.
 */
function causes(results: ResultsFile, root = process.cwd()): string {
  const poa = simTableRows(results, root).find((r) => r.id === "Table 29");
  if (!poa) return "";
  const thesis = thesisOrdinaryPoa(root);
  const under = (name: string) => {
    const rs = results.tables[`cf:${name}`] ?? [];
    return rs.length && "PoA" in rs[0]
      ? agreement(
          thesis,
          rs.map((r) => Number(r.PoA)),
          { decimals: 2 },
        )
      : undefined;
  };
  const text = (e: Explanation) => {
    const a = under(e.experiment);
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
    return `${labelled(e.experiment)} ${moved}${verdict}${reading}`;
  };
  const lines = poa.tried.map((e) => `- ${text(e)}.`);
  return (
    `**Why our PoA differs — the candidate causes and what each experiment shows** (Table 29: ${comparisonText(poa)}, ` +
    `${poa.verdict}; rule: notebook 16). (1) Different jobs: the twin reproduces the thesis's published distributions, ` +
    "not its job list; only the input counterfactuals below test it, and they were sized after seeing results. (2) The " +
    "queue order and the scheduler's settings: the experiments fixed in advance from the thesis's text below. (3) Our " +
    "simulator is not Slurm's code, though it places jobs as Slurm's select/linear does; no experiment tests that.\n\n" +
    (lines.length ? lines.join("\n") : "- no stored experiment (the row does not differ, or none is stored).")
  );
}

/** The baseline point of a sweep series (the same job-size order). */
function baselineOf(s: PoaSensitivity, series: string): SweepPoint {
  const b = s.baseline.find((p) => series.endsWith(p.series.replace(/^baseline, /, "")));
  if (!b) throw invalidArgument("sensitivity.baseline", series, "a baseline point per job-size order");
  return b;
}

/** Planned time = run time × f: the PoA per job-size order against the recorded planned times, paired. */
function plannedFinding(s: PoaSensitivity, favorSmall: boolean, thesis: readonly number[]): string {
  const order = (small: boolean) => {
    const ps = s.planned.filter((p) => p.series.endsWith(orderName(small)));
    if (!ps.length) return undefined;
    const base = baselineOf(s, ps[0].series);
    const first = ps[0];
    const e = relativeEffect(first.values, base.values, RELATIVE_EFFECT_BAND);
    const means = ps.map((p) => p.y);
    const a = agreement(thesis, first.values, { decimals: 2 });
    return {
      effect: e,
      text:
        `${orderName(small)}: the PoA is ${ciText(meanInterval(first.values), 2)} at f = ${first.x} against ${ciText(meanInterval(base.values), 2)} with the samples' ` +
        `recorded planned times (paired change ${effectText(e)}), and over f = ${ps.map((p) => p.x).join(", ")} the mean ` +
        `stays within ${fixed(Math.min(...means), 2)}–${fixed(Math.max(...means), 2)}; against the thesis's ${ciText(meanInterval(thesis), 2)}: ${a.outcome}` +
        (a.fewSamples ? ` (${first.values.length} samples, too few to agree)` : ""),
    };
  };
  const parts = [order(favorSmall), order(!favorSmall)].filter(
    (t): t is { effect: Effect; text: string } => t !== undefined,
  );
  const up = parts.filter((p) => p.effect.outcome === "higher").length;
  const down = parts.filter((p) => p.effect.outcome === "lower").length;
  const claim =
    up === parts.length
      ? "exact planned times raise the PoA, the first iteration falling further below the greedy: the opposite of that claim's direction"
      : down === parts.length
        ? "exact planned times lower the PoA, the claim's direction"
        : "exact planned times do not move the PoA one way under both orders";
  return (
    `**Planned time = run time × f** (the sensitivity sweep under Details, ${s.planned[0].values.length} samples of ` +
    `its own; every job's planned time proportional to its run time): ${parts.map((p) => p.text).join("; ")}. ` +
    `The thesis (§6.5, §7) posits that planned times closer to the run times raise social welfare, backfill fitting ` +
    `jobs into tighter gaps; here ${claim} — but with every job submitted at t = 0 there is no gap for backfill to ` +
    `fill, so this sweep does not test the claim (notebook 11 replays traces for it).`
  );
}

/**
 * The job-size order's effect on the thesis-style samples' PoA: the PoA under each order (these
 * samples only, not Table 29's estimate) and the paired relative change (relativeEffect, band
 * {@link RELATIVE_EFFECT_BAND}).
 * @throws `invalid flipped: …` when the two runs have different samples
 */
function favourOrder(ours: readonly number[], flipped: readonly number[], favorSmall: boolean): string {
  if (ours.length !== flipped.length || !ours.length)
    throw invalidArgument("flipped", `${flipped.length} values`, `${ours.length} values (the same samples)`);
  const e = relativeEffect(flipped, ours, RELATIVE_EFFECT_BAND);
  const reading: Record<EffectOutcome, string> = {
    higher: "the order moves the PoA up beyond the band on these samples",
    lower: "the order moves the PoA down beyond the band on these samples",
    equivalent: "the order's effect lies within the band on these samples",
    inconclusive: "on these samples the order's effect is not told apart from noise or the band",
  };
  return (
    `Mean PoA of these ${ours.length} thesis-style samples (not Table 29's estimate, which the findings give) with ` +
    `favorSmall = ${favorSmall}: **${ciText(meanInterval(ours), 2)}**; with favorSmall = ${!favorSmall}: **${ciText(meanInterval(flipped), 2)}**; the paired ` +
    `change ${effectText(e)} (band ${BAND}): ${reading[e.outcome]}.`
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
 * What the decomposition by factor shows, from its own rows: each factor alone against the base,
 * and each cumulative step against the previous one (relativeEffect paired by sample, band
 * {@link RELATIVE_EFFECT_BAND}).
 */
function decomposition(rows: readonly PoaDecompositionRow[]): string {
  if (!rows.length) throw invalidArgument("rows", rows, "poaDecomposition's rows");
  switchedRows(rows);
  const base = rows.find((r) => r.step === "base") ?? rows[0];
  const means = rows.map((r) => r.mean);
  const lo = Math.min(...means),
    hi = Math.max(...means);
  const half = Math.max(
    ...rows.map((r) => {
      const m = meanInterval(r.values);
      return (m.high - m.low) / 2;
    }),
  );
  const one = rows.filter((r) => r.step === "one");
  const effects = one.map((r) => ({ r, e: relativeEffect(r.values, base.values, RELATIVE_EFFECT_BAND) }));
  const moved = effects.filter(({ e }) => e.outcome === "higher" || e.outcome === "lower");
  const samples = base.values.length;
  const range =
    hi - lo < 0.0005 ? `PoA ${fixed(lo, 3)}` : `a mean PoA from ${fixed(lo, 3)} to ${fixed(hi, 3)}`;
  return (
    `All ${rows.length} rows give ${range} on the decomposition's ${samples} samples (its own samples and base ` +
    `setting, not Table 29's estimate; 95% intervals up to ±${fixed(half, 3)}). Each factor alone against the base, ` +
    `paired by sample (band ${BAND}): ${effects.length ? outcomeCounts(effects.map((x) => x.e)) : "no factor"}` +
    (moved.length
      ? `; ${moved.map(({ r, e }) => `${r.factor} ${effectText(e)}`).join("; ")}.`
      : ": no factor moves it beyond the band on these samples.")
  );
}

/** What the sensitivity sweeps show: each point against its job-size order's baseline, paired by sample. */
function sensitivity(s: PoaSensitivity): string {
  const families: [string, SweepPoint[]][] = [
    ["backfill knobs (bf_max_job_test, bf_window)", s.backfill],
    ["default_queue_depth", s.queueDepth],
    [`planned time = run time × f (f = ${[...new Set(s.planned.map((p) => p.x))].join(", ")})`, s.planned],
  ];
  const n = s.baseline[0]?.values.length ?? 0;
  const parts = families
    .filter(([, ps]) => ps.length)
    .map(([name, ps]) => {
      const es = ps.map((p) => ({
        p,
        e: relativeEffect(p.values, baselineOf(s, p.series).values, RELATIVE_EFFECT_BAND),
      }));
      const changes = es.map(({ e }) => e.mean);
      const decided = es.filter(({ e }) => e.outcome === "higher" || e.outcome === "lower");
      return (
        `${name}: ${ps.length} point${ps.length === 1 ? "" : "s"}, changes from ${signedPercent(Math.min(...changes))} to ${signedPercent(Math.max(...changes))} — ` +
        `${outcomeCounts(es.map(({ e }) => e))}` +
        (decided.length && decided.length < es.length
          ? ` (${decided.map(({ p, e }) => `${p.series} = ${p.x}: ${effectText(e)}`).join("; ")})`
          : "")
      );
    });
  const base = s.baseline
    .map((b) => `${b.series.replace(/^baseline, /, "")} ${ciText(meanInterval(b.values), 2)}`)
    .join(", ");
  return (
    `Against the notebook's setting on the same ${n} samples (their own, not Table 29's estimate: PoA ${base}), ` +
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
