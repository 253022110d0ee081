/**
 * npm run check:integration: the checks that start system services (JupyterLab, Notebook 6, a
 * local Slurm), as vitest files under test/integration/. Each skips with a message when its service
 * is not installed, and fails instead under CI=true. Last line: "integration: N passed, M failed, K skipped".
 *   tsx scripts/check-integration.ts [vitest filters…]
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const root = path.resolve(__dirname, "..");
const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-integration-")), "results.json");
const vt = spawnSync(
  path.join(root, "node_modules", ".bin", "vitest"),
  [
    "run",
    "--config",
    "vitest.integration.mts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${json}`,
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, TZ: "UTC" } },
);
let passed = 0,
  failed = 0,
  skipped = 0;
if (fs.existsSync(json)) {
  const r = JSON.parse(fs.readFileSync(json, "utf8"));
  passed = r.numPassedTests;
  failed = r.numFailedTests;
  skipped = r.numPendingTests + r.numTodoTests;
  if (vt.status !== 0 && failed === 0) failed = 1;
} else failed = 1;
console.log(`\nintegration: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed ? 1 : 0);
