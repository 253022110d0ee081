/**
 * The schedgame kernel against the Jupyter kernel conformance suite (Debian's
 * python3-jupyter-kernel-test): test/integration/kernel_conformance.py, run with the system Python
 * after registering this checkout's kernelspec. Every configured check must pass.
 */
import { spawnSync } from "node:child_process";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SYSTEM_PYTHON, skipUnlessInstalled, skipUnlessPythonModule } from "./service";

const root = path.resolve(__dirname, "..", "..");
const skip =
  skipUnlessInstalled(
    "kernel conformance",
    ["jupyter"],
    "apt-get install python3-jupyter-kernel-test jupyter-notebook",
  ) ||
  skipUnlessPythonModule(
    "kernel conformance",
    "jupyter_kernel_test",
    "apt-get install python3-jupyter-kernel-test",
  );

describe("Jupyter kernel conformance", () => {
  it.skipIf(skip)("passes every configured check of jupyter_kernel_test", () => {
    const install = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules", "tsx", "dist", "cli.mjs"),
        path.join(root, "scripts", "kernel-install.ts"),
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(install.status, install.stderr).toBe(0);
    const r = spawnSync(SYSTEM_PYTHON, [path.join(__dirname, "kernel_conformance.py"), "-v"], {
      cwd: root,
      encoding: "utf8",
      timeout: 300_000,
    });
    const out = r.stdout + r.stderr;
    console.log(
      out
        .split("\n")
        .filter((l) => / \.\.\. |^Ran |^OK|^FAILED/.test(l))
        .join("\n"),
    );
    expect(out).toMatch(/^OK \(skipped=\d+\)$|^OK$/m);
    expect(out).not.toMatch(/^(FAIL|ERROR):/m);
    expect(r.status).toBe(0);
  });
});
