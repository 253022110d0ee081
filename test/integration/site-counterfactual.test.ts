/**
 * The what-if against a real counterfactual (cluster/site-recording.ts): the site workload run on the
 * local Slurm 22.05 under PriorityWeightFairshare 0 and 10000 (two private clusters at once), each
 * exported with the documented script and read back; the replay of the first export predicts each
 * account's change of median wait under the second's settings (lib/site/counterfactual.ts). Fails
 * when a prediction has the opposite sign of an account's real change that is larger than the
 * replay's own error, or when no account's real change exceeds it (nothing would be judged).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { type SiteSettingName, SITE_SETTINGS, recordSite } from "../../cluster/site-recording";
import { counterfactual } from "../../lib/site/counterfactual";
import { loadSite } from "../../lib/site/site-model";
import { counterfactualRows } from "../../views/site/tables";
import { skipUnlessSlurmAccounting } from "./service";

const skip = skipUnlessSlurmAccounting("Site counterfactual", ["sinfo", "scontrol", "useradd"]);

describe("the what-if against a real counterfactual", () => {
  it.skipIf(skip)(
    "predicts the sign of every account's real change of median wait beyond the replay's error",
    async () => {
      const names = Object.keys(SITE_SETTINGS) as SiteSettingName[];
      const recordings = await Promise.all(names.map((n) => recordSite(n)));
      const dirs = recordings.map((r) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `site-${r.setting}-`));
        for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(dir, name), text);
        return dir;
      });
      const rows = counterfactual(loadSite(dirs[0]), loadSite(dirs[1]));
      console.log(
        `live counterfactual (${recordings.map((r) => `${r.setting} ${r.wallSeconds} s`).join(", ")}):\n${counterfactualRows(
          rows,
        )
          .map((r) =>
            Object.entries(r)
              .map(([k, v]) => `${k}: ${v}`)
              .join("; "),
          )
          .join("\n")}`,
      );
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
      expect(rows.filter((r) => r.outcome === "opposite sign")).toEqual([]);
      expect(rows.some((r) => r.outcome === "same sign")).toBe(true);
    },
    15 * 60_000,
  );
});
