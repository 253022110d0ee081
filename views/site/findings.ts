/**
 * Notebook 18's headline findings, every number computed: the cluster as it was (jobs, accounts,
 * machine, waits, backfill, usage against shares), the replay's fidelity gate (and the warning its
 * what-ifs carry unless it passes), and the chosen setting of the grid with its winners and losers.
 * The chosen setting is the one given, else the grid's cell that raises Jain's index of usage against
 * shares the most (outcome *higher*), else the site's own.
 */
import { fixed, percent } from "../display/format";
import { invalidArgument } from "../../lib/util/errors";
import type { Fidelity } from "../../lib/site/fidelity";
import { type GridCell, gridCell } from "../../lib/site/grid";
import type { SiteGridRow } from "../../lib/site/grid-rows";
import type { ScheduleFigures } from "../../lib/site/replay";
import type { SiteModel } from "../../lib/site/site";
import type { SiteSettings } from "../../lib/site/site-settings";
import { OWN_SETTINGS } from "../../lib/site/config-diff";

/**
 * The chosen setting's label: `label` when given (a cell of the rows, or {@link OWN_SETTINGS}), else
 * the cell whose Jain's index of usage against shares rises (outcome *higher*) the most, else
 * {@link OWN_SETTINGS} (no setting of the grid makes usage more even).
 * @throws `invalid CHOSEN: …` for a label the grid lacks
 */
export function chooseCell(rows: readonly SiteGridRow[], label = ""): string {
  const cells = [...new Set(rows.map((r) => r.cell))];
  if (label !== "") {
    if (label !== OWN_SETTINGS && !cells.includes(label))
      throw invalidArgument(
        "CHOSEN",
        label,
        `"" or one of the grid's settings: ${[OWN_SETTINGS, ...cells].map((c) => JSON.stringify(c)).join(", ")}`,
      );
    return label;
  }
  let best = OWN_SETTINGS,
    value = -Infinity;
  for (const r of rows)
    if (r.figure === "Jain's index" && r.outcome === "higher" && r.value !== null && r.value > value) {
      value = r.value;
      best = r.cell;
    }
  return best;
}

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
  lines.push(
    `- **Replay under the site's own settings** (${fidelity.runs.length} jittered run(s)): fidelity gate **${fidelity.outcome}** — start-order rank correlation ${fixed(check(0).mean, 3, "n/a")}, ${percent(check(1).mean)} of the jobs within one bf_interval (${fidelity.bfInterval} s) of their real start, wait error ${fixed(check(2).mean, 2, "n/a")}${check(3).outcome === "not computed" ? "" : `, backfilled share ${check(3).mean === 0 ? "as real" : `off by ${fixed(check(3).mean, 3, "n/a")}`}`}.${fidelity.outcome === "passes" ? "" : " **The what-ifs below carry a warning**: the replay does not reproduce this site closely enough for its changes to be read as the site's."}`,
  );
  if (chosen === OWN_SETTINGS) {
    const cells = new Set(rows.map((r) => r.cell)).size;
    lines.push(
      `- **What-if** (${input.gridOrigin}): none of the ${cells} settings makes usage against shares more even (Jain's index *higher*); the chosen setting is the site's own.`,
    );
    return lines.join("\n");
  }
  const mine = rows.filter((r) => r.cell === chosen);
  const jain = mine.find((r) => r.figure === "Jain's index");
  const list = (o: string) =>
    mine
      .filter((r) => r.figure === "median wait" && r.outcome === o)
      .map((r) => `${r.account} (${fixed(r.change, 1, "n/a")} s)`)
      .join(", ") || "none";
  lines.push(
    `- **What-if** (${input.gridOrigin}): the chosen setting, *${chosen}*, moves Jain's index from ${fixed(jain?.base ?? null, 3, "n/a")} to ${fixed(jain?.value ?? null, 3, "n/a")} (${jain?.outcome ?? "n/a"}); median wait lower for ${list("lower")}, higher for ${list("higher")}.`,
  );
  return lines.join("\n");
}
