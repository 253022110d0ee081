/**
 * The cons_tres check (cluster/tres-recording.ts): the mixed workload of cluster/tres-workload.ts run
 * on the local Slurm 22.05 with select/cons_tres and six unlike nodes (CPUs, memory, GPUs, features,
 * two partitions), exported with the documented script, read back and replayed on the machine its
 * sinfo describes, from the export alone and with slurmctld's timing from its log; prints the share
 * of starts exact to the second and within one bf_interval, the share on Slurm's nodes and each
 * account's median wait, real against replayed, and whether "replay (log)" meets TRES_GOAL. Fails
 * when "replay (log)" falls below cluster/tres-check.ts's TRES_PASS, with the table in the failure.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  TRES_GOAL,
  TRES_PASS,
  TRES_TIMINGS,
  tresAgreement,
  tresAgreementTable,
  tresGoalMet,
} from "../../cluster/tres-check";
import { clockLagOf } from "../../cluster/clock-lag";
import { checkTresExport, recordTres } from "../../cluster/tres-recording";
import { loadSite } from "../../lib/site/site-model";
import { skipUnlessSlurmAccounting } from "./service";

const skip = skipUnlessSlurmAccounting("cons_tres check", ["sinfo", "scontrol", "useradd", "mknod"]);

describe("the replay on select/cons_tres against a real Slurm", () => {
  it.skipIf(skip)(
    "places and starts a mixed workload on unlike shared nodes as Slurm did",
    async () => {
      // slurmctld's whole log stays in data/generated/ (git-ignored) to read when a figure falls short
      const logs = path.join(__dirname, "..", "..", "data", "generated", "cons-tres");
      fs.mkdirSync(logs, { recursive: true });
      const rec = await recordTres({}, path.join(logs, "slurmctld.log"));
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-cons-tres-"));
      try {
        for (const [name, text] of Object.entries(rec.files)) fs.writeFileSync(path.join(dir, name), text);
        checkTresExport(rec.files["sacct.txt"], rec.jobs);
        const site = loadSite(dir);
        const log = { lines: rec.log, utcOffsetMinutes: rec.logUtcOffsetMinutes, clockLag: rec.clockLag };
        const rows = TRES_TIMINGS.map((t) => tresAgreement(site, t, log));
        const replay = rows[3];
        const goal = `goal of "replay (log)" (${100 * TRES_GOAL.withinInterval}% within one bf_interval, every account's median wait within ${100 * TRES_GOAL.medianWaitError}%): ${tresGoalMet(replay) ? "MET" : "NOT MET"}`;
        const table = `live cons_tres check (${rec.wallSeconds} s, ${rec.version}; time(NULL) lag ${(1000 * clockLagOf(rec.clockLag)).toFixed(2)} ms):\n${tresAgreementTable(rows)}\n${goal}`;
        console.log(table);
        expect(site.jobs).toHaveLength(rec.jobs.length);
        expect(replay.exact, table).toBeGreaterThanOrEqual(TRES_PASS.replayExact);
        expect(replay.withinInterval, table).toBeGreaterThanOrEqual(TRES_PASS.replayWithinInterval);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    10 * 60_000,
  );
});
