/**
 * Rules of your own beside the thesis's experiments (notebooks 07–09's `EXTRA_RULES`): each entry a
 * greedy rule by a key formula (greedy-key.ts) with a bid model, run on the same samples as the
 * thesis's experiments and labelled `<name> (yours)` — the thesis has no value for it, so it is
 * shown and never judged.
 */
import {
  type BidModel,
  type ExperimentSpec,
  MAIN_EXPERIMENTS,
  MODIFIED_EXPERIMENTS,
  PRIORITY_EXPERIMENTS,
  ruleFromSpec,
} from "./experiments";
import { greedyKey } from "./greedy-key";
import { invalidArgument } from "../util/errors";
import { keyword } from "../util/options";

/** One `EXTRA_RULES` entry. */
export interface ExtraRule {
  /** A short label (letters, digits, `-`, `_`), not one of the thesis's (1A, 1B, 2B, 3B, 4B, 1B1, 4B1). */
  name: string;
  /** The greedy key formula in b, w, min, rtime (greedy-key.ts). Defaults to "b/w". */
  key?: string;
  /** Bid model. Defaults to "inexperienced" (w·min). */
  bid?: BidModel;
  /** Skip players that do not fit (the modified greedy). Defaults to false. */
  skip?: boolean;
  /** The highest-bidder fallback. Defaults to true. */
  fallback?: boolean;
}

/** The suffix marking a user's experiment label. */
export const YOURS = " (yours)";

/**
 * The experiments of `EXTRA_RULES` entries, labelled `<name> (yours)`, each rule an `AllocationRule`
 * object built from its key formula (as a rule written by hand is).
 * @param what the parameter's name in errors. Defaults to "EXTRA_RULES".
 * @throws `invalid EXTRA_RULES[0].name: "1B"; expected …` naming the entry and field, and the key's
 *   compile errors (`invalid EXTRA_RULES[0].key: …`)
 * @example extraExperiments([{ name: "W2", key: "b/w^2" }])   // greedy by b/w², inexperienced bids
 */
export function extraExperiments(entries: unknown, what = "EXTRA_RULES"): ExperimentSpec[] {
  if (!Array.isArray(entries))
    throw invalidArgument(what, entries, 'an array such as [{ "name": "W2", "key": "b/w^2" }]');
  const taken = new Set(
    [...MAIN_EXPERIMENTS, ...MODIFIED_EXPERIMENTS, ...PRIORITY_EXPERIMENTS].map((e) => e.label),
  );
  return entries.map((entry: unknown, k): ExperimentSpec => {
    const at = `${what}[${k}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw invalidArgument(at, entry, '{ "name": …, "key": … }');
    const e = entry as Record<string, unknown>;
    const unknown = Object.keys(e).filter((f) => !["name", "key", "bid", "skip", "fallback"].includes(f));
    if (unknown.length)
      throw invalidArgument(`${at}.${unknown[0]}`, e[unknown[0]], "only name, key, bid, skip, fallback");
    if (typeof e.name !== "string" || !/^[\w-]{1,16}$/.test(e.name) || taken.has(e.name))
      throw invalidArgument(
        `${at}.name`,
        e.name,
        `a new label of 1–16 letters, digits, "-" or "_" (not ${[...taken].join(", ")})`,
      );
    taken.add(e.name);
    const key = e.key ?? "b/w";
    if (typeof key !== "string") throw invalidArgument(`${at}.key`, key, 'a key formula such as "b/w^2"');
    greedyKey(key, `${at}.key`); // compiles now, so a bad formula names its entry
    for (const f of ["skip", "fallback"] as const)
      if (e[f] !== undefined && typeof e[f] !== "boolean")
        throw invalidArgument(`${at}.${f}`, e[f], "true or false");
    return {
      label: e.name + YOURS,
      bid: keyword(e.bid ?? "inexperienced", `${at}.bid`, ["inexperienced", "experienced"] as const),
      // the entry built into the rule object a rule of your own is (rule.ts)
      rule: ruleFromSpec({
        kind: "greedy",
        key,
        skip: e.skip as boolean | undefined,
        fallback: e.fallback as boolean | undefined,
      }),
    };
  });
}
