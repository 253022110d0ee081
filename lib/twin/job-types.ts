/**
 * The twin's job types (lib/twin/job-core.ts, step 5): Figure 9's counts exactly, the non-SIM types
 * going preferentially to the smallest jobs, "(Other)" split over the types the thesis names.
 */
import { type Rng, shuffleInPlace } from "../util/rng";
import { ranks } from "./copula";

/** Extra "Other" job types (the thesis names POST and CLEAN). */
const OTHER_TYPES = ["POST", "CLEAN", "INI", "LOCAL_SETUP", "REMOTE_SETUP", "TRANSFER", "SAVEIC"];

/**
 * Each job's type: "SIM" except for the published counts of the other types, which go to the jobs
 * of fewest nodes (log nodes plus normal noise of 0.8 decides the order).
 * @param nodes each job's node count
 * @param types Figure 9's type counts, "(Other)" included
 */
export function assignJobTypes(
  nodes: Float64Array,
  types: readonly { value: string; count: number }[],
  rng: Rng,
): string[] {
  const nValid = nodes.length;
  const type = new Array<string>(nValid).fill("SIM");
  const score = new Float64Array(nValid);
  for (let i = 0; i < nValid; i++) score[i] = Math.log(nodes[i]) + 0.8 * rng.normal();
  const order = Array.from(ranks(score));
  const byRank = new Uint32Array(nValid);
  order.forEach((r, i) => (byRank[r] = i));
  const bag: string[] = [];
  for (const { value, count } of types) {
    if (value === "SIM") continue;
    if (value === "(Other)") {
      const k = OTHER_TYPES.length;
      for (let j = 0; j < k; j++)
        for (let c = 0; c < Math.floor(count / k) + (j < count % k ? 1 : 0); c++) bag.push(OTHER_TYPES[j]);
    } else for (let c = 0; c < count; c++) bag.push(value);
  }
  shuffleInPlace(bag, rng).forEach((ty, k) => (type[byRank[k]] = ty));
  return type;
}
