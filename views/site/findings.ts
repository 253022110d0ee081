/**
 * Notebook 18's headline findings, every number computed: the cluster as it was (jobs, accounts,
 * machine, waits, backfill, usage against shares), the replay's fidelity gate (and the warning its
 * what-ifs carry unless it passes, or that they are unusable when it does not beat the simpler
 * predictors), and the chosen setting of the grid (lib/site/objective.ts `chooseCell`) with what it
 * does to the objective and who wins and loses.
 */
import { fixed, percent } from "../display/format";
import { invalidArgument } from "../../lib/util/errors";
import type { CellRank } from "../../lib/site/objective";
import type { Fidelity } from "../../lib/site/fidelity";
import { type GridCell, gridCell } from "../../lib/site/grid";
import type { SiteGridRow } from "../../lib/site/grid-rows";
import type { ScheduleFigures } from "../../lib/site/replay";
import type { SiteModel } from "../../lib/site/site";
import type { SiteSettings } from "../../lib/site/site-settings";
import { OWN_SETTINGS } from "../../lib/site/config-diff";

/** The settings of a cell of the rows (remade from its axis values); the site's own for {@link OWN_SETTINGS}. */
export function cellSettings(site: SiteModel, rows: readonly SiteGridRow[], label: string): SiteSettings {
  if (label === OWN_SETTINGS) return site.settings;
  const row = rows.find((r) => r.cell === label);
  if (!row) throw invalidArgument("setting", label, "a setting of the grid");
  return gridCell(site.settings, row.params).settings;
}

/** The grid's cells (one per label, in the rows' order), remade from their axis values. */
export function gridCells(site: SiteModel, rows: readonly SiteGridRow[]): GridCell[] {
  const labels = [...new Set(rows.map((r) => r.cell))];
  return labels.map((l) => gridCell(site.settings, rows.find((r) => r.cell === l)!.params));
}

/**
 * The setting whose weights the notebook re-ranks a priority snapshot under: the chosen one when it
 * changes the weights, else the first cell that does, else the chosen one (no cell changes them).
 */
export function rerankSetting(
  site: SiteModel,
  chosen: string,
  cells: readonly GridCell[],
): { label: string; settings: SiteSettings } {
  const own = site.settings.weights;
  const differs = (s: SiteSettings) =>
    (Object.keys(own) as (keyof typeof own)[]).some((k) => s.weights[k] !== own[k]);
  const mine =
    chosen === OWN_SETTINGS
      ? site.settings
      : (cells.find((c) => c.label === chosen)?.settings ?? site.settings);
  if (differs(mine)) return { label: chosen, settings: mine };
  const other = cells.find((c) => differs(c.settings));
  return other ? { label: other.label, settings: other.settings } : { label: chosen, settings: mine };
}

/** What {@link siteFindings} reads. */
export interface SiteFindingsInput {
  site: SiteModel;
  real: ScheduleFigures;
  fidelity: Fidelity;
  rows: readonly SiteGridRow[];
  chosen: string;
  /** The objective the cells are ranked by, and the ranking (lib/site/objective.ts rankCells). */
  objective: string;
  ranks: readonly CellRank[];
  /** Where the grid's rows come from (a sentence). */
  gridOrigin: string;
}

/** The findings as markdown (see the module comment). */
export function siteFindings(input: SiteFindingsInput): string {
  const { site, real, fidelity, rows, chosen } = input;
  const acc = real.accounts;
  const byWait = [...acc].sort((a, b) => a.medianWait - b.medianWait || a.account.localeCompare(b.account));
  const over = [...acc].sort((a, b) => b.usageShare - b.share - (a.usageShare - a.share))[0];
  const span =
    (Math.max(...site.jobs.map((j) => j.end)) - Math.min(...site.jobs.map((j) => j.eligible))) / 3600;
  const lines: string[] = [];
  lines.push(
    `- **The cluster as it was**: ${site.jobs.length} jobs of ${acc.length} account(s) over ${fixed(span, 2, "n/a")} h on ${site.machine.nodes} nodes × ${site.machine.coresPerNode} cores; median wait from ${fixed(byWait[0].medianWait, 1, "n/a")} s (${byWait[0].account}) to ${fixed(byWait[byWait.length - 1].medianWait, 1, "n/a")} s (${byWait[byWait.length - 1].account}); ${Number.isFinite(real.backfilledShare) ? `${percent(real.backfilledShare)} of the jobs started by backfill (sacct's Flags)` : "which scheduler started each job is not in the export"}.`,
  );
  lines.push(
    `- **Usage against shares**: Jain's index ${fixed(real.jain, 3, "n/a")} (1 = every account used exactly its share); furthest above its share: ${over.account} (${percent(over.usageShare)} of the usage, ${percent(over.share)} of the shares).`,
  );
  const check = (k: number) => fidelity.checks[k];
  const base = (name: string) => fidelity.baselines.find((b) => b.baseline === name)!;
  const baselineText = fidelity.baselines
    .map((b) => `${b.baseline} ${percent(b.run.withinInterval)} (replay ${b.withinInterval})`)
    .join(", ");
  lines.push(
    `- **Replay under the site's own settings** (${fidelity.runs.length} jittered run(s)): fidelity gate **${fidelity.outcome}** — start-order rank correlation ${fixed(check(0).mean, 3, "n/a")}, ${percent(check(1).mean)} of the jobs within one bf_interval (${fidelity.bfInterval} s) of their real start (${baselineText}), wait error ${fixed(check(2).mean, 2, "n/a")} (start = submit ${fixed(base("start = submit").run.waitError, 2, "n/a")}, FCFS on the pool ${fixed(base("FCFS on the pool").run.waitError, 2, "n/a")})${check(3).outcome === "not computed" ? "" : `, backfilled share ${check(3).mean === 0 ? "as real" : `off by ${fixed(check(3).mean, 3, "n/a")}`}`}.${standingText(fidelity.standing)}`,
  );
  if (chosen === OWN_SETTINGS) {
    const cells = new Set(rows.map((r) => r.cell)).size;
    lines.push(
      `- **What-if** (${input.gridOrigin}; objective: ${input.objective}): none of the ${cells} settings is shown better; the chosen setting is the site's own.`,
    );
    return lines.join("\n");
  }
  const mine = rows.filter((r) => r.cell === chosen);
  const rank = input.ranks.find((r) => r.cell === chosen);
  const list = (o: string) =>
    mine
      .filter((r) => r.figure === "median wait" && r.outcome === o)
      .map((r) => `${r.account} (${fixed(r.change, 1, "n/a")} s)`)
      .join(", ") || "none";
  lines.push(
    `- **What-if** (${input.gridOrigin}; objective: ${input.objective}): the chosen setting, *${chosen}*, moves it from ${fixed(rank?.base ?? null, 3, "n/a")} to ${fixed(rank?.value ?? null, 3, "n/a")} (${rank?.outcome ?? "n/a"}, rank ${rank?.rank ?? "n/a"} of ${input.ranks.length}); median wait lower for ${list("lower")}, higher for ${list("higher")}.`,
  );
  return lines.join("\n");
}

/** The sentence on what the what-ifs are worth. */
function standingText(standing: Fidelity["standing"]): string {
  if (standing === "usable") return "";
  if (standing === "with a warning")
    return " **The what-ifs below carry a warning**: the replay beats the simpler predictors but does not pass the gate.";
  return " **The what-ifs below are unusable**: the replay does not beat both simpler predictors, so what it says a setting changes says nothing of this site.";
}
