/**
 * A what-if grid over a site's settings: each cell a change of the site's own settings
 * (PriorityWeight{Age,FairShare,JobSize,QOS,Partition}, PriorityDecayHalfLife, PriorityFavorSmall,
 * the fair-share algorithm, bf_interval, bf_window), each compared with the site's own by
 * lib/site/what-if.ts over the same paired runs (the base's runs are replayed once for the whole
 * grid). {@link defaultGrid} varies one knob at a time around the site's settings (notebook 18);
 * {@link gridCell} makes one cell from a study task's axis values (studies/your-cluster-grid.json),
 * each value absolute (`200`) or a multiple of the site's own (`"x2"`).
 */
import type { Contender } from "../sim/contender";
import { invalidArgument } from "../util/errors";
import { changeLabel } from "./config-diff";
import {
  type SettingsChange,
  type SiteSettings,
  SITE_FAIR_SHARE,
  type SiteFairShare,
  applySettingsChange,
} from "./site-settings";
import type { SiteModel } from "./site";
import { type WhatIf, type WhatIfOptions, compareReplays, replayRuns, whatIfRuns } from "./what-if";

/** One cell of a grid: its label, the axis values that make it, and its settings. */
export interface GridCell {
  label: string;
  /** The axis values (lib/site/grid.ts GRID_AXES) that make it from the site's own settings. */
  params: Record<string, unknown>;
  settings: SiteSettings;
  /** A scheduler of your own run in place of Slurm's under these settings. Defaults to none (Slurm's). */
  contender?: Contender;
}

/** A cell per contender: your scheduler in place of Slurm's under the site's own settings (params `{ scheduler: label }`). */
export function contenderCells(base: SiteSettings, contenders: readonly Contender[]): GridCell[] {
  return contenders.map((c) => ({
    label: c.label,
    params: { scheduler: c.label },
    settings: base,
    contender: c,
  }));
}

/** The grid's axes as a study names them, each mapped to a settings change. */
export const GRID_AXES = Object.freeze([
  "weightAge",
  "weightFairShare",
  "weightJobSize",
  "weightQos",
  "weightPartition",
  "halfLifeDays",
  "favorSmall",
  "fairShare",
  "bfInterval",
  "bfWindowMinutes",
] as const);

type Axis = (typeof GRID_AXES)[number];

const WEIGHT: Partial<Record<Axis, keyof SiteSettings["weights"]>> = {
  weightAge: "age",
  weightFairShare: "fairShare",
  weightJobSize: "jobSize",
  weightQos: "qos",
  weightPartition: "partition",
};

/** A number axis value: absolute, or `"x<k>"` times the site's own value (rounded to a whole number). */
function amount(axis: string, v: unknown, own: number): number {
  if (typeof v === "number") return v;
  const m = typeof v === "string" ? /^[x×](\d+(?:\.\d+)?)$/.exec(v) : null;
  if (!m) throw invalidArgument(axis, v, 'a number, or "x<k>" for k times the site\'s own value');
  return Math.round(own * Number(m[1]));
}

/**
 * The cell of one combination of axis values (a study task's parameters; other keys are ignored).
 * @throws `invalid <axis>: …` for a value of the wrong kind; applySettingsChange's errors
 */
export function gridCell(base: SiteSettings, params: Record<string, unknown>): GridCell {
  const change: SettingsChange = {};
  for (const axis of GRID_AXES) {
    const v = params[axis];
    if (v === undefined) continue;
    const w = WEIGHT[axis];
    if (w) change.weights = { ...change.weights, [w]: amount(axis, v, base.weights[w]) };
    else if (axis === "halfLifeDays")
      change.halfLifeSeconds = Math.round(amount(axis, v, base.halfLifeSeconds / 86400) * 86400);
    else if (axis === "bfInterval") change.bfInterval = amount(axis, v, base.bfInterval);
    else if (axis === "bfWindowMinutes") change.bfWindow = amount(axis, v, base.bfWindow);
    else if (axis === "favorSmall") {
      if (typeof v !== "boolean") throw invalidArgument(axis, v, "true or false");
      change.favorSmall = v;
    } else if (axis === "fairShare") {
      if (!SITE_FAIR_SHARE.includes(v as SiteFairShare))
        throw invalidArgument(axis, v, SITE_FAIR_SHARE.join(", "));
      change.fairShare = v as SiteFairShare;
    }
  }
  const settings = applySettingsChange(base, change);
  const axes = Object.fromEntries(
    GRID_AXES.filter((a) => params[a] !== undefined).map((a) => [a, params[a]]),
  );
  return { label: changeLabel(base, settings), params: axes, settings };
}

/**
 * One knob at a time around a site's settings: each non-zero weight of age, fair share and job size
 * set to 0 and doubled (a zero weight set to the largest of the others, or 1000); the half-life one
 * day and four times the site's; PriorityFavorSmall switched; the two other fair-share algorithms;
 * bf_interval halved and doubled; bf_window a quarter. QOS and partition weights are left out: the
 * export has no QOS or partition priorities, so the replay gives every job factor 0 for both.
 */
export function defaultGrid(base: SiteSettings): GridCell[] {
  const w = base.weights;
  const top = Math.max(w.age, w.fairShare, w.jobSize) || 1000;
  const params: Record<string, unknown>[] = [];
  for (const axis of ["weightAge", "weightFairShare", "weightJobSize"] as const) {
    const own = w[WEIGHT[axis]!];
    if (own > 0) params.push({ [axis]: 0 }, { [axis]: "x2" });
    else params.push({ [axis]: top });
  }
  params.push({ halfLifeDays: 1 }, { halfLifeDays: "x4" }, { favorSmall: !base.favorSmall });
  for (const fs of SITE_FAIR_SHARE) if (fs !== base.fairShare) params.push({ fairShare: fs });
  if (base.bfInterval > 1) params.push({ bfInterval: Math.max(1, Math.round(base.bfInterval / 2)) });
  params.push({ bfInterval: "x2" }, { bfWindowMinutes: Math.max(1, Math.round(base.bfWindow / 4)) });
  const cells = params.map((p) => gridCell(base, p));
  return cells.filter(
    (c, i) => cells.findIndex((d) => d.label === c.label) === i && c.label !== changeLabel(base, base),
  );
}

/** A grid's results: the base settings' runs and each cell's what-if. */
export interface SiteGrid {
  base: SiteSettings;
  runs: number;
  cells: { label: string; params: Record<string, unknown>; whatIf: WhatIf }[];
}

/**
 * Runs a grid on a site (see the module comment).
 * @param onCell called after each cell with its index and the number of cells. Defaults to none.
 */
export function runSiteGrid(
  site: SiteModel,
  cells: readonly GridCell[],
  options: WhatIfOptions & { onCell?: (done: number, total: number) => void } = {},
): SiteGrid {
  const base = site.settings;
  const o = whatIfRuns(base, options);
  const baseRuns = replayRuns(site, base, o);
  return {
    base,
    runs: o.runs,
    cells: cells.map((c, k) => {
      const whatIf = compareReplays(baseRuns, replayRuns(site, c.settings, o, c.contender));
      options.onCell?.(k + 1, cells.length);
      return { label: c.label, params: c.params, whatIf };
    }),
  };
}
