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
import { readReferenceCsv } from "../io/reference-csv";
import { MARENOSTRUM4 } from "../io/job-record";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { type Agreement, type ShareAgreement, agreement, shareAgreement } from "../agreement/reference";
import { type Effect, type GuaranteeOutcome, guarantee, relativeEffect } from "../agreement/effect";
import { type FindingReading, findingReading } from "../agreement/verdicts";
import { thesisOrdinaryPoa } from "../sim/thesis-poa";
import { type MeanInterval, meanInterval } from "../util/interval";
import { quantileSorted } from "../util/stats";
import type { RealMachineRow } from "./real-machines";
import { projectRoot } from "../util/project-paths";

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

/** The evidence behind one machine × finding row, by finding. */
export type FindingEvidence =
  | {
      kind: "greedy";
      /** The guarantee on every ordinary sample. */
      outcome: GuaranteeOutcome;
      /** TV_1B / TV_1A over the ordinary samples (null with none). */
      ratio: MeanInterval | null;
      /** Samples within the bound, of n. */
      within: number;
      n: number;
    }
  | {
      kind: "ir";
      /** The guarantee "no 2B or 3B winner pays more than its bid" on every sample. */
      outcome: GuaranteeOutcome;
      broken: number;
      n: number;
      thesisBroken: number;
      thesisN: number;
    }
  | {
      kind: "tp";
      /** Ours − thesis in the share of samples with TP_1A a whole multiple of W. */
      share: ShareAgreement;
      multiple: number;
      n: number;
      thesisMultiple: number;
      thesisN: number;
      /** The median λ over the ordinary samples, minutes (NaN with none). */
      lambdaMedian: number;
    }
  | {
      kind: "poa";
      /** This machine's PoA against the thesis's ordinary samples. */
      agreement: Agreement;
      /** This machine's PoA over its ordinary samples (null with none) and the thesis's. */
      poa: MeanInterval | null;
      thesis: MeanInterval;
    }
  | {
      kind: "special";
      /** Seeds with both a special and ordinary samples. */
      seeds: number;
      /** special / ordinary − 1 per seed, TV_1A and TP_1A (null with no such seed). */
      tv: Effect | null;
      tp: Effect | null;
    };

/** One machine × finding row. */
export interface FindingRow {
  source: string;
  finding: string;
  samples: number;
  reading: FindingReading;
  evidence: FindingEvidence;
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
export function machineFindings(rows: readonly RealMachineRow[], root = projectRoot()): FindingRow[] {
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
    const lambdas = ord.map((r) => r.lambda).sort((x, y) => x - y);
    return [
      {
        source,
        finding: FINDINGS.greedy,
        samples: n,
        reading: findingReading(greedy),
        evidence: {
          kind: "greedy",
          outcome: greedy,
          ratio: n ? meanInterval(ord.map((r) => r.TV_1B / r.TV_1A)) : null,
          within,
          n,
        },
      },
      {
        source,
        finding: FINDINGS.ir,
        samples: n,
        reading: ir === "fails" ? "as in the thesis" : ir === "holds" ? "unlike the thesis" : "undecided",
        evidence: { kind: "ir", outcome: ir, broken: irBroken, n, thesisBroken: th.ir, thesisN: th.n },
      },
      {
        source,
        finding: FINDINGS.tp,
        samples: n,
        reading: findingReading(tp.outcome),
        evidence: {
          kind: "tp",
          share: tp,
          multiple,
          n,
          thesisMultiple: th.multiple,
          thesisN: th.n,
          lambdaMedian: n ? quantileSorted(lambdas, 0.5) : NaN,
        },
      },
      {
        source,
        finding: FINDINGS.poa,
        samples: n,
        reading: findingReading(a.outcome),
        evidence: {
          kind: "poa",
          agreement: a,
          poa: n ? meanInterval(poa) : null,
          thesis: meanInterval(thesisPoa),
        },
      },
      {
        source,
        finding: FINDINGS.special,
        samples: special.seeds,
        reading: special.reading,
        evidence: { kind: "special", seeds: special.seeds, tv: special.tv, tp: special.tp },
      },
    ];
  });
}

/** The special samples against the same seeds' ordinary samples, TV_1A and TP_1A (see {@link machineFindings}). */
function specialEffects(all: readonly RealMachineRow[]): {
  seeds: number;
  tv: Effect | null;
  tp: Effect | null;
  reading: FindingReading;
} {
  const seeds = [...new Set(all.filter((r) => r.special).map((r) => r.seed))].filter((s) =>
    all.some((r) => r.seed === s && !r.special),
  );
  if (!seeds.length) return { seeds: 0, tv: null, tp: null, reading: "undecided" };
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
  return { seeds: seeds.length, tv, tp, reading };
}
