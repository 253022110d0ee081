/**
 * The export script of docs/your-data.md on a real Slurm 22.05 (cluster/slurm-export.ts: jobs that
 * show sacct's quirks, then the script and sacct's other output shapes), read back: every file
 * typed, every sacct record accounted for, the same jobs from every shape, the fixed-width table refused.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { recordSlurmExport } from "../../cluster/slurm-export";
import { parseSacct } from "../../lib/io/sacct";
import { readSlurmExport } from "../../lib/io/slurm-export-folder";
import { SACCT_EXPORT_COLUMNS } from "../../lib/io/slurm-exports";
import { skipUnlessSlurmAccounting } from "./service";

const skip = skipUnlessSlurmAccounting("Slurm export", ["sinfo", "scontrol"]);

describe("the export script on a real Slurm", () => {
  it.skipIf(skip)(
    "writes files our readers read whole",
    async () => {
      const r = await recordSlurmExport();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-check-"));
      for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(dir, name), text);
      const e = readSlurmExport(dir);
      expect(e.missing).toEqual([]);
      const n = e.sacct!.counts;
      expect(n.jobs + n.neverStarted + n.steps + n.orphanSteps + n.hetComponents).toBe(n.lines);
      expect(n.neverStarted).toBe(1);
      expect(n.hetComponents).toBe(1);
      const states = new Set(e.sacct!.records.map((j) => j.state));
      for (const s of ["COMPLETED", "FAILED", "TIMEOUT"]) expect(states.has(s), `state ${s}`).toBe(true);
      expect(e.sacct!.records.find((j) => j.name === "env|grep")).toBeDefined();
      for (const f of ["sacct-parsable.txt", "sacct-tab.txt"])
        expect(parseSacct(r.files[f], f).records).toEqual(e.sacct!.records);
      expect(
        parseSacct(r.files["sacct-noheader.txt"], "n", { columns: SACCT_EXPORT_COLUMNS }).counts.jobs,
      ).toBe(n.jobs);
      expect(parseSacct(r.files["sacct-submitline.txt"], "s").counts.recovered).toBeGreaterThan(0);
      expect(() => parseSacct(r.files["sacct-fixed.txt"], "f")).toThrow(/^f:2: invalid format: /);
      expect(e.config!.schedulerParameters).toEqual({
        bf_interval: "5",
        bf_continue: true,
        default_queue_depth: "50",
      });
      expect(e.nodes!.length).toBe(2);
      expect(e.associations!.filter((a) => a.kind === "user").length).toBe(3);
      fs.rmSync(dir, { recursive: true });
    },
    600_000,
  );
});
