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
import { parseJsonLines } from "../io/json-lines";

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

/** A statistic's mean over seeds with its 95% interval (NaN when there is none). */
export interface SeedMean {
  mean: number;
  low: number;
  high: number;
}

/** One budget × family × mechanism over the seeds of a sweep. */
export interface AuctionSweepSummaryRow {
  budget: string;
  family: string;
  mechanism: string;
  seeds: number;
  incompleteMean: SeedMean;
  incompleteSd: SeedMean;
  absChangeSd: SeedMean;
  unchangedPct: SeedMean;
}

/** Per budget, family and mechanism: the mean over seeds of each statistic with its 95% CI. */
export function auctionSweepSummary(rows: readonly AuctionSweepRow[]): AuctionSweepSummaryRow[] {
  const keys = [...new Set(rows.map((r) => `${r.budget}\u0000${r.family}\u0000${r.mechanism}`))];
  const ci = (v: number[]): SeedMean => {
    const m = meanCi95(v);
    return { mean: m.mean, low: m.low, high: m.high };
  };
  return keys.map((key) => {
    const [budget, family, mechanism] = key.split("\u0000");
    const sel = rows.filter((r) => r.budget === budget && r.family === family && r.mechanism === mechanism);
    return {
      budget,
      family,
      mechanism,
      seeds: sel.length,
      incompleteMean: ci(sel.map((r) => r.incompleteMean)),
      incompleteSd: ci(sel.map((r) => r.incompleteSd)),
      absChangeSd: ci(sel.map((r) => r.absChangeSd)),
      unchangedPct: ci(sel.map((r) => r.unchangedPct)),
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
