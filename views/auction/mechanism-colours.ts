/**
 * The colour of each auction mechanism (FS grey, PS blue, GV red), the same in every figure of
 * notebook 14 (views/auction/figures.ts, views/auction/genetic-figures.ts).
 */
import type { AuctionMechanism } from "../../lib/auction/simulator";

/** A mechanism's colour (CSS hex) in notebook 14's figures. */
export const MECHANISM_COLOURS: Record<AuctionMechanism, string> = {
  fs: "#7f7f7f",
  ps: "#1f77b4",
  gv: "#d62728",
};
