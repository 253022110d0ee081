/**
 * What notebook 10's sentences say of the PoA, judged here (views/sim/notes.ts only words them):
 * each comparison is lib/agreement's — `agreement` against the thesis's ordinary Table 29 samples,
 * `relativeEffect` paired by sample with band {@link RELATIVE_EFFECT_BAND} for a setting's effect —
 * and each mean carries its 95% interval (lib/util/interval.ts).
 */
import { type Effect, relativeEffect } from "../agreement/effect";
import { type Agreement, agreement } from "../agreement/reference";
import { RELATIVE_EFFECT_BAND } from "../agreement/rule";
import { type PoaDecompositionRow, switchedRows } from "../sim/poa-decomposition";
import { type PoaSensitivity, type SweepPoint, orderName } from "../sim/sensitivity";
import { thesisOrdinaryPoa, thesisTotalValueRows } from "../sim/thesis-poa";
import { invalidArgument } from "../util/errors";
import { type MeanInterval, meanInterval } from "../util/interval";
import { mean } from "../util/stats";
import { SIM_CLAIMS, checkClaims, thesisSimSamples } from "./conclusions";
import { type Explanation, type ExplanationBasis, experimentBasis } from "./explanation";
import type { ResultsFile } from "./results-file";
import type { ScorecardRow } from "./row";
import { repeatedSimRows, simTableRows } from "./sim-rows";

/** The thesis's Table 29 PoA over its ordinary samples, as every finding below compares it. */
export interface ThesisPoa {
  values: readonly number[];
  interval: MeanInterval;
}

/** The thesis's ordinary Table 29 samples' PoA (lib/sim/thesis-poa.ts) with its interval. */
export function thesisPoa(root = process.cwd()): ThesisPoa {
  const values = thesisOrdinaryPoa(root);
  return { values, interval: meanInterval(values) };
}

/** A stored counterfactual run's PoA against the thesis's. */
export interface CounterfactualPoa {
  name: string;
  basis: ExplanationBasis;
  interval: MeanInterval;
  versusThesis: Agreement;
}

/** One job-size order's PoA with planned time = run time × f. */
export interface PlannedOrder {
  order: string;
  /** The first f of the sweep, its PoA, and the baseline's (recorded planned times) on the same samples. */
  f: number;
  at: MeanInterval;
  base: MeanInterval;
  /** The paired change at the first f against the baseline. */
  change: Effect;
  /** Every f of the sweep and the lowest and highest mean over them. */
  fs: readonly number[];
  lowestMean: number;
  highestMean: number;
  versusThesis: Agreement;
}

/** The planned-time sweep read per job-size order (the notebook's order first). */
export interface PlannedFinding {
  samples: number;
  orders: readonly PlannedOrder[];
  /** "raises" when the change is higher under every order, "lowers" when lower under every one, else "mixed". */
  direction: "raises" | "lowers" | "mixed";
}

/** The findings of notebook 10 (thesis Sections 6.3.4–6.4). */
export interface SimFindings {
  source: string;
  /** The scorecard's Table 29 row and the simulator's Table 28 Total Value row, when stored. */
  poa?: ScorecardRow;
  totalValue?: ScorecardRow;
  /** The greedy's TV_1B1 row (Table 10's TV_1B on the same samples), when stored. */
  greedy?: ScorecardRow;
  /** The thesis's own headline: the mean of all its Table 29 samples (sample_20 included), rounded as printed. */
  thesisHeadline: { samples: number; mean: number };
  thesis: ThesisPoa;
  counterfactuals: readonly CounterfactualPoa[];
  planned?: PlannedFinding;
  /** The thesis's statements of Sections 6.3.4–6.4 that hold as in the thesis, of all. */
  statements: { hold: number; of: number };
}

/** What {@link simFindings} reads. */
export interface SimFindingsInput {
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

/** Notebook 10's findings from the scorecard study's results file (module comment). */
export function simFindings(x: SimFindingsInput): SimFindings {
  const root = x.root ?? process.cwd();
  const scored = simTableRows(x.results, root);
  const all = thesisTotalValueRows(root).map((r) => Math.round(r.PoA * 100) / 100);
  const thesis = thesisPoa(root);
  const counterfactuals = Object.entries(x.results.tables)
    .filter(([k, rs]) => k.startsWith("cf:") && rs.length && "PoA" in rs[0])
    .map(([k, rs]) => {
      const name = k.slice(3),
        values = rs.map((r) => Number(r.PoA));
      return {
        name,
        basis: experimentBasis(name).basis,
        interval: meanInterval(values),
        versusThesis: agreement(thesis.values, values, { decimals: 2 }),
      };
    });
  const claims = checkClaims(SIM_CLAIMS, x.results, { root, thesisSamples: thesisSimSamples(root) });
  return {
    source: x.source,
    poa: scored.find((r) => r.id === "Table 29"),
    totalValue: scored.find((r) => r.quantity.startsWith("TV (simulator")),
    greedy: repeatedSimRows(x.results, root).get("TV_1B1"),
    thesisHeadline: { samples: all.length, mean: mean(all) },
    thesis,
    counterfactuals,
    planned: x.sensitivity?.planned.length
      ? plannedFinding(x.sensitivity, x.favorSmall ?? true, thesis)
      : undefined,
    statements: { hold: claims.filter((c) => c.outcome === "agrees").length, of: claims.length },
  };
}

/** The baseline point of a sweep series (the same job-size order). */
function baselineOf(s: PoaSensitivity, series: string): SweepPoint {
  const b = s.baseline.find((p) => series.endsWith(p.series.replace(/^baseline, /, "")));
  if (!b) throw invalidArgument("sensitivity.baseline", series, "a baseline point per job-size order");
  return b;
}

/** Planned time = run time × f: the PoA per job-size order against the recorded planned times, paired. */
function plannedFinding(s: PoaSensitivity, favorSmall: boolean, thesis: ThesisPoa): PlannedFinding {
  const order = (small: boolean): PlannedOrder | undefined => {
    const ps = s.planned.filter((p) => p.series.endsWith(orderName(small)));
    if (!ps.length) return undefined;
    const base = baselineOf(s, ps[0].series);
    const first = ps[0];
    const means = ps.map((p) => p.y);
    return {
      order: orderName(small),
      f: first.x,
      at: meanInterval(first.values),
      base: meanInterval(base.values),
      change: relativeEffect(first.values, base.values, RELATIVE_EFFECT_BAND),
      fs: ps.map((p) => p.x),
      lowestMean: Math.min(...means),
      highestMean: Math.max(...means),
      versusThesis: agreement(thesis.values, first.values, { decimals: 2 }),
    };
  };
  const orders = [order(favorSmall), order(!favorSmall)].filter((o): o is PlannedOrder => o !== undefined);
  const all = (o: string) => orders.every((p) => p.change.outcome === o);
  return {
    samples: s.planned[0].values.length,
    orders,
    direction: all("higher") ? "raises" : all("lower") ? "lowers" : "mixed",
  };
}

/** A candidate cause of the Table 29 difference and, when its run is stored, ours under it against the thesis's. */
export interface PoaCause {
  explanation: Explanation;
  underIt?: Agreement;
}

/**
 * The Table 29 row's candidate causes (lib/scorecard/explanation.ts) with ours under each against the
 * thesis's; undefined when the row is not stored.
 */
export function poaCauses(
  results: ResultsFile,
  root = process.cwd(),
): { poa: ScorecardRow; causes: PoaCause[] } | undefined {
  const poa = simTableRows(results, root).find((r) => r.id === "Table 29");
  if (!poa) return undefined;
  const thesis = thesisOrdinaryPoa(root);
  const causes = poa.tried.map((explanation) => {
    const rs = results.tables[`cf:${explanation.experiment}`] ?? [];
    const underIt =
      rs.length && "PoA" in rs[0]
        ? agreement(
            thesis,
            rs.map((r) => Number(r.PoA)),
            { decimals: 2 },
          )
        : undefined;
    return { explanation, underIt };
  });
  return { poa, causes };
}

/** The job-size order's effect on the same samples' PoA. */
export interface OrderEffect {
  ours: MeanInterval;
  flipped: MeanInterval;
  /** The paired change of the flipped order against ours. */
  change: Effect;
}

/**
 * The PoA under the notebook's job-size order and under the other one, on the same samples, and the
 * paired change.
 * @throws `invalid flipped: …` when the two runs have different samples
 */
export function orderEffect(ours: readonly number[], flipped: readonly number[]): OrderEffect {
  if (ours.length !== flipped.length || !ours.length)
    throw invalidArgument("flipped", `${flipped.length} values`, `${ours.length} values (the same samples)`);
  return {
    ours: meanInterval(ours),
    flipped: meanInterval(flipped),
    change: relativeEffect(flipped, ours, RELATIVE_EFFECT_BAND),
  };
}

/** What the decomposition by factor shows (its own samples and base setting). */
export interface DecompositionFinding {
  rows: number;
  samples: number;
  lowestMean: number;
  highestMean: number;
  /** The widest 95% interval's half-width over the rows. */
  halfWidth: number;
  /** Each factor alone against the base, paired by sample. */
  factors: readonly { factor: string; change: Effect }[];
}

/**
 * The decomposition's rows judged: each factor alone against the base, paired by sample.
 * @throws `invalid rows: …` when empty; as lib/sim/poa-decomposition.ts `switchedRows`
 */
export function decompositionFinding(rows: readonly PoaDecompositionRow[]): DecompositionFinding {
  if (!rows.length) throw invalidArgument("rows", rows, "poaDecomposition's rows");
  switchedRows(rows);
  const base = rows.find((r) => r.step === "base") ?? rows[0];
  const means = rows.map((r) => r.mean);
  return {
    rows: rows.length,
    samples: base.values.length,
    lowestMean: Math.min(...means),
    highestMean: Math.max(...means),
    halfWidth: Math.max(
      ...rows.map((r) => {
        const m = meanInterval(r.values);
        return (m.high - m.low) / 2;
      }),
    ),
    factors: rows
      .filter((r) => r.step === "one")
      .map((r) => ({
        factor: r.factor,
        change: relativeEffect(r.values, base.values, RELATIVE_EFFECT_BAND),
      })),
  };
}

/** The sensitivity sweeps judged: each point against its job-size order's baseline, paired by sample. */
export interface SweepFinding {
  samples: number;
  /** The baseline per job-size order ("favour small", …) with its interval. */
  baselines: readonly { order: string; interval: MeanInterval }[];
  families: readonly {
    family: "backfill" | "queue depth" | "planned";
    points: readonly { point: SweepPoint; change: Effect }[];
  }[];
}

/** Each sweep point against its job-size order's baseline, paired by sample. */
export function sweepFinding(s: PoaSensitivity): SweepFinding {
  const family = (name: SweepFinding["families"][number]["family"], ps: readonly SweepPoint[]) => ({
    family: name,
    points: ps.map((p) => ({
      point: p,
      change: relativeEffect(p.values, baselineOf(s, p.series).values, RELATIVE_EFFECT_BAND),
    })),
  });
  return {
    samples: s.baseline[0]?.values.length ?? 0,
    baselines: s.baseline.map((b) => ({
      order: b.series.replace(/^baseline, /, ""),
      interval: meanInterval(b.values),
    })),
    families: [
      family("backfill", s.backfill),
      family("queue depth", s.queueDepth),
      family("planned", s.planned),
    ].filter((f) => f.points.length),
  };
}

/** Notebook 10's findings judged, by sentence (views/sim/notes.ts `simNotes` words each). */
export const poaFindings = {
  findings: simFindings,
  causes: poaCauses,
  order: orderEffect,
  decomposition: decompositionFinding,
  sensitivity: sweepFinding,
};
