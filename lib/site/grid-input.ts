/**
 * The grid rows notebook 18 shows: a study's merged results (studies/your-cluster-grid.json, run with
 * `npm run study -- your-cluster-grid`) when a results file is given, else lib/site/grid.ts's
 * default grid run here on the site, and a sentence saying which; beside them, your schedulers
 * against Slurm's under the site's settings, always run here. A results file must be the same
 * site's (its rows name their source).
 */
import * as fs from "node:fs";
import { readJsonLines } from "../io/json-lines";
import { invalidArgument } from "../util/errors";
import { type SiteGrid, contenderCells, defaultGrid, runSiteGrid } from "./grid";
import type { Contender } from "../sim/contender";
import { type SiteGridRow, readGridRows, siteGridRows } from "./grid-rows";
import type { SiteModel } from "./site";
import type { WhatIfOptions } from "./what-if";

/** The rows and where they came from. */
export interface GridInput {
  rows: SiteGridRow[];
  /** The rows of your schedulers (`contenders`) against Slurm's under the site's own settings, paired as the grid's. */
  yours: SiteGridRow[];
  /** A sentence: the study's file and its size, or the default grid run here. */
  origin: string;
}

/**
 * The grid rows of a site (see the module comment).
 * @param options.resultsFile a study's merged.jsonl; "" runs the default grid here. Defaults to "".
 * @param options.onCell called after each cell the grid runs here (progress). Defaults to none.
 * @param options.contenders schedulers of your own, each a cell run here beside the grid. Defaults to none.
 * @throws `invalid GRID_RESULTS: …` for a file that does not exist or is another site's
 */
export function siteGridInput(
  site: SiteModel,
  options: WhatIfOptions & {
    resultsFile?: string;
    onCell?: (done: number, total: number) => void;
    contenders?: readonly Contender[];
  } = {},
): GridInput {
  const file = options.resultsFile ?? "";
  const yours = contenderCells(site.settings, options.contenders ?? []);
  const rowsOf = (grid: SiteGrid) =>
    readGridRows(siteGridRows(grid).map((r) => ({ ...r, source: site.source })));
  if (file !== "") {
    if (!fs.existsSync(file))
      throw invalidArgument(
        "GRID_RESULTS",
        file,
        'a study\'s merged.jsonl (npm run study -- your-cluster-grid), or "" to run the default grid here',
      );
    const raw = readJsonLines(file);
    const other = raw.find((r) => r.source !== site.source);
    if (other)
      throw invalidArgument(
        "GRID_RESULTS",
        file,
        `results of the site ${JSON.stringify(site.source)} (its rows are of ${JSON.stringify(other.source)}; set the study's params.source)`,
      );
    const rows = readGridRows(raw);
    const cells = new Set(rows.map((r) => r.cell)).size;
    return {
      rows,
      yours: yours.length ? rowsOf(runSiteGrid(site, yours, options)) : [],
      origin: `the study's results ${file}: ${cells} settings × ${rows[0]?.runs ?? 0} paired runs`,
    };
  }
  const cells = defaultGrid(site.settings);
  // your schedulers share the grid's base runs (one run of the grid, the cells after the settings')
  const grid = runSiteGrid(site, [...cells, ...yours], options);
  return {
    rows: rowsOf({ ...grid, cells: grid.cells.slice(0, cells.length) }),
    yours: rowsOf({ ...grid, cells: grid.cells.slice(cells.length) }),
    origin: `the default grid run here: ${cells.length} settings, one knob at a time, × ${grid.runs} paired runs`,
  };
}
