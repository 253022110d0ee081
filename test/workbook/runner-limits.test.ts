import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseNotebook } from "../../workbook/notebook";
import { runNotebook } from "../../workbook/runner";
import { runReport } from "../../workbook/report";
import type { TslabKernel } from "../../workbook/kernel-client";

const root = path.resolve(__dirname, "../..");
const fixtureDir = path.join(__dirname, "../fixtures/notebooks");
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const waitDead = async (pid: number) => {
  for (let i = 0; i < 40 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
};

describe("runner limits", () => {
  it("a cell over the per-cell timeout fails the notebook with status timeout and the kernel is killed", async () => {
    let pid = 0;
    const nb = parseNotebook(fs.readFileSync(path.join(fixtureDir, "slow-cell.ipynb"), "utf8"));
    const r = await runNotebook(nb, {
      root,
      cellTimeoutMs: 1500,
      onKernel: (k: TslabKernel) => (pid = k.pid!),
    });
    expect(r.failure).toMatchObject({ cell: 2, status: "timeout" });
    expect(r.failure!.stderr).toMatch(/cell timed out after 1500 ms; kernel killed/);
    expect(await waitDead(pid)).toBe(true);
  });

  it("Ctrl-C (SIGINT) on the report CLI kills the running kernel", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-sigint-"));
    const child = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "scripts/report.ts",
        "--notebooks",
        fixtureDir,
        "--only",
        "slow-cell",
        "--out",
        out,
        "--no-images",
        "--verbose",
      ],
      { cwd: root },
    );
    let stdout = "";
    child.stdout.on("data", (d) => (stdout += d));
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no kernel pid in: ${stdout}`)), 45_000);
      child.stdout.on("data", () => {
        const m = /kernel pid (\d+) started[\s\S]*cell 1: ok/.exec(stdout);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
    });
    expect(alive(pid)).toBe(true);
    child.kill("SIGINT");
    const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
    expect(code).toBe(130);
    expect(await waitDead(pid)).toBe(true);
    fs.rmSync(out, { recursive: true, force: true });
  });

  it("without Chromium the report still completes and says static images were skipped", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-nochrome-"));
    const lines: string[] = [];
    const s = await runReport({
      root,
      notebooksDir: fixtureDir,
      only: ["display"],
      outDir: out,
      chromiumPath: path.join(out, "no-such-chromium"),
      log: (l) => lines.push(l),
    });
    expect(s.outcomes[0].failure).toBeUndefined();
    expect(s.imagesSkipped).toMatch(/Chromium not found/);
    expect(lines).toContain(
      "static images skipped: Chromium not found (install Debian's chromium or set CHROMIUM_PATH)",
    );
    expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toMatch(
      /Static images skipped: Chromium not found/,
    );
    fs.rmSync(out, { recursive: true, force: true });
  });
});
