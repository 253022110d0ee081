import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  SACCT_EXPORT_COMMAND,
  SACCTMGR_ASSOC_EXPORT_COMMAND,
  SCONTROL_CONFIG_EXPORT_COMMAND,
  SCONTROL_TOPOLOGY_EXPORT_COMMAND,
  SINFO_NODES_EXPORT_COMMAND,
  SLURM_EXPORT_FILES,
  SLURM_EXPORT_SCRIPT,
  SSHARE_EXPORT_COMMAND,
} from "../../lib/io/slurm-exports";

const ROOT = path.join(__dirname, "..", "..");

describe("the export commands: one source of truth", () => {
  it("docs/your-data.md shows the export script exactly as lib/io/slurm-exports.ts writes it", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs", "your-data.md"), "utf8");
    expect(doc).toContain("```sh\n" + SLURM_EXPORT_SCRIPT + "\n```");
  });
  it("the script runs each command into its file", () => {
    const lines = SLURM_EXPORT_SCRIPT.split("\n");
    expect(lines.slice(1)).toEqual([
      `${SACCT_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.sacct}`,
      `${SSHARE_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.sshare}`,
      `${SACCTMGR_ASSOC_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.associations}`,
      `${SCONTROL_CONFIG_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.config}`,
      `${SINFO_NODES_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.nodes}`,
      `${SCONTROL_TOPOLOGY_EXPORT_COMMAND} > ${SLURM_EXPORT_FILES.topology} 2>/dev/null || true`,
    ]);
  });
  it("the recorded fixture was written by this script (its README quotes it)", () => {
    const readme = fs.readFileSync(
      path.join(ROOT, "test", "fixtures", "slurm", "export", "README.md"),
      "utf8",
    );
    expect(readme).toContain("```sh\n" + SLURM_EXPORT_SCRIPT + "\n```");
  });
});
