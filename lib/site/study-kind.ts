/**
 * The what-if grid as a study kind (study/, studies/your-cluster-grid.json): one task = one cell of
 * the grid (one combination of lib/site/grid.ts's axes: absolute values, or `"x<k>"` times the
 * site's own), compared with the site's own settings over `runs` paired runs; its rows are
 * lib/site/grid-rows.ts's, each with the site's source and the task's axis values. Parameters besides the axes: `source`
 * (an export folder; defaults to lib/site/default-export.ts's), `runs` (default 10), `seed`
 * (default 1), `jitterSeconds` (default the site's bf_interval), `timing` (default "events").
 */
import { DEFAULT_SITE_EXPORT } from "./default-export";
import { gridCell, runSiteGrid } from "./grid";
import { siteGridRows } from "./grid-rows";
import { loadSite } from "./site-model";

/** Runs one task (see the module comment). */
export function siteGridStudyTask(params: Record<string, unknown>): Record<string, unknown>[] {
  const site = loadSite((params.source as string | undefined) ?? DEFAULT_SITE_EXPORT);
  const cell = gridCell(site.settings, params);
  const grid = runSiteGrid(site, [cell], {
    runs: params.runs as number | undefined,
    seed: params.seed as number | string | undefined,
    jitterSeconds: params.jitterSeconds as number | undefined,
    timing: params.timing as "events" | "slurmctld" | undefined,
  });
  return siteGridRows(grid).map((r) => ({ source: site.source, ...r }));
}
