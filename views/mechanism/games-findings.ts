/**
 * The headline findings of notebook 05 (thesis Section 5), as markdown built from its computed
 * examples: the ISP game's Price of Anarchy, matching pennies' mixed equilibrium, Braess's paradox,
 * the auditor on the second- and first-price auctions, and the greedy's guarantees on random instances.
 */
import { localeNumber } from "../display/format";
import { thesisBeta } from "../../lib/io/thesis-section4";
import type { AuditReport } from "../../lib/mechanism/audit";
import type { BraessResult, GameAnalysis } from "../../lib/mechanism/games";
import type { MixedEquilibrium } from "../../lib/mechanism/mixed-equilibrium";

const gain = (cost: number) => (cost === 0 ? 0 : -cost);

/** What {@link gamesFindings} reads. */
export interface GamesFindingsInput {
  isp: GameAnalysis;
  pennies: MixedEquilibrium;
  braess: readonly BraessResult[];
  secondPrice: AuditReport;
  firstPrice: AuditReport;
  /** greedyGuaranteeTable rows of the wide (β ≤ ½) and the small-job instances. */
  wide: readonly Record<string, string | number | boolean>[];
  narrow: readonly Record<string, string | number | boolean>[];
  /** β the thesis reports for its samples. Defaults to the published one ({@link thesisBeta}, data/reference/thesis). */
  thesisBeta?: number;
}

const minRatio = (rows: GamesFindingsInput["wide"]) => Math.min(...rows.map((r) => Number(r.ratio)));
const allHold = (rows: GamesFindingsInput["wide"]) => rows.every((r) => r.holds === true);

/** The notebook's findings, one bullet each, with their sizes. */
export function gamesFindings(x: GamesFindingsInput): string {
  const [a, b] = x.braess;
  const beta = x.thesisBeta ?? thesisBeta();
  return [
    `**Findings** (thesis Section 5, every example computed here):`,
    `- ISP routing: the dominant-strategy equilibrium costs ${localeNumber(x.isp.priceOfAnarchy)} × the optimum (Price of Anarchy).`,
    `- Matching pennies has no pure equilibrium; its mixed equilibrium is p = ${localeNumber(x.pennies.p)}, q = ${localeNumber(x.pennies.q)}, ` +
      `expected payoffs ${localeNumber(gain(x.pennies.cost1))} and ${localeNumber(gain(x.pennies.cost2))}.`,
    `- Braess: adding the free link raises the equilibrium delay from ${localeNumber(a.equilibriumDelay)} to ${localeNumber(b.equilibriumDelay)} ` +
      `(Price of Anarchy ${localeNumber(b.priceOfAnarchy)}).`,
    `- The auditor finds ${x.secondPrice.profitable.length} profitable misreports in the second-price auction ` +
      `(${localeNumber(x.secondPrice.misreportsTried)} tried) and ${x.firstPrice.profitable.length} in the first-price one.`,
    `- Greedy / optimum on ${localeNumber(x.wide.length)} random instances with w ≤ W/2: lowest ${localeNumber(minRatio(x.wide))} ` +
      `(guarantee ½ ${allHold(x.wide) ? "holds in all" : "fails in some"}); on ${localeNumber(x.narrow.length)} ` +
      `small-job instances: lowest ${localeNumber(minRatio(x.narrow))} (1 − β ${allHold(x.narrow) ? "holds in all" : "fails in some"}).`,
    `- At the thesis's β ≈ ${beta} the greedy loses at most ${localeNumber(100 * beta)} % of the optimum ` +
      `(guarantee 1 − β = ${(1 - beta).toFixed(4)}).`,
  ].join("\n");
}
