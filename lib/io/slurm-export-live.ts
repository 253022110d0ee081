/**
 * The export of docs/your-data.md run here, on a machine where Slurm's commands are on PATH (a login
 * node): the script of lib/io/slurm-exports.ts in a folder of the caller's choosing, the commands'
 * own output kept as they print it. What notebook 18's `SOURCE = "live"` reads.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { SLURM_EXPORT_SCRIPT } from "./slurm-exports";

/** The commands the export runs. */
const COMMANDS = ["sacct", "sshare", "sacctmgr", "scontrol", "sinfo"] as const;

/**
 * Runs the export script in `dir` (created when missing) and returns the folder it wrote
 * (`<dir>/slurm-export`).
 * @param env the commands' environment (PATH, SLURM_CONF, …). Defaults to this process's.
 * @throws `cannot export: <command> is not on PATH …` naming each missing command; `the export script
 *   failed (exit N): <its stderr>` when a command fails (e.g. no accounting: sacct needs slurmdbd)
 */
export function runSlurmExport(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const missing = COMMANDS.filter(
    (c) => spawnSync("bash", ["-c", `command -v ${c}`], { env, encoding: "utf8" }).status !== 0,
  );
  if (missing.length)
    throw new Error(
      `cannot export: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not on PATH; run this where Slurm's commands are (a login node), or run the export script of docs/your-data.md there and read its folder`,
    );
  fs.mkdirSync(dir, { recursive: true });
  const r = spawnSync("bash", ["-c", SLURM_EXPORT_SCRIPT], {
    cwd: dir,
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
  if (r.status !== 0)
    throw new Error(
      `the export script failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.stdout).trim()}`,
    );
  return path.join(dir, "slurm-export");
}
