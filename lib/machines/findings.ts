/**
 * The thesis's findings checked machine by machine on a real-machines study (notebook 15): for each
 * source and finding, the estimate over the ordinary samples and an outcome by lib/agreement
 * (a guarantee checked on every sample, a statement's share against the thesis's, the PoA against the
 * thesis's, an effect paired by seed), read as *as in the thesis*, *unlike the thesis* or *undecided*.
 * The thesis's values are MareNostrum4's: only scale-free quantities (the PoA, a ratio; a share of
 * samples) are set against them; totals (node·minutes) of another machine are not comparable and are
 * only set against the same machine's ordinary samples.
 */
import * as path from "node:path";
import { signedPercent } from "../display/format";
import { readReferenceCsv } from "../io/reference-csv";
import { MARENOSTRUM4 } from "../io/job-record";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { agreement, shareAgreement } from "../agreement/reference";
import { guarantee, relativeEffect } from "../agreement/effect";
import { thesisOrdinaryPoa } from "../sim/thesis-poa";
import { meanInterval } from "../util/interval";
import { ciText, quantileSorted } from "../util/stats";
import type { RealMachineRow } from "./real-machines";

/** The thesis's special sample (its 40-minute jobs left out), excluded from its ordinary samples. */
const THESIS_SPECIAL = "sample_20.txt";

/** The findings checked, by key: the names the tables and notebook 11's conclusions use. */
export const FINDINGS = Object.freeze({
  greedy: "1A ≈ 1B (greedy within 1 − β)",
  ir: "2B/3B break IR under Clarke payments",
  tp: "TP_1A = λ·W",
  poa: "PoA against the thesis's Table 29",
  special: "the special sample differs (TV, payments)",
});

/** How a machine's outcome reads against the thesis's statement. */
export type FindingReading = "as in the thesis" | "unlike the thesis" | "undecided";

/** One machine × finding row. */
export interface FindingRow {
  source: string;
  finding: string;
  samples: number;
  estimate: string;
  /** The outcome of the finding's rule (lib/agreement's words). */
  outcome: string;
  reading: FindingReading;
  rule: string;
}

/** Of the thesis's ordinary samples: how many have TP_1A a whole multiple of W (Table 11) and break IR in 2B or 3B (Table 12). */
function thesisCounts(root: string): { n: number; multiple: number; ir: number } {
  const read = (name: string) =>
    readReferenceCsv(path.join("data", "reference", "thesis", name), root)
      .records.map((r) => r.values)
      .filter((v) => v.sample !== THESIS_SPECIAL);
  const t11 = read("table11.csv"),
    t12 = read("table12.csv");
  const W = MARENOSTRUM4.nodes;
  return {
    n: t11.length,
    multiple: t11.filter((v) => Number.isInteger(Number(v.TP_1A) / W)).length,
    ir: t12.filter((v) => Number(v.PM_2B) > 0 || Number(v.PM_3B) > 0).length,
  };
}

const BAND = `±${100 * RELATIVE_EFFECT_BAND}%`;
const read3 = (o: string): FindingReading =>
  o === "agrees" ? "as in the thesis" : o === "differs" ? "unlike the thesis" : "undecided";

/**
 * The findings per source. Rules (lib/agreement decides each):
 * - *1A ≈ 1B*: the guarantee TV_1B ≥ g·TV_1A, g = 1 − β for β ≤ ½ and ½ otherwise (the greedy with
 *   fallback), on every ordinary sample (`guarantee`); estimate: mean TV_1B/TV_1A.
 * - *2B/3B break IR under Clarke payments*: individual rationality as a guarantee on every sample
 *   (`guarantee`): the thesis's statement holds here when it fails, i.e. some 2B or 3B winner pays
 *   more than its bid; the share of such samples beside the thesis's.
 * - *TP_1A = λ·W*: the share of samples where TP_1A is a whole multiple of W against the thesis's
 *   share (`shareAgreement`).
 * - *PoA against the thesis's Table 29*: the machine's PoA against the thesis's ordinary samples
 *   (`agreement`); the PoA is a ratio, so a machine's may be set against MareNostrum4's.
 * - *The special sample differs*: per sample seed, the special sample's TV_1A and TP_1A against the
 *   mean of the same seed's ordinary samples (`relativeEffect`, band {@link RELATIVE_EFFECT_BAND}):
 *   as in the thesis when both are higher or lower, unlike it when either is equivalent. A machine's
 *   totals are set against its own ordinary samples only, never against MareNostrum4's.
 */
export function findingsTable(rows: readonly RealMachineRow[], root = process.cwd()): FindingRow[] {
  const sources = [...new Set(rows.map((r) => r.source))];
  const thesisPoa = thesisOrdinaryPoa(root);
  const th = thesisCounts(root);
  return sources.flatMap((source) => {
    const all = rows.filter((r) => r.source === source);
    const ord = all.filter((r) => !r.special);
    const n = ord.length;
    const within = ord.filter(
      (r) => r.TV_1B >= (r.beta <= 0.5 ? 1 - r.beta : 0.5) * r.TV_1A * (1 - 1e-12),
    ).length;
    const irBroken = ord.filter((r) => r.PM_2B > 0 || r.PM_3B > 0).length;
    const ir = guarantee(n - irBroken, n);
    const multiple = ord.filter((r) => Math.abs(r.lambda - Math.round(r.lambda)) < 1e-9).length;
    const tp = shareAgreement(multiple, n, th.multiple, th.n);
    const poa = ord.map((r) => r.PoA);
    const a = agreement(thesisPoa, poa, { decimals: 2 });
    const special = specialEffects(all);
    const greedy = guarantee(within, n);
    return [
      {
        source,
        finding: FINDINGS.greedy,
        samples: n,
        estimate: n
          ? `TV_1B/TV_1A ${ciText(meanInterval(ord.map((r) => r.TV_1B / r.TV_1A)), 4)}; ${within}/${n} within the bound`
          : "—",
        outcome: greedy,
        reading:
          greedy === "holds" ? "as in the thesis" : greedy === "fails" ? "unlike the thesis" : "undecided",
        rule: "guarantee: every sample has TV_1B ≥ (1 − β)·TV_1A (½ when β > ½)",
      },
      {
        source,
        finding: FINDINGS.ir,
        samples: n,
        estimate: `IR broken in ${irBroken}/${n} samples; the thesis's: ${th.ir}/${th.n}`,
        outcome: ir === "fails" ? "IR fails" : ir === "holds" ? "IR holds" : ir,
        reading: ir === "fails" ? "as in the thesis" : ir === "holds" ? "unlike the thesis" : "undecided",
        rule: "guarantee: no 2B or 3B winner pays more than its bid, on every sample (one counterexample breaks IR)",
      },
      {
        source,
        finding: FINDINGS.tp,
        samples: n,
        estimate:
          `${multiple}/${n} samples, the thesis's ${th.multiple}/${th.n} (ours − thesis ${tp.difference.toFixed(3)} ` +
          `[${tp.low.toFixed(3)}, ${tp.high.toFixed(3)}]; λ median ${
            n
              ? quantileSorted(
                  ord.map((r) => r.lambda).sort((x, y) => x - y),
                  0.5,
                ).toFixed(2)
              : "—"
          } min)`,
        outcome: tp.outcome,
        reading: read3(tp.outcome),
        rule: "the share of samples with TP_1A a whole multiple of W against the thesis's (shareAgreement)",
      },
      {
        source,
        finding: FINDINGS.poa,
        samples: n,
        estimate: n
          ? `PoA ${ciText(meanInterval(poa), 2)}; the thesis's (MareNostrum4) ${ciText(meanInterval(thesisPoa), 2)}; ` +
            `ours / thesis ${a.ratio.toFixed(3)} [${a.ratioLow.toFixed(3)}, ${a.ratioHigh.toFixed(3)}]`
          : "—",
        outcome: a.outcome,
        reading: read3(a.outcome),
        rule: "agreement of this machine's PoA with the thesis's ordinary samples (a ratio: comparable across machines)",
      },
      {
        source,
        finding: FINDINGS.special,
        samples: special.seeds,
        estimate: special.text,
        outcome: special.outcome,
        reading: special.reading,
        rule: `per seed, the special sample against the same seed's ordinary mean (relativeEffect, band ${BAND}); totals of this machine only`,
      },
    ];
  });
}

/** The special samples against the same seeds' ordinary samples, TV_1A and TP_1A (see {@link findingsTable}). */
function specialEffects(all: readonly RealMachineRow[]): {
  seeds: number;
  text: string;
  outcome: string;
  reading: FindingReading;
} {
  const seeds = [...new Set(all.filter((r) => r.special).map((r) => r.seed))].filter((s) =>
    all.some((r) => r.seed === s && !r.special),
  );
  if (!seeds.length)
    return { seeds: 0, text: "no special sample", outcome: "not computed", reading: "undecided" };
  const pair = (q: "TV_1A" | "TP_1A") => {
    const special = seeds.map(
      (s) => meanInterval(all.filter((r) => r.seed === s && r.special).map((r) => r[q])).mean,
    );
    const ordinary = seeds.map(
      (s) => meanInterval(all.filter((r) => r.seed === s && !r.special).map((r) => r[q])).mean,
    );
    return relativeEffect(special, ordinary, RELATIVE_EFFECT_BAND);
  };
  const tv = pair("TV_1A"),
    tp = pair("TP_1A");
  const decided = (o: string) => o === "higher" || o === "lower";
  const reading: FindingReading =
    decided(tv.outcome) && decided(tp.outcome)
      ? "as in the thesis"
      : tv.outcome === "equivalent" || tp.outcome === "equivalent"
        ? "unlike the thesis"
        : "undecided";
  const show = (name: string, e: ReturnType<typeof pair>) =>
    `${name} ${signedPercent(e.mean)} [${signedPercent(e.low)}, ${signedPercent(e.high)}] (${e.outcome})`;
  return {
    seeds: seeds.length,
    text: `special / ordinary − 1 over ${seeds.length} seeds: ${show("TV_1A", tv)}, ${show("TP_1A", tp)}`,
    outcome: `TV_1A ${tv.outcome}, TP_1A ${tp.outcome}`,
    reading,
  };
}
