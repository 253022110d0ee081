/**
 * Notebook 11's coalition game (thesis Section 8): one auction round of a replayed workload, played
 * twice — by the users with the most demand (every coalition enumerated) and by all users of the
 * round (coalitions sampled) — whether the grand coalition is in the core, who gains from pooling in
 * the small game, and one paragraph reading it.
 */
import { wholeNumber } from "../display/format";
import type { Rng } from "../util/rng";
import { coalitionPayoffs, coalitionRound, type CoreCheck, coreCheck } from "./coalitions";

/** Options of {@link coalitionGame}. */
export interface CoalitionGameSetup {
  /** Nodes on offer (the machine's). */
  capacity: number;
  /** The round: jobs submitted in the first `hours`. Defaults to 48. */
  hours?: number;
  /** Users' budgets: this share of the round's total value, split equally. Defaults to 0.1. */
  budgetShare?: number;
  /** Users of the small (enumerated) game: those with the most demand. Defaults to 8. */
  users?: number;
  /** Coalitions sampled in the large game. Defaults to 300. */
  samples?: number;
  /** Stream of the sampled coalitions. */
  rng: Rng;
}

/** What {@link coalitionGame} gives. */
export interface CoalitionGame {
  /** The small game's core check. */
  small: CoreCheck;
  /** The large game's core check. */
  large: CoreCheck;
  /** One row per game. */
  core: Record<string, string | number>[];
  /** Per user of the small game: utility alone, in the grand coalition, gain. */
  gains: Record<string, string | number>[];
  /** The paragraph reading the small game. */
  note: string;
}

/** Plays the round's two games. @throws coalitionRound's and coreCheck's errors */
export function coalitionGame(
  jobs: readonly { user: string; nodes: number; limit: number; submit: number }[],
  setup: CoalitionGameSetup,
): CoalitionGame {
  const { capacity, hours = 48, budgetShare = 0.1, users = 8, samples = 300, rng } = setup;
  const round = coalitionRound(jobs, { hours, budgetShare });
  const few = coalitionRound(jobs, { hours, budgetShare, users });
  const small = coreCheck(few.jobs, { capacity, budgets: few.budgets });
  const large = coreCheck(round.jobs, { capacity, budgets: round.budgets, maxEnumerate: 12, samples, rng });
  const row = (game: string, g: typeof round, c: CoreCheck) => ({
    game,
    users: g.budgets.size,
    jobs: g.jobs.length,
    method: c.method,
    checked: c.checked,
    "blocking coalitions": c.violations.length,
    "grand coalition's utility": wholeNumber(c.grandValue),
    "utility alone": wholeNumber(c.aloneValue),
  });
  const alone = coalitionPayoffs(few.jobs, new Map(), { capacity, budgets: few.budgets });
  const grand = coalitionPayoffs(few.jobs, new Map([...few.budgets.keys()].map((u) => [u, "N"])), {
    capacity,
    budgets: few.budgets,
  });
  const gains = [...small.grand.keys()].map((u) => ({
    user: u,
    "utility alone": wholeNumber(alone.users.get(u)!),
    "utility in the grand coalition": wholeNumber(small.grand.get(u)!),
    gain: wholeNumber(small.grand.get(u)! - alone.users.get(u)!),
  }));
  const note =
    `Pooling budgets ${small.grandValue > small.aloneValue ? "raises" : "lowers"} the users' total utility in the ` +
    `small game (${wholeNumber(small.aloneValue)} → ${wholeNumber(small.grandValue)}), and ${small.violations.length} of ` +
    `${small.checked} coalitions would do better alone. Why: alone, ${alone.won} jobs win and pay ` +
    `${wholeNumber(alone.paid)} in all; pooled, ${grand.won} win and pay ${wholeNumber(grand.paid)} — the pool lifts the budget ` +
    `caps, members bid their full values against each other and their critical payments ` +
    `${grand.paid > alone.paid ? "rise" : "do not rise"}. Cooperation that only shares money does not pay here; ` +
    `a coalition would have to coordinate its bids too.`;
  return {
    small,
    large,
    core: [
      row(`${users} users with the most demand`, few, small),
      row("all users of the round", round, large),
    ],
    gains,
    note,
  };
}
