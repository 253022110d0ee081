/**
 * Front-end check in classic Notebook 6 (Debian's jupyter-notebook) with headless Chromium:
 * scripts/check-notebook6.ts runs 00-workbook with the schedgame kernel and checks that every
 * figure is drawn interactively, tables appear and no cell writes to stderr.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { skipUnlessInstalled } from "./service";

const root = path.resolve(__dirname, "..", "..");
const skip = skipUnlessInstalled(
  "Notebook 6 front-end check",
  ["jupyter", "chromium"],
  "apt-get install jupyter-notebook chromium",
);

describe("Notebook 6", () => {
  it.skipIf(skip)("runs 00-workbook with the schedgame kernel and draws every figure", () => {
    const r = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
        path.join(root, "scripts", "check-notebook6.ts"),
        "00-workbook",
      ],
      { cwd: root, encoding: "utf8", timeout: 600_000 },
    );
    const line =
      (r.stdout ?? "").split("\n").find((l) => /in Notebook 6/.test(l)) ??
      `${r.stdout}\n${r.stderr}`.trim().slice(-600);
    console.log(line);
    expect(r.status, line).toBe(0);
    expect(line).toMatch(/^✓ 00-workbook in Notebook 6: kernel schedgame/);
  });
});
