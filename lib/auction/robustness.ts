/**
 * The sequential-auction comparison (seed 004, Section 5.2) over seeds, GA budgets and GV bid-vector
 * families: one task evolves the PS strategy, and the GV strategy once per bid-vector family, with one
 * seed and one GA budget, then runs FS, PS and GV on the same job sets (common random numbers) and
 * returns one tidy row per family × mechanism (FS and PS do not depend on the GV family: their
 * rows repeat under each family so that every family's comparison is complete).
 * The paper's claims are then judged over the seeds, per budget and family, by a stated rule.
 */
import { integer, keyword } from "../util/options";
import { invalidArgument, invalidField } from "../util/errors";
import { meanInterval } from "../util/interval";
import { ciText } from "../util/stats";
import { parseJsonLines } from "../io/json-lines";
import { type Effect, effect } from "../agreement/effect";

const meanCi95 = (v: number[]) =>
  v.length ? meanInterval(v) : { mean: NaN, low: NaN, high: NaN, n: 0, constant: false };
import { BID_VECTOR_FAMILIES, type BidVectorFamilyName } from "./bid-vector";
import { type AuctionEnvironment, STANDARD_ENVIRONMENT, frameWorkMean } from "./environment";
import { runAuctionExperiment } from "./experiment";
import { evolveStrategy } from "./genetic";
import { auctionStatistics } from "./statistics";

/** A genetic-algorithm budget: generations × population × scenarios per individual. */
export interface GaBudget {
  name: string;
  generations: number;
  populationSize: number;
  scenarios: number;
}

/** The budgets studied: the notebook's small one and two larger (the last 20 × 20 × 48). */
export const GA_BUDGETS: readonly GaBudget[] = Object.freeze([
  { name: "small (6×12×18)", generations: 6, populationSize: 12, scenarios: 18 },
  { name: "medium (12×16×30)", generations: 12, populationSize: 16, scenarios: 30 },
  { name: "large (20×20×48)", generations: 20, populationSize: 20, scenarios: 48 },
]);

/** One unit of the sweep. */
export interface AuctionSweepTask {
  /** Seed of the GA and of the comparison's job sets. */
  seed: number;
  budget: GaBudget;
  /** GV bid-vector families. Defaults to every family. */
  families?: readonly BidVectorFamilyName[];
}

/** Options shared by every task of a sweep. */
export interface AuctionSweepOptions {
  /** The (calibrated) environment. Defaults to STANDARD_ENVIRONMENT. */
  environment?: AuctionEnvironment;
  /** Runs (6 jobs each) per mechanism in the comparison. Defaults to 300. */
  runs?: number;
  /** Cycling period, rounds. Defaults to 3. */
  period?: number;
  /** The strategies' d. Defaults to "deadline". */
  horizon?: "deadline" | "predicted";
  /** GA opponents. Defaults to "elite" (co-evolution, as in the notebook). */
  opponents?: "default" | "elite";
  /** Worker threads for the GA (0 = this thread). Defaults to 0. */
  workers?: number;
}

/** One tidy result row: a task's parameters and one mechanism's Section 5.2 statistics. */
export interface AuctionSweepRow {
  seed: number;
  budget: string;
  /** Mean frame work content of the environment, server·rounds, and the comparison's runs per mechanism. */
  workMean: number;
  runs: number;
  family: BidVectorFamilyName;
  mechanism: "fs" | "ps" | "gv";
  incompleteMean: number;
  incompleteSd: number;
  completePct: number;
  absChangeSd: number;
  unchangedPct: number;
}

/**
 * Runs one task of the sweep: evolves PS, and GV per family (seed `task.seed`, the task's budget),
 * then runs FS, PS and GV on the job sets of seed `${seed}/comparison`.
 * @throws `invalid seed: …`, `invalid families: …`, `invalid budget: …`
 */
export async function auctionSweepTask(
  task: AuctionSweepTask,
  options: AuctionSweepOptions = {},
): Promise<AuctionSweepRow[]> {
  integer(task.seed, "seed", 0);
  const families = task.families ?? BID_VECTOR_FAMILIES;
  if (!Array.isArray(families) || families.length === 0)
    throw invalidArgument("families", families, `a non-empty list of ${BID_VECTOR_FAMILIES.join(", ")}`);
  families.forEach((f) => keyword(f, "families", BID_VECTOR_FAMILIES));
  const b = task.budget;
  if (!b || typeof b.name !== "string")
    throw invalidArgument("budget", b, "{ name, generations, populationSize, scenarios }");
  integer(b.generations, "budget.generations", 1);
  integer(b.populationSize, "budget.populationSize", 3);
  integer(b.scenarios, "budget.scenarios", 1);
  const environment = options.environment ?? STANDARD_ENVIRONMENT;
  const sim = { period: options.period ?? 3, horizon: options.horizon ?? "deadline" } as const;
  const ga = {
    ...sim,
    environment,
    generations: b.generations,
    populationSize: b.populationSize,
    scenarios: b.scenarios,
    seed: task.seed,
    opponents: options.opponents ?? "elite",
    workers: options.workers ?? 0,
  };
  const common = { ...sim, runs: integer(options.runs ?? 300, "runs", 1), seed: `${task.seed}/comparison` };
  const ps = await evolveStrategy({ ...ga, mechanism: "ps" });
  const fsStats = auctionStatistics(runAuctionExperiment(environment, { ...common, mechanism: "fs" }));
  const psStats = auctionStatistics(
    runAuctionExperiment(environment, { ...common, mechanism: "ps", strategies: ps.best }),
  );
  const row = (
    family: BidVectorFamilyName,
    mechanism: "fs" | "ps" | "gv",
    s: ReturnType<typeof auctionStatistics>,
  ): AuctionSweepRow => ({
    seed: task.seed,
    budget: b.name,
    workMean: frameWorkMean(environment.frameWork),
    runs: common.runs,
    family,
    mechanism,
    incompleteMean: s.incompleteMean,
    incompleteSd: s.incompleteSd,
    completePct: s.completePct,
    absChangeSd: s.absChangeSd,
    unchangedPct: s.unchangedPct,
  });
  const out: AuctionSweepRow[] = [];
  for (const family of families) {
    const gv = await evolveStrategy({ ...ga, mechanism: "gv", bidVectorFamily: family });
    const gvStats = auctionStatistics(
      runAuctionExperiment(environment, {
        ...common,
        mechanism: "gv",
        strategies: gv.best,
        bidVectorFamily: family,
      }),
    );
    out.push(row(family, "fs", fsStats), row(family, "ps", psStats), row(family, "gv", gvStats));
  }
  return out;
}

/** Every task of a sweep: seeds × budgets (seed slowest), each over the given GV families. */
export function auctionSweepTasks(
  seeds: readonly number[],
  budgets: readonly GaBudget[] = GA_BUDGETS,
  families: readonly BidVectorFamilyName[] = BID_VECTOR_FAMILIES,
): AuctionSweepTask[] {
  return seeds.flatMap((seed) => budgets.map((budget) => ({ seed, budget, families })));
}

// fewer than two seeds: no interval, so no decided effect
const NO_EFFECT: Effect = { outcome: "inconclusive", mean: NaN, low: NaN, high: NaN, n: 0 };

/** One of the paper's claims: `lower` has a smaller `metric` than `higher`. */
export interface AuctionClaim {
  claim: string;
  metric: "incompleteMean" | "absChangeSd" | "unchangedPct";
  lower: "fs" | "ps" | "gv";
  higher: "fs" | "ps" | "gv";
}

/** The paper's Section 5.2 claims, as pairwise comparisons (its Table: incomplete frames, allocation changes). */
export const AUCTION_CLAIMS: readonly AuctionClaim[] = Object.freeze([
  { claim: "PS leaves fewer frames incomplete than FS", metric: "incompleteMean", lower: "ps", higher: "fs" },
  { claim: "GV leaves more frames incomplete than FS", metric: "incompleteMean", lower: "fs", higher: "gv" },
  {
    claim: "PS keeps its allocation unchanged more often than FS",
    metric: "unchangedPct",
    lower: "fs",
    higher: "ps",
  },
  {
    claim: "PS keeps its allocation unchanged more often than GV",
    metric: "unchangedPct",
    lower: "gv",
    higher: "ps",
  },
  { claim: "allocation changes: PS steadier than FS (sd)", metric: "absChangeSd", lower: "ps", higher: "fs" },
  { claim: "allocation changes: FS steadier than GV (sd)", metric: "absChangeSd", lower: "fs", higher: "gv" },
]);

/**
 * Each claim per budget and family, judged over the seeds by lib/agreement's `effect`
 * on the per-seed differences higher − lower (paired: same seed, same job sets; band 0, the claims
 * are about direction): its mean and 95% t interval, the effect (*higher* when the interval lies
 * above 0, *lower* below it, else *inconclusive*; one seed is a point, so inconclusive) and the
 * claim's verdict — *holds* when the difference is higher as claimed, *fails* when lower (the
 * opposite beyond noise), *inconclusive* otherwise.
 */
export function auctionClaimsTable(
  rows: readonly AuctionSweepRow[],
  claims: readonly AuctionClaim[] = AUCTION_CLAIMS,
): Record<string, string | number>[] {
  const keys = [...new Set(rows.map((r) => `${r.budget}\u0000${r.family}`))];
  return claims.flatMap((c) =>
    keys.map((key) => {
      const [budget, family] = key.split("\u0000");
      const sel = rows.filter((r) => r.budget === budget && r.family === family);
      const seeds = [...new Set(sel.map((r) => r.seed))].sort((a, b) => a - b);
      const diffs = seeds.flatMap((s) => {
        const lo = sel.find((r) => r.seed === s && r.mechanism === c.lower);
        const hi = sel.find((r) => r.seed === s && r.mechanism === c.higher);
        return lo && hi ? [hi[c.metric] - lo[c.metric]] : [];
      });
      const e: Effect =
        diffs.length >= 2 ? effect(diffs) : { ...NO_EFFECT, mean: diffs[0] ?? NaN, n: diffs.length };
      return {
        claim: c.claim,
        "GA budget": budget,
        "GV bids": family,
        seeds: e.n,
        difference: `${c.higher.toUpperCase()} − ${c.lower.toUpperCase()}`,
        "mean difference": e.mean,
        "95% CI": diffs.length >= 2 ? `[${e.low.toFixed(2)}, ${e.high.toFixed(2)}]` : "—",
        effect: e.outcome,
        verdict: e.outcome === "higher" ? "holds" : e.outcome === "lower" ? "fails" : "inconclusive",
      };
    }),
  );
}

/** Per budget, family and mechanism: the mean over seeds of each statistic with its 95% CI. */
export function auctionSweepSummary(rows: readonly AuctionSweepRow[]): Record<string, string | number>[] {
  const keys = [...new Set(rows.map((r) => `${r.budget}\u0000${r.family}\u0000${r.mechanism}`))];
  const fmt = (v: number[]) => ciText(meanCi95(v), 2);
  return keys.map((key) => {
    const [budget, family, mechanism] = key.split("\u0000");
    const sel = rows.filter((r) => r.budget === budget && r.family === family && r.mechanism === mechanism);
    return {
      "GA budget": budget,
      "GV bids": family,
      mechanism: mechanism.toUpperCase(),
      seeds: sel.length,
      "incomplete frames, mean": fmt(sel.map((r) => r.incompleteMean)),
      "incomplete frames, sd": fmt(sel.map((r) => r.incompleteSd)),
      "allocation change sd": fmt(sel.map((r) => r.absChangeSd)),
      "steps unchanged, %": fmt(sel.map((r) => r.unchangedPct)),
    };
  });
}

/**
 * Parses a results file of the sweep: one JSON row ({@link AuctionSweepRow}) per line, blank lines
 * skipped.
 * @param file the file's name, for error messages
 * @throws `<file>:<line>: invalid <field>: …` for a line that is not JSON or lacks a field
 */
export function parseAuctionSweepRows(text: string, file = "<sweep>"): AuctionSweepRow[] {
  const numeric = [
    "seed",
    "workMean",
    "runs",
    "incompleteMean",
    "incompleteSd",
    "completePct",
    "absChangeSd",
    "unchangedPct",
  ] as const;
  return parseJsonLines<AuctionSweepRow>(text, file, (o, line) => {
    for (const f of numeric)
      if (typeof o[f] !== "number") throw invalidField(file, line, f, o[f], "a number");
    if (typeof o.budget !== "string") throw invalidField(file, line, "budget", o.budget, "a string");
    if (!BID_VECTOR_FAMILIES.includes(o.family as BidVectorFamilyName))
      throw invalidField(file, line, "family", o.family, BID_VECTOR_FAMILIES.join(" or "));
    if (o.mechanism !== "fs" && o.mechanism !== "ps" && o.mechanism !== "gv")
      throw invalidField(file, line, "mechanism", o.mechanism, "fs, ps or gv");
  });
}

/** Runs the tasks one after another and returns all their rows (for small sweeps; big ones run as a study). */
export async function runAuctionSweep(
  tasks: readonly AuctionSweepTask[],
  options: AuctionSweepOptions = {},
): Promise<AuctionSweepRow[]> {
  const out: AuctionSweepRow[] = [];
  for (const t of tasks) out.push(...(await auctionSweepTask(t, options)));
  return out;
}
