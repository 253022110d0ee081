/**
 * Notebook 11's coalition game (thesis Section 8): one auction round of a replayed workload, played
 * twice — by the users with the most demand (every coalition enumerated) and by all users of the
 * round (coalitions sampled) — whether the grand coalition is in the core, who gains from pooling in
 * the small game (views/coop/coalition-game.ts shows them and reads the small game in a paragraph).
 */
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

/** One game's players: users and their jobs in the round. */
export interface CoalitionGamePlayers {
  /** Users (each with a budget). */
  users: number;
  /** Their jobs in the round. */
  jobs: number;
}

/** One way of playing the small game (every user alone, or all in the grand coalition): utilities, winners, payments. */
export interface CoalitionOutcome {
  /** Each user's utility. */
  users: Map<string, number>;
  /** Jobs that won. */
  won: number;
  /** Total payments. */
  paid: number;
}

/** What {@link coalitionGame} gives. */
export interface CoalitionGame {
  /** Users of the small game (those with the most demand). */
  smallUsers: number;
  /** The small game's core check. */
  small: CoreCheck;
  /** The large game's core check. */
  large: CoreCheck;
  /** The small and the large game's players. */
  players: { small: CoalitionGamePlayers; large: CoalitionGamePlayers };
  /** The small game with every user alone. */
  alone: CoalitionOutcome;
  /** The small game with the grand coalition. */
  grand: CoalitionOutcome;
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
  const alone = coalitionPayoffs(few.jobs, new Map(), { capacity, budgets: few.budgets });
  const grand = coalitionPayoffs(few.jobs, new Map([...few.budgets.keys()].map((u) => [u, "N"])), {
    capacity,
    budgets: few.budgets,
  });
  const players = (g: typeof round) => ({ users: g.budgets.size, jobs: g.jobs.length });
  return {
    smallUsers: users,
    small,
    large,
    players: { small: players(few), large: players(round) },
    alone: { users: alone.users, won: alone.won, paid: alone.paid },
    grand: { users: grand.users, won: grand.won, paid: grand.paid },
  };
}
