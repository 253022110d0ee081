/**
 * Registers the "schedgame" Jupyter kernelspec (tslab started through kernel/launch.cjs, so the
 * kernel's working directory is the project root and notebooks import `./lib/index`).
 *   npm run kernel:install           register, fail loudly if Jupyter is missing
 *   (postinstall) --best-effort       register when `jupyter` is on PATH, else print how to later
 */
import * as path from "node:path";
import { findJupyter, registerKernelspec } from "./kernelspec-app";

const bestEffort = process.argv.includes("--best-effort");
const root = path.resolve(__dirname, "..");

const jupyter = findJupyter();
if (!jupyter) {
  const msg =
    "schedgame: Jupyter not found on PATH; kernel not registered. Install Jupyter, then run: npm run kernel:install";
  if (bestEffort) {
    console.log(msg);
    process.exit(0);
  }
  console.error(msg);
  process.exit(1);
}
const dir = path.dirname(registerKernelspec(root, jupyter.dataDir));
console.log(`schedgame: registered Jupyter kernel "schedgame" in ${dir} (found ${jupyter.cmd})`);
