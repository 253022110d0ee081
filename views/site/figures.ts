/**
 * Notebook 18's figures as Plotly JSON: each account's waits (real, or real beside replayed), each
 * account's share of the usage over time against its share, the what-if grid as a heatmap of each
 * account's change in median or 90th-percentile wait (text: mean [95% interval]; blank where the
 * change is inconclusive), and each account's part of the usage decaying under a half-life.
 */
import { fixed } from "../display/format";
import type { PlotFigure } from "../display/plot";
import { PLOTLY_COLOURS } from "../display/plot";
import { invalidArgument } from "../../lib/util/errors";
import { accountUsage, usageShareAfter } from "../../lib/site/decay";
import type { SiteGridRow } from "../../lib/site/grid-rows";
import type { ScheduleFigures } from "../../lib/site/replay";
import type { SiteModel } from "../../lib/site/site";
import { type AccountStats, siteShares } from "../../lib/site/account-stats";

/** Median and 90th-percentile wait per account (seconds): the real schedule's, and a replay's beside it when given. */
export function waitFigure(
  real: ScheduleFigures,
  replayed?: readonly AccountStats[],
  title = "Wait per account",
): PlotFigure {
  const accounts = real.accounts.map((a) => a.account);
  const bar = (name: string, y: number[], colour: string, pattern = "") => ({
    type: "bar",
    name,
    x: accounts,
    y,
    marker: { color: colour, pattern: { shape: pattern } },
  });
  const data = [
    bar(
      "median (real)",
      real.accounts.map((a) => a.medianWait),
      PLOTLY_COLOURS[0],
    ),
    bar(
      "p90 (real)",
      real.accounts.map((a) => a.p90Wait),
      PLOTLY_COLOURS[1],
    ),
  ];
  if (replayed) {
    data.push(
      bar(
        "median (replay)",
        replayed.map((a) => a.medianWait),
        PLOTLY_COLOURS[0],
        "/",
      ),
    );
    data.push(
      bar(
        "p90 (replay)",
        replayed.map((a) => a.p90Wait),
        PLOTLY_COLOURS[1],
        "/",
      ),
    );
  }
  return {
    data,
    layout: {
      title: { text: title },
      barmode: "group",
      yaxis: { title: { text: "wait (s, from eligible)" } },
      height: 400,
    },
  };
}

/**
 * Each account's share of the CPU·s used in each of `bins` equal slices of the export's span (a job
 * charged for the part of its run in each slice), dashed at its share of the machine.
 */
export function usageOverTimeFigure(site: SiteModel, bins = 20): PlotFigure {
  const shares = siteShares(site);
  if (!(Number.isInteger(bins) && bins >= 1)) throw invalidArgument("bins", bins, "a whole number >= 1");
  let t0 = Infinity,
    t1 = -Infinity;
  for (const j of site.jobs) {
    t0 = Math.min(t0, j.start);
    t1 = Math.max(t1, j.end);
  }
  const width = Math.max(1, (t1 - t0) / bins);
  const accounts = [...new Set(site.jobs.map((j) => j.account))].sort();
  const use = accounts.map(() => new Float64Array(bins));
  for (const j of site.jobs) {
    const a = accounts.indexOf(j.account);
    for (let b = 0; b < bins; b++) {
      const lo = t0 + b * width,
        hi = lo + width;
      use[a][b] += j.cpus * Math.max(0, Math.min(hi, j.end) - Math.max(lo, j.start));
    }
  }
  const total = Array.from({ length: bins }, (_, b) => use.reduce((s, u) => s + u[b], 0));
  const hours = Array.from({ length: bins }, (_, b) => ((b + 0.5) * width) / 3600);
  const totalShare = accounts.reduce((s, a) => s + (shares.get(a) ?? 0), 0);
  const data = accounts.flatMap((a, k) => {
    const colour = PLOTLY_COLOURS[k % PLOTLY_COLOURS.length];
    const share = totalShare > 0 ? (shares.get(a) ?? 0) / totalShare : 0;
    return [
      {
        type: "scatter",
        mode: "lines+markers",
        name: a,
        legendgroup: a,
        x: hours,
        y: Array.from(use[k], (u, b) => (total[b] > 0 ? u / total[b] : null)),
        line: { color: colour },
      },
      {
        type: "scatter",
        mode: "lines",
        name: `${a}: share`,
        legendgroup: a,
        showlegend: false,
        x: [hours[0], hours[bins - 1]],
        y: [share, share],
        line: { color: colour, dash: "dash" },
      },
    ];
  });
  return {
    data,
    layout: {
      title: { text: "Share of the usage over time (dashed: share of the machine)" },
      xaxis: { title: { text: "hours from the first start" } },
      yaxis: { title: { text: "share of CPU·s in the slice" }, range: [0, 1] },
      height: 420,
    },
  };
}

/**
 * The grid as a heatmap: one row per account, one column per setting, colour = the mean change of
 * the account's median or 90th-percentile wait (seconds; blue shorter, red longer), text = mean [95%
 * interval] and the outcome.
 */
export function gridHeatmap(
  rows: readonly SiteGridRow[],
  figure: "median wait" | "p90 wait" = "median wait",
  against = "the site's own settings",
): PlotFigure {
  const mine = rows.filter((r) => r.figure === figure);
  const cells = [...new Set(mine.map((r) => r.cell))];
  const accounts = [...new Set(mine.map((r) => r.account))].sort();
  const at = (a: string, c: string) => mine.find((r) => r.account === a && r.cell === c);
  const z = accounts.map((a) => cells.map((c) => at(a, c)?.change ?? null));
  const text = accounts.map((a) =>
    cells.map((c) => {
      const r = at(a, c);
      return r
        ? `${fixed(r.change, 1, "n/a")} [${fixed(r.low, 1, "n/a")}, ${fixed(r.high, 1, "n/a")}]<br>${r.outcome}`
        : "";
    }),
  );
  const top = Math.max(1, ...z.flat().map((v) => Math.abs(v ?? 0)));
  return {
    data: [
      {
        type: "heatmap",
        x: cells,
        y: accounts,
        z,
        text,
        texttemplate: "%{text}",
        colorscale: "RdBu",
        reversescale: true,
        zmin: -top,
        zmax: top,
        colorbar: { title: { text: `Δ ${figure} (s)` } },
        hovertemplate: "%{y}, %{x}: %{text}<extra></extra>",
      },
    ],
    layout: {
      title: {
        text: `Change of each account's ${figure} against ${against} (mean over paired runs [95% interval])`,
      },
      xaxis: { tickangle: -30, automargin: true },
      yaxis: { automargin: true },
      height: 160 + 60 * accounts.length,
    },
  };
}

/** Each account's part of the usage over `days` running nothing, under a half-life, dashed at its share. */
export function decayFigure(site: SiteModel, halfLifeDays: number, days = 60): PlotFigure {
  const shares = siteShares(site);
  const { usage, root } = accountUsage(site);
  const t = Array.from({ length: 61 }, (_, k) => (k * days) / 60);
  const accounts = [...usage.keys()].filter((a) => usage.get(a)! > 0).sort();
  const data = accounts.flatMap((a, k) => {
    const u = usage.get(a)!;
    const colour = PLOTLY_COLOURS[k % PLOTLY_COLOURS.length];
    const s = shares.get(a) ?? 0;
    return [
      {
        type: "scatter",
        mode: "lines",
        name: a,
        legendgroup: a,
        x: t,
        y: t.map((d) => usageShareAfter(u, Math.max(0, root - u), d, halfLifeDays)),
        line: { color: colour },
      },
      {
        type: "scatter",
        mode: "lines",
        name: `${a}: share`,
        legendgroup: a,
        showlegend: false,
        x: t,
        y: t.map(() => s),
        line: { color: colour, dash: "dash" },
      },
    ];
  });
  return {
    data,
    layout: {
      title: { text: `Part of the usage after running nothing, half-life ${halfLifeDays} d (dashed: share)` },
      xaxis: { title: { text: "days" } },
      yaxis: { title: { text: "part of the root's usage" }, range: [0, 1.05] },
      height: 400,
    },
  };
}
