/**
 * The thesis's TP_1A (Table 11) as the clearing-price identity reads it (lib/mechanism/clearing-price.ts):
 * its ordinary samples' one value, which the thesis derives itself as 40·W (Section 6.3.1), and its
 * special sample's, which it could not explain; each divided by W (Table 17's TW_1A) is the clearing
 * planned time λ, minutes, that TP_1A = λ·W asks for. Read off the published tables; nothing is fitted.
 */
import { readThesisTable } from "../io/thesis-tables";
import { invalidArgument } from "../util/errors";
import { projectRoot } from "../util/project-paths";

/** One TP_1A of the thesis with the λ it implies. */
export interface ThesisTp1a {
  /** Node-minutes. */
  TP_1A: number;
  /** TP_1A / W, minutes. */
  lambda: number;
}

/** The thesis's TP_1A constant and its special sample's value. */
export interface ThesisTp1aConstant {
  /** W: the thesis's TW_1A (Table 17), nodes. */
  W: number;
  /** The value every ordinary sample shares, and how many share it. */
  ordinary: ThesisTp1a & { samples: number };
  /** The special sample's (the thesis's sample_20, without 40-minute jobs). */
  special: ThesisTp1a & { sample: string };
}

/**
 * The thesis's TP_1A constant and its special sample's value, with the λ each implies.
 * @throws `invalid Table 11: …` when the ordinary samples do not share one TP_1A, or `special` is missing
 */
export function thesisTp1aConstant(root = projectRoot(), special = "sample_20.txt"): ThesisTp1aConstant {
  const tp = readThesisTable(11, root).rows;
  const tw = readThesisTable(17, root).rows;
  const W = Number(tw.find((r) => r.sample !== special)?.TW_1A);
  const ordinary = [...new Set(tp.filter((r) => r.sample !== special).map((r) => Number(r.TP_1A)))];
  const sp = tp.find((r) => r.sample === special);
  if (ordinary.length !== 1 || !sp || !(W > 0))
    throw invalidArgument(
      "Table 11",
      `${ordinary.length} TP_1A values among the ordinary samples`,
      `one value, and the special sample ${special}`,
    );
  const samples = tp.filter((r) => r.sample !== special).length;
  const special_ = Number(sp.TP_1A);
  return {
    W,
    ordinary: { TP_1A: ordinary[0], lambda: ordinary[0] / W, samples },
    special: { sample: special, TP_1A: special_, lambda: special_ / W },
  };
}
