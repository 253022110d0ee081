/**
 * Which tier a published mechanism column belongs to. The identities are the columns whose value follows from the model's definitions (each
 * is a property test under test/mechanism/); the columns an input fixes are by construction
 * (lib/scorecard/dependencies.ts); every other column of Tables 10–29 is a reproduced result,
 * except Table 18's wall-clock times, which are not comparable.
 */
import { dependencyOf } from "./dependencies";
import type { Tier } from "./row";
import type { IdentityId, TierBasis } from "./tier-basis";

/** An identity: the published columns it covers and the definition it follows from. */
interface Identity {
  tables: readonly number[];
  column: RegExp;
  identity: IdentityId;
  /** The Clarke re-run capacities under which it holds. Defaults to both. */
  rerunCapacity?: "covered";
}

// vcg-within-bid: VCG (the exact optimum with Clarke payments) charges no winner more than her bid;
// clarke-never-negative: Clarke payments are never negative for the exact optimum and the halting
// greedy; optimum-fills-w: an optimum leaves no free nodes an unselected job fits, and a sample
// asking for 2W nodes holds such jobs; halting-greedy-within-bid: the halting greedy by b/w (1B, 4B)
// with the Clarke re-run capped at the nodes its solution covers charges no winner more than her bid
// (without winner i the re-run admits only later jobs, of bid per node at most hers, into at most
// her w_i nodes), wherever its own solution beats the highest single bid
const IDENTITIES: readonly Identity[] = [
  { tables: [12], column: /^PM_1A$/, identity: "vcg-within-bid" },
  { tables: [12], column: /^PM_(1B|4B)$/, identity: "halting-greedy-within-bid", rerunCapacity: "covered" },
  { tables: [16], column: /^NC_/, identity: "clarke-never-negative" },
  { tables: [23, 27], column: /^NC_(1B1|4B1)$/, identity: "clarke-never-negative" },
  { tables: [17], column: /^TW_1A$/, identity: "optimum-fills-w" },
];

/**
 * The tier of column `column` of thesis table `table` (10–29) on `source` with the Clarke re-run
 * capacity `rerunCapacity` ("covered", the default, or "W"), and why when it is not a reproduced
 * result: an identity of the model, an input's consequence (lib/scorecard/dependencies.ts) or
 * another solver's wall-clock time.
 */
export function mechanismTier(
  table: number,
  column: string,
  source = "twin",
  rerunCapacity: "covered" | "W" = "covered",
): { tier: Tier; basis: TierBasis } {
  if (column.startsWith("TTS_")) return { tier: "not comparable", basis: { kind: "another solver" } };
  const id = IDENTITIES.find(
    (i) =>
      i.tables.includes(table) &&
      i.column.test(column) &&
      (i.rerunCapacity === undefined || i.rerunCapacity === rerunCapacity),
  );
  if (id) return { tier: "identity", basis: { kind: "identity", identity: id.identity } };
  const dep = dependencyOf(table, column, source);
  return dep
    ? { tier: "by construction", basis: { kind: "input", input: dep.input } }
    : { tier: "reproduced result", basis: { kind: "reproduced" } };
}

/**
 * The thesis prints some quantities again in later tables: the original greedy's columns of Tables
 * 19–27 (`1B1`, `4B1`) are round 1's 1B and 4B, and Table 28's model columns are Tables 10, 19 and
 * 24's. Such a column is scored once, where it first appears; this gives that first place.
 */
const REPEATS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      [19, "TV", 10],
      [20, "TW", 17],
      [21, "TP", 11],
      [22, "PM", 12],
      [23, "NC", 16],
      [24, "TV", 10],
      [25, "TP", 11],
      [26, "PM", 12],
      [27, "NC", 16],
    ].flatMap(([t, m, first]) => [
      [`${t}:${m}_1B1`, `${first}:${m}_1B`],
      [`${t}:${m}_4B1`, `${first}:${m}_4B`],
    ]),
  ),
  "28:TV_1B1": "10:TV_1B",
  "28:TV_1B2": "19:TV_1B",
  "28:TV_1B3": "24:TV_1B",
  "29:TV_1B": "10:TV_1B",
};

/** Where column `column` of table `table` was first printed by the thesis (undefined: here). */
export function firstPrinted(table: number, column: string): { table: number; column: string } | undefined {
  const to = REPEATS[`${table}:${column}`];
  return to ? { table: Number(to.split(":")[0]), column: to.split(":")[1] } : undefined;
}
