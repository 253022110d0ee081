import { describe, expect, it } from "vitest";
import { loadSite } from "../../lib/site/site-model";
import { realFigures } from "../../lib/site/replay";
import { siteFidelity } from "../../lib/site/fidelity";
import { siteGridInput } from "../../lib/site/grid-input";
import { siteFindings } from "../../views/site/findings";
import { OWN_SETTINGS } from "../../lib/site/config-diff";
import { rankCells } from "../../lib/site/objective";
import {
  accountRows,
  fidelityChecksRows,
  scheduleRows,
  settingsRows,
  siteSummaryRows,
  winnersRows,
} from "../../views/site/tables";
import { decayFigure, gridHeatmap, usageOverTimeFigure, waitFigure } from "../../views/site/figures";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

// the 9-job export of test/fixtures/slurm/export/README.md (sacct's quirks on a 2-node cluster)
const FIXTURE = "test/fixtures/slurm/export";

const site = loadSite(FIXTURE);
const real = realFigures(site);

describe("notebook 18's tables and figures on the recorded export", () => {
  it("tables: what was read, the settings, each account (with sacct's backfilled share)", () => {
    expect(siteSummaryRows(site).slice(0, 2)).toEqual([
      { what: "source", value: "test/fixtures/slurm/export" },
      { what: "jobs replayed", value: 9 },
    ]);
    expect(settingsRows(site)[1]).toEqual({
      setting: "PriorityWeightAge / FairShare / JobSize / QOS / Partition",
      value: "100 / 1000 / 0 / 0 / 0",
    });
    expect(
      accountRows(real, site).map((r) => [r.account, r.jobs, r["median wait (s)"], r["backfilled share"]]),
    ).toEqual([
      ["chem", 3, 10, 1 / 3],
      ["physics", 6, 3, 0],
    ]);
  });
  it("figures: one trace per account figure and setting, a heatmap of accounts × settings", () => {
    expect(waitFigure(real).data.length).toBe(2);
    expect(usageOverTimeFigure(site, 5).data.length).toBe(4);
    expect(decayFigure(site, 7).data.length).toBe(2); // physics alone used the machine (sshare)
    const grid = siteGridInput(site, { runs: 2 });
    const h = gridHeatmap(grid.rows).data[0] as { x: string[]; y: string[]; z: (number | null)[][] };
    expect([h.y, h.x.length, h.z.length, h.z[0].length]).toEqual([["chem", "physics"], 13, 2, 13]);
    expect(winnersRows(grid.rows).length).toBe(13);
    const title = (f: ReturnType<typeof gridHeatmap>) =>
      String((f.layout as { title: { text: string } }).title.text);
    expect(title(gridHeatmap(grid.rows))).toMatch(/against the site's own settings \(/);
    expect(title(gridHeatmap(grid.rows, "p90 wait", "Slurm's scheduler"))).toMatch(
      /^Change of each account's p90 wait against Slurm's scheduler \(/,
    );
    expect(Object.keys(scheduleRows(grid.rows)[0])).toEqual([
      "setting",
      "utilisation",
      "makespan",
      "Jain's index",
      "wait fairness",
      "slowdown fairness",
      "mean bounded slowdown",
      "PoA",
      "backfilled share",
    ]);
  });
  it("findings: every sentence from the numbers; the gate's outcome and its warning", () => {
    const { fidelity } = siteFidelity(site, { runs: 2 });
    const grid = siteGridInput(site, { runs: 2 });
    expect(fidelityChecksRows(fidelity).map((r) => r.runs)).toEqual([2, 2, 2, 2]);
    const md = siteFindings({
      site,
      real,
      fidelity,
      rows: grid.rows,
      chosen: OWN_SETTINGS,
      objective: "wait fairness",
      ranks: rankCells(grid.rows),
      gridOrigin: grid.origin,
    });
    expect(md.split("\n")[0]).toBe(
      "- **The cluster as it was**: 9 jobs of 2 account(s) over 0.03 h on 2 nodes × 2 cores; median wait from 3.0 s (physics) to 10.0 s (chem); 11.1% of the jobs started by backfill (sacct's Flags).",
    );
    // 9 jobs never pass the gate: the what-ifs carry a warning, or are unusable when the replay does
    // not beat both simpler predictors
    expect(fidelity.standing).not.toBe("usable");
    expect(md).toContain(
      fidelity.standing === "unusable"
        ? "**The what-ifs below are unusable**"
        : "**The what-ifs below carry a warning**",
    );
    expect(md).toContain("start = submit");
    expect(md).toContain("the chosen setting is the site's own");
  });
  it("grid input: a study's results file of this site, refused when it is another site's", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "grid-"));
    const file = path.join(dir, "merged.jsonl");
    const row = {
      source: site.source,
      bfInterval: "x2",
      cell: "bf_interval 5→10",
      account: "chem",
      figure: "median wait",
      jobs: 3,
      base: 1,
      value: 2,
      change: 1,
      low: 0,
      high: 2,
      outcome: "inconclusive",
      runs: 2,
    };
    fs.writeFileSync(file, JSON.stringify(row) + "\n");
    expect(siteGridInput(site, { resultsFile: file }).origin).toBe(
      `the study's results ${file}: 1 settings × 2 paired runs`,
    );
    fs.writeFileSync(file, JSON.stringify({ ...row, source: "elsewhere" }) + "\n");
    expect(() => siteGridInput(site, { resultsFile: file })).toThrow(
      /^invalid GRID_RESULTS: .*; expected results of the site "test\/fixtures\/slurm\/export" \(its rows are of "elsewhere"/,
    );
    expect(() => siteGridInput(site, { resultsFile: path.join(dir, "none.jsonl") })).toThrow(
      /^invalid GRID_RESULTS: /,
    );
    fs.rmSync(dir, { recursive: true });
  });
});
