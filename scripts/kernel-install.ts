/**
 * Registers the "schedgame" Jupyter kernelspec (tslab started through kernel/launch.cjs, so the
 * kernel's working directory is the project root and notebooks import `./lib/index`).
 *   npm run kernel:install           register, fail loudly if Jupyter is missing
 *   (postinstall) --best-effort       register when `jupyter` is on PATH, else print how to later
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

const bestEffort = process.argv.includes("--best-effort");
const root = path.resolve(__dirname, "..");

function findJupyter(): { cmd: string; dataDir: string } | undefined {
  for (const cmd of [process.env.JUPYTER, "jupyter", "/usr/bin/jupyter"]) {
    if (!cmd) continue;
    const r = spawnSync(cmd, ["--data-dir"], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim()) return { cmd, dataDir: r.stdout.trim() };
  }
  return undefined;
}

const jupyter = findJupyter();
if (!jupyter) {
  const msg = "schedgame: Jupyter not found on PATH; kernel not registered. Install Jupyter, then run: npm run kernel:install";
  if (bestEffort) {
    console.log(msg);
    process.exit(0);
  }
  console.error(msg);
  process.exit(1);
}
const spec = {
  argv: [process.execPath, path.join(root, "kernel", "launch.cjs"), "kernel", "--config-path", "{connection_file}"],
  display_name: "schedgame (TypeScript)",
  language: "typescript",
  env: { TZ: "UTC" },
};
const dir = path.join(jupyter.dataDir, "kernels", "schedgame");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "kernel.json"), JSON.stringify(spec, null, 2) + "\n");
console.log(`schedgame: registered Jupyter kernel "schedgame" in ${dir} (found ${jupyter.cmd})`);
