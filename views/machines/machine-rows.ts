/** The real-machines study per machine (lib/machines/machine-rows.ts) as display rows: W, eligibility, samples, mean PoA with its 95% CI. */
import { localeNumber } from "../../lib/display/format";
import * as fs from "node:fs";
import { parseJsonLines } from "../../lib/io/json-lines";
import { meanInterval } from "../../lib/util/interval";
import { ciText } from "../../lib/util/stats";
import type { RealMachineRow, SourceEligibility } from "../../lib/machines/real-machines";
import type { MachineLine } from "../../lib/machines/machine-rows";

/**
 * The machines: every source of the sources study (`eligibility`, read from its JSON-lines file;
 * `""` or a missing file: none) and of `rows`, with W, eligibility, samples and the mean PoA.
 */
export function machinesTable(rows: readonly RealMachineRow[], eligibilityFile = ""): MachineLine[] {
  const eligibility =
    eligibilityFile !== "" && fs.existsSync(eligibilityFile)
      ? parseJsonLines<SourceEligibility>(fs.readFileSync(eligibilityFile, "utf8"), eligibilityFile)
      : [];
  const sources = [...new Set([...eligibility.map((e) => e.source), ...rows.map((r) => r.source)])];
  return sources.map((source) => {
    const mine = rows.filter((r) => r.source === source);
    const ordinary = mine.filter((r) => !r.special);
    const e = eligibility.find((x) => x.source === source);
    const W = mine[0]?.W ?? e?.W;
    return {
      source,
      W: W !== undefined && W >= 1 ? localeNumber(W) : "",
      eligible: e ? (e.eligible ? "yes" : `no: ${shortReason(e)}`) : "",
      "ordinary samples": localeNumber(ordinary.length),
      "special samples": localeNumber(mine.filter((r) => r.special).length),
      "PoA, this study's samples (95% CI)": ordinary.length
        ? ciText(meanInterval(ordinary.map((r) => r.PoA)), 2)
        : "",
    };
  });
}

/** The first clause of why a source cannot feed the pipeline (the sources file holds the whole reason). */
function shortReason(e: SourceEligibility): string {
  return e.reason.replace(`invalid source ${e.source}: `, "").split("; ")[0];
}
