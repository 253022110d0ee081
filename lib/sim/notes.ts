/**
 * The sentences of notebook 10 (thesis Sections 6.3.4–6.5), built from its computed results: the
 * headline findings (the PoA and Table 28 against the thesis's with the scorecard's verdicts, the
 * counterfactual PoAs, the statements that hold), the job-size order's effect on the PoA, and one
 * statement each of what the decomposition by factor and the sensitivity sweeps show.
 */
import { SIM_CLAIMS, checkClaims, thesisSimSamples } from "../scorecard/conclusions";
import type { ResultsFile } from "../scorecard/results-file";
import { simSummary } from "../scorecard/summary-rows";
import { experimentBasis } from "../scorecard/explanation";
import { invalidArgument } from "../util/errors";
import { formatSwf2TraceInput } from "./swf2trace";
import { type PoaRow, poaSummary } from "./poa";
import type { PoaDecompositionRow } from "./poa-decomposition";
import type { PoaSensitivity, SweepPoint } from "./sensitivity";
import { table28Comparison, table29Comparison } from "./tables";
import type { JobRecord } from "../io/job-record";

/** A change of the mean PoA below this is invisible at the thesis's printed precision (Table 29: 2 decimals). */
const PRINTED = 0.01;

const group = (x: number) => Math.round(x).toLocaleString("en");
const dec = (x: number, d: number) => x.toFixed(d);
const ci = (s: { mean: number; ciLow: number; ciHigh: number }, d = 2) =>
  `${dec(s.mean, d)} [${dec(s.ciLow, d)}, ${dec(s.ciHigh, d)}]`;
const overlap = (a: { ciLow: number; ciHigh: number }, b: { ciLow: number; ciHigh: number }) =>
  a.ciLow <= b.ciHigh && b.ciLow <= a.ciHigh;

/** "= Table 10 TV_1B" (a quantity the thesis printed before) → "scored with Table 10 TV_1B". */
const scored = (verdict: string | number | null) =>
  typeof verdict === "string" && verdict.startsWith("= ")
    ? `scored with ${verdict.slice(2)}`
    : `**${verdict}**`;

type SummaryRow = Record<string, string | number | null>;
const quantity = (rows: readonly SummaryRow[], q: string) => rows.find((r) => r.quantity === q);
const pair = (r: SummaryRow, digits: number) => {
  const f = (v: string | number | null) =>
    typeof v === "number" ? (digits ? dec(v, digits) : group(v)) : "—";
  return `ours ${f(r.ours)} [${r["ours, 95% interval"]}] against the thesis's ${f(r.thesis)} [${r["thesis, 95% interval"]}]`;
};

/** What {@link simNotes}.findings reads. */
export interface SimFindingsInput {
  /** The thesis-style samples' rows (poaRows of samples 0–20). */
  rows: readonly PoaRow[];
  /** The scorecard study's results file of notebook 10 (simStudyResults(…).results). */
  results: ResultsFile;
  /** The job source's name, e.g. "twin". */
  source: string;
  /** Project root. Defaults to the working directory. */
  root?: string;
}

function findings(x: SimFindingsInput): string {
  if (!x.rows.length) throw invalidArgument("rows", x.rows, "the thesis-style samples' PoA rows");
  const root = x.root ?? process.cwd();
  const t28 = simSummary(table28Comparison(x.rows, root), x.results, root);
  const t29 = simSummary(table29Comparison(x.rows, root), x.results, root);
  const poa = quantity(t29, "PoA");
  const tv = quantity(t28, "TV");
  const greedy = quantity(t28, "TV_1B1");
  const out = [
    `**Findings** (thesis Sections 6.3.4–6.4 on source \`${x.source}\`; ours over the scorecard study's PoA ` +
      "samples, the thesis's over its ordinary samples, 95% intervals; every number computed below):",
  ];
  if (poa)
    out.push(
      `- **Price of Anarchy (Table 29)**: ${pair(poa, 2)}, ${poa["ours, samples"]} and ${poa["thesis, samples"]} ` +
        `samples, ours / thesis ${poa["ours / thesis"]}: **${poa.verdict}**.`,
    );
  if (tv && greedy)
    out.push(
      `- **Table 28 / Figure 21**: the simulator's first-iteration Total Value, ${pair(tv, 0)} node·minutes ` +
        `(ours / thesis ${tv["ours / thesis"]}, **${tv.verdict}**); the greedy's TV_1B1, ${pair(greedy, 0)} ` +
        `(ours / thesis ${greedy["ours / thesis"]}, ${scored(greedy.verdict)}). PoA = TV_1B1 / TV: the ` +
        `ratio of ${greedy["ours / thesis"]} in its numerator against ${tv["ours / thesis"]} in its denominator.`,
    );
  const cf = Object.entries(x.results.tables)
    .filter(([k, rs]) => k.startsWith("cf:") && rs.length && "PoA" in rs[0])
    .map(([k, rs]) => ({ name: k.slice(3), s: poaSummary(rs.map((r) => Number(r.PoA))) }))
    .map((c) => ({
      ...c,
      name: experimentBasis(c.name).basis === "post-hoc" ? `${c.name} (post-hoc)` : c.name,
    }));
  const thesis = poaSummary(thesisSimSamples(root).map((r) => Math.round(r.PoA * 100) / 100));
  if (cf.length) {
    const reach = cf.filter((c) => overlap(c.s, thesis)).length;
    out.push(
      `- **What moves the PoA**: the scorecard study's counterfactual runs (${cf[0].s.n} samples each) give ` +
        `${cf.map((c) => `${c.name}: ${ci(c.s)}`).join("; ")}; ${reach} of ${cf.length} reach the thesis's interval.`,
    );
  }
  const claims = checkClaims(SIM_CLAIMS, x.results, { root, thesisSamples: thesisSimSamples(root) });
  const hold = claims.filter((c) => c.outcome === "agrees").length;
  out.push(
    `- **The thesis's statements** of Sections 6.3.4–6.4: ${hold} of ${claims.length} hold as in the thesis ` +
      "(Conclusion).",
  );
  return out.join("\n");
}

/** The job-size order's effect on the thesis-style samples' mean PoA, read off the two intervals. */
function favourOrder(
  ours: { mean: number; ciLow: number; ciHigh: number },
  flipped: { mean: number; ciLow: number; ciHigh: number },
  favorSmall: boolean,
): string {
  const verdict = overlap(ours, flipped)
    ? "the intervals overlap, so on these samples the order's effect is not told apart from noise"
    : "the intervals do not overlap: the order moves the PoA beyond noise on these samples";
  return (
    `Mean PoA with favorSmall = ${favorSmall}: **${ci(ours)}**; with favorSmall = ${!favorSmall}: ` +
    `**${ci(flipped)}**; ${verdict}.`
  );
}

/** What the decomposition by factor shows, from its own rows. */
function decomposition(rows: readonly PoaDecompositionRow[]): string {
  if (!rows.length) throw invalidArgument("rows", rows, "poaDecomposition's rows");
  const means = rows.map((r) => r.mean);
  const lo = Math.min(...means),
    hi = Math.max(...means);
  const half = Math.max(...rows.map((r) => (r.ciHigh - r.ciLow) / 2));
  const moved = rows.filter((r) => r.step === "one" && Math.abs(r.delta) >= PRINTED).map((r) => r.factor);
  const samples = rows[0].values.length;
  const range = hi - lo < 0.0005 ? `PoA ${dec(lo, 3)}` : `a mean PoA from ${dec(lo, 3)} to ${dec(hi, 3)}`;
  return (
    `All ${rows.length} rows give ${range} over ${samples} samples (95% intervals up to ±${dec(half, 3)}): ` +
    (moved.length
      ? `${moved.join(", ")} move it by ${PRINTED} or more on these samples.`
      : `no factor moves it by ${PRINTED} (the thesis's printed precision) on these samples.`)
  );
}

const spread = (ps: readonly SweepPoint[]) => {
  const ys = ps.map((p) => p.y);
  return Math.max(...ys) - Math.min(...ys);
};

/** What the sensitivity sweeps show, from their own points: each family's largest spread against its noise. */
function sensitivity(s: PoaSensitivity): string {
  const families: [string, SweepPoint[], string][] = [
    [
      "backfill knobs (bf_max_job_test, bf_window)",
      s.backfill,
      ": they do not move the PoA on these samples",
    ],
    ["default_queue_depth", s.queueDepth, ": it does not move the PoA on these samples"],
    [
      `planned time = run time × f (f = ${[...new Set(s.planned.map((p) => p.x))].join(", ")})`,
      s.planned,
      ": the PoA hardly depends on the planned times' scale, so this sweep cannot answer §6.5's question here",
    ],
  ];
  const parts = families
    .filter(([, ps]) => ps.length)
    .map(([name, ps, still]) => {
      const series = [...new Set(ps.map((p) => p.series))];
      const widest = Math.max(...series.map((n) => spread(ps.filter((p) => p.series === n))));
      const noise = Math.min(...ps.map((p) => p.err));
      const verdict = widest < noise ? "less than" : "more than";
      const size = `the means within a series differ by at most ${dec(widest, 3)}`;
      return `${name}: ${size}, ${verdict} the 95% intervals (±${dec(noise, 3)} or wider)${widest < noise ? still : ""}`;
    });
  const text = parts.join("; ");
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** The first `lines` lines of a sample as swf2trace input, as a markdown code block. */
function swfExcerpt(jobs: readonly JobRecord[], lines = 5): string {
  const all = formatSwf2TraceInput(jobs)
    .split("\n")
    .filter((l) => l !== "");
  const more = all.length > lines ? "\n…" : "";
  return "```\n" + all.slice(0, lines).join("\n") + more + "\n```";
}

/** Notebook 10's sentences: findings, job-size order, decomposition and sweep statements, swf2trace excerpt. */
export const simNotes = { findings, favourOrder, decomposition, sensitivity, swfExcerpt };
