/** The thesis's findings checked per source (lib/machines/findings.ts): the detail table with estimates and rules, and the machine × finding grid. */
import { ciText, signedPercent } from "../display/format";
import type { Effect } from "../../lib/agreement/effect";
import { RELATIVE_EFFECT_BAND } from "../../lib/agreement/rule";
import type { FindingEvidence, FindingRow } from "../../lib/machines/findings";

/** Each finding's rule, as the detail table states it. */
const RULES: Readonly<Record<FindingEvidence["kind"], string>> = {
  greedy: "guarantee: every sample has TV_1B ≥ (1 − β)·TV_1A (½ when β > ½)",
  ir: "guarantee: no 2B or 3B winner pays more than its bid, on every sample (one counterexample breaks IR)",
  tp: "the share of samples with TP_1A a whole multiple of W against the thesis's (shareAgreement)",
  poa: "agreement of this machine's PoA with the thesis's ordinary samples (a ratio: comparable across machines)",
  special: `per seed, the special sample against the same seed's ordinary mean (relativeEffect, band ±${100 * RELATIVE_EFFECT_BAND}%); totals of this machine only`,
};

const effectText = (name: string, e: Effect) =>
  `${name} ${signedPercent(e.mean)} [${signedPercent(e.low)}, ${signedPercent(e.high)}] (${e.outcome})`;

/** A finding's outcome in lib/agreement's words ("IR fails" for the IR guarantee; both effects for the special sample). */
export function findingOutcome(f: FindingRow): string {
  const e = f.evidence;
  switch (e.kind) {
    case "greedy":
      return e.outcome;
    case "ir":
      return e.outcome === "fails" ? "IR fails" : e.outcome === "holds" ? "IR holds" : e.outcome;
    case "tp":
      return e.share.outcome;
    case "poa":
      return e.agreement.outcome;
    case "special":
      return e.tv && e.tp ? `TV_1A ${e.tv.outcome}, TP_1A ${e.tp.outcome}` : "not computed";
  }
}

/** A finding's estimate with its 95% interval or counts, as the detail table shows it. */
export function findingEstimate(f: FindingRow): string {
  const e = f.evidence;
  switch (e.kind) {
    case "greedy":
      return e.ratio ? `TV_1B/TV_1A ${ciText(e.ratio, 4)}; ${e.within}/${e.n} within the bound` : "—";
    case "ir":
      return `IR broken in ${e.broken}/${e.n} samples; the thesis's: ${e.thesisBroken}/${e.thesisN}`;
    case "tp":
      return (
        `${e.multiple}/${e.n} samples, the thesis's ${e.thesisMultiple}/${e.thesisN} (ours − thesis ${e.share.difference.toFixed(3)} ` +
        `[${e.share.low.toFixed(3)}, ${e.share.high.toFixed(3)}]; λ median ${Number.isNaN(e.lambdaMedian) ? "—" : e.lambdaMedian.toFixed(2)} min)`
      );
    case "poa": {
      const a = e.agreement;
      return e.poa
        ? `PoA ${ciText(e.poa, 2)}; the thesis's (MareNostrum4) ${ciText(e.thesis, 2)}; ` +
            `ours / thesis ${a.ratio.toFixed(3)} [${a.ratioLow.toFixed(3)}, ${a.ratioHigh.toFixed(3)}]`
        : "—";
    }
    case "special":
      return e.tv && e.tp
        ? `special / ordinary − 1 over ${e.seeds} seeds: ${effectText("TV_1A", e.tv)}, ${effectText("TP_1A", e.tp)}`
        : "no special sample";
  }
}

/** The findings in detail: per source and finding, the samples, estimate, outcome, reading and rule. */
export function findingsTable(findings: readonly FindingRow[]): Record<string, string | number>[] {
  return findings.map((f) => ({
    source: f.source,
    finding: f.finding,
    samples: f.samples,
    estimate: findingEstimate(f),
    outcome: findingOutcome(f),
    reading: f.reading,
    rule: RULES[f.evidence.kind],
  }));
}

/** The findings as a machine × finding grid of readings. */
export function findingsGrid(findings: readonly FindingRow[]): Record<string, string>[] {
  const sources = [...new Set(findings.map((f) => f.source))];
  return sources.map((source) => ({
    source,
    ...Object.fromEntries(findings.filter((f) => f.source === source).map((f) => [f.finding, f.reading])),
  }));
}
