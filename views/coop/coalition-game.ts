/**
 * Notebook 11's coalition game shown: one row per game (is the grand coalition in the core?), who
 * gains from pooling in the small game, and one paragraph reading it.
 */
import { wholeNumber } from "../display/format";
import type { CoalitionGame, CoalitionGamePlayers } from "../../lib/coop/coalition-game";
import type { CoreCheck } from "../../lib/coop/coalitions";

/** The game's display rows and the paragraph reading the small game. */
export function coalitionGameTables(game: CoalitionGame): {
  core: Record<string, string | number>[];
  gains: Record<string, string | number>[];
  note: string;
} {
  const { small, alone, grand } = game;
  const row = (name: string, g: CoalitionGamePlayers, c: CoreCheck) => ({
    game: name,
    users: g.users,
    jobs: g.jobs,
    method: c.method,
    checked: c.checked,
    "blocking coalitions": c.violations.length,
    "grand coalition's utility": wholeNumber(c.grandValue),
    "utility alone": wholeNumber(c.aloneValue),
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
    core: [
      row(`${game.smallUsers} users with the most demand`, game.players.small, small),
      row("all users of the round", game.players.large, game.large),
    ],
    gains,
    note,
  };
}
