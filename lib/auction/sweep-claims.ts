/**
 * The seed's Section 5.2 claims (seed 004: incomplete frames, allocation changes) as pairwise
 * comparisons of mechanisms, each judged over the seeds of a sweep, per GA budget and GV bid family.
 */
import { type Effect, effect } from "../agreement/effect";
import type { AuctionSweepRow } from "./robustness";

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

/** One claim in one GA budget × GV bid family cell, judged over the seeds. */
export interface AuctionClaimCheck {
  claim: string;
  lower: AuctionClaim["lower"];
  higher: AuctionClaim["higher"];
  budget: string;
  family: string;
  /** The per-seed differences higher − lower: mean, 95% t interval (NaN with fewer than two seeds), effect. */
  difference: Effect;
  verdict: "holds" | "fails" | "inconclusive";
}

/** The family of a cell whose claim's runs are the same under every GV bid family (neither mechanism is GV). */
export const ANY_FAMILY = "any (the same runs under every GV bid family)";

/**
 * Each claim per budget and family, judged over the seeds by lib/agreement's `effect`
 * on the per-seed differences higher − lower (paired: same seed, same job sets; band 0, the claims
 * are about direction): its mean and 95% t interval, the effect (*higher* when the interval lies
 * above 0, *lower* below it, else *inconclusive*; one seed is a point, so inconclusive) and the
 * claim's verdict — *holds* when the difference is higher as claimed, *fails* when lower (the
 * opposite beyond noise), *inconclusive* otherwise. Independent cells are counted once: where a
 * claim's per-seed differences are the same under every GV bid family of a budget (PS against FS:
 * neither is GV), the budget has one cell, family {@link ANY_FAMILY}.
 */
export function auctionClaims(
  rows: readonly AuctionSweepRow[],
  claims: readonly AuctionClaim[] = AUCTION_CLAIMS,
): AuctionClaimCheck[] {
  const budgets = [...new Set(rows.map((r) => r.budget))];
  const familiesOf = (budget: string) => [
    ...new Set(rows.filter((r) => r.budget === budget).map((r) => r.family)),
  ];
  return claims.flatMap((c) =>
    budgets.flatMap((budget) => {
      const cells = familiesOf(budget).map((family) => ({
        family,
        diffs: differences(rows, c, budget, family),
      }));
      const same = cells.every((x) => x.diffs.join(",") === cells[0].diffs.join(","));
      const kept = same && cells.length > 1 ? [{ family: ANY_FAMILY, diffs: cells[0].diffs }] : cells;
      return kept.map(({ family, diffs }) => {
        const e: Effect =
          diffs.length >= 2 ? effect(diffs) : { ...NO_EFFECT, mean: diffs[0] ?? NaN, n: diffs.length };
        return {
          claim: c.claim,
          lower: c.lower,
          higher: c.higher,
          budget,
          family,
          difference: e,
          verdict: e.outcome === "higher" ? "holds" : e.outcome === "lower" ? "fails" : "inconclusive",
        } as AuctionClaimCheck;
      });
    }),
  );
}

/** The per-seed differences higher − lower of one claim in one budget × family cell, in seed order. */
function differences(
  rows: readonly AuctionSweepRow[],
  c: AuctionClaim,
  budget: string,
  family: string,
): number[] {
  const sel = rows.filter((r) => r.budget === budget && r.family === family);
  const seeds = [...new Set(sel.map((r) => r.seed))].sort((a, b) => a - b);
  return seeds.flatMap((s) => {
    const lo = sel.find((r) => r.seed === s && r.mechanism === c.lower);
    const hi = sel.find((r) => r.seed === s && r.mechanism === c.higher);
    return lo && hi ? [hi[c.metric] - lo[c.metric]] : [];
  });
}
