/**
 * JupyterLab 4 for real: scripts/check-jupyterlab.ts builds schedgame-lab (lab/: JupyterLab's npm
 * packages served by Debian's jupyterlab_server), opens every notebook in headless Chromium with the
 * schedgame kernel, runs every cell one by one, and checks error outputs, drawn and interactive
 * figures, tables, and that editing a parameter and re-running works (a seed changes the outputs).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { skipUnlessInstalled, skipUnlessPythonModule } from "./service";

const root = path.resolve(__dirname, "..", "..");
const skip =
  skipUnlessInstalled("JupyterLab browser check", ["chromium"], "apt-get install chromium") ||
  skipUnlessPythonModule(
    "JupyterLab browser check",
    "jupyterlab_server",
    "apt-get install python3-jupyter-server python3-jupyterlab-server",
  );

describe("JupyterLab 4 (npm run lab)", () => {
  const notebooks = fs.readdirSync(path.join(root, "notebooks")).filter((f) => f.endsWith(".ipynb"));
  it.skipIf(skip)(
    "runs every notebook cell by cell with the schedgame kernel",
    () => {
      const r = spawnSync(
        process.execPath,
        [
          path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
          path.join(root, "scripts", "check-jupyterlab.ts"),
        ],
        { cwd: root, encoding: "utf8", timeout: 1_800_000 },
      );
      const out = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
      const lines = out.split("\n").filter((l) => /^[✓✗] /.test(l));
      const said = out.split("\n").filter((l) => /^[✓✗·] /.test(l));
      console.log(r.status === 0 ? lines.join("\n") : `${said.join("\n")}\n${out.trim().slice(-1500)}`);
      expect(r.error?.message, "the check did not end by itself").toBeUndefined();
      expect(r.status, out.trim().slice(-1500)).toBe(0);
      expect(lines).toHaveLength(notebooks.length);
      for (const l of lines)
        expect(l).toMatch(
          /^✓ \S+ in JupyterLab 4: kernel schedgame .* (\d+)\/\1 figure\(s\) drawn, tooltip on hover (\d+)\/\2( \(\d+ without a hover layer\))?, \d+ table\(s\), 0 error outputs; \w+ edited and re-run: outputs (changed|unchanged)/,
        );
      for (const l of lines.filter((x) => /SEED edited/.test(x))) expect(l).toMatch(/outputs changed/);
    },
    1_800_000,
  );
});
