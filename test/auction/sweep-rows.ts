/** A sweep's result row for tests: one seed, budget "b", bid family "power", the given mechanism and mean incomplete frames. */
import type { AuctionSweepRow } from "../../lib/auction/robustness";

export const sweepRow = (
  seed: number,
  mechanism: "fs" | "ps" | "gv",
  incompleteMean: number,
): AuctionSweepRow => ({
  seed,
  budget: "b",
  workMean: 6.6,
  runs: 10,
  family: "power",
  mechanism,
  incompleteMean,
  incompleteSd: 1,
  completePct: 25,
  absChangeSd: 1,
  unchangedPct: 60,
});
