/** Players' deviations (lib/coop/deviations.ts) shown: the payment slack read in one sentence, the worst unilateral deviation under each payment rule as a table. */
import { localeNumber, percent } from "../display/format";
import type { PaymentDeviation, paymentSlackRows, worstDeviations } from "../../lib/coop/deviations";

/**
 * One sentence reading {@link paymentSlackRows}: how many winners pay less than their bid and how
 * large their discount is, at the smallest and the largest scale κ of the others' bids.
 * @throws `invalid rows: …` for fewer than two rows
 */
export function paymentSlackNote(rows: ReturnType<typeof paymentSlackRows>): string {
  if (!Array.isArray(rows) || rows.length < 2)
    throw new Error(`invalid rows: ${JSON.stringify(rows)}; expected at least two κ rows`);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const shares = rows.map((r) => r.payLessShare);
  const falls = last.meanSlack < first.meanSlack;
  return (
    `**Reading.** At every κ from ${first.kappa} to ${last.kappa}, ${percent(Math.min(...shares), { space: true })}–${percent(Math.max(...shares), { space: true })} ` +
    `of the winners pay less than their bid: critical payments give most winners a discount. As the others bid ` +
    `more (κ ${first.kappa} → ${last.kappa}) fewer players win (${localeNumber(first.winners)} → ` +
    `${localeNumber(last.winners)}) and the mean discount (b − p)/b ${falls ? "falls" : "rises"} ` +
    `(${first.meanSlack.toFixed(3)} → ${last.meanSlack.toFixed(3)}): a winner's payment is set by the bids it displaces, ` +
    `not by its own.`
  );
}

/** The worst unilateral deviation under each payment rule ({@link worstDeviations}), as display rows. */
export function worstDeviationTable(rows: readonly PaymentDeviation[]): Record<string, string | number>[] {
  return rows.map((w) => ({
    payment: w.payment,
    "truthful welfare": w.truthfulWelfare,
    "worst welfare found": w.worstWelfare,
    "ratio (lower bound on a worst-equilibrium loss)": w.ratio,
    player: w.player,
    value: w.value,
    misreport: w.bid,
    tried: w.tried,
  }));
}
