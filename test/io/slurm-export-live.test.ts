import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { runSlurmExport } from "../../lib/io/slurm-export-live";

// The export against a real Slurm is checked by test/integration/site-counterfactual.test.ts (the
// recordings export through runSlurmExport); here, what a machine without Slurm's commands hears.
describe("runSlurmExport", () => {
  it("names every Slurm command missing from PATH and where to run the export instead", () => {
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), "no-slurm-"));
    const bash = spawnSync("bash", ["-c", "command -v bash"], { encoding: "utf8" }).stdout.trim();
    fs.symlinkSync(bash, path.join(bin, "bash"));
    try {
      expect(() => runSlurmExport(path.join(bin, "out"), { PATH: bin })).toThrow(
        /^cannot export: sacct, sshare, sacctmgr, scontrol, sinfo are not on PATH; run this where Slurm's commands are/,
      );
      expect(fs.existsSync(path.join(bin, "out"))).toBe(false);
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});
