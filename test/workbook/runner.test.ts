import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { PLOTLY_MIME } from "../../views/display/plot";
import { parseNotebook } from "../../workbook/notebook";
import { runNotebook } from "../../workbook/runner";
import type { TslabKernel } from "../../workbook/kernel-client";

const root = path.resolve(__dirname, "../..");
const fixtureDir = path.join(__dirname, "../fixtures/notebooks");
const load = (f: string) => parseNotebook(fs.readFileSync(path.join(fixtureDir, f), "utf8"), f);

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("runNotebook (real tslab kernel)", () => {
  it("stops at the failing cell 2, reports its stderr, runs no later cell, and leaves no kernel process", async () => {
    let pid: number | undefined;
    const r = await runNotebook(load("error-cell.ipynb"), {
      root,
      name: "error-cell.ipynb",
      onKernel: (k: TslabKernel) => (pid = k.pid),
    });
    expect(r.failure).toMatchObject({ cell: 2, codeCell: 2, status: "error" });
    expect(r.failure!.stderr).toMatch(/boom in cell two/);
    const cells = r.notebook.cells.filter((c) => c.cell_type === "code");
    expect(cells[0].outputs).toEqual([{ output_type: "stream", name: "stdout", text: "cell one ran\n" }]);
    expect(cells[0].execution_count).toBe(1);
    expect(cells[2].outputs).toEqual([]);
    expect(cells[2].metadata.papermill.status).toBe("pending");
    expect(cells[1].metadata.papermill.status).toBe("failed");
    expect(r.notebook.metadata.papermill.exception).toBe(true);
    expect(r.notebook.cells[0].metadata.tags).toEqual(["papermill-error-cell-tag"]);
    expect(pid).toBeGreaterThan(0);
    await new Promise((res) => setTimeout(res, 300));
    expect(processExists(pid!)).toBe(false);
  });

  it("records display bundles (table, plot) and stdout with execution counts", async () => {
    const r = await runNotebook(load("display.ipynb"), { root, name: "display.ipynb" });
    expect(r.failure).toBeUndefined();
    const code = r.notebook.cells.filter((c) => c.cell_type === "code");
    const outs = code[1].outputs!;
    expect(code.map((c) => c.execution_count)).toEqual([1, 2]);
    const kinds = outs.map((o) =>
      o.output_type === "display_data" ? Object.keys(o.data).sort().join(",") : o.output_type,
    );
    expect(kinds).toEqual(["text/html,text/plain", `${PLOTLY_MIME},text/html,text/plain`, "stream"]);
    expect(outs[2]).toEqual({ output_type: "stream", name: "stdout", text: "N=3\n" });
  });
});

describe("report CLI", () => {
  it("exits non-zero and names the notebook and cell 2 when a cell fails", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-report-"));
    const r = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "scripts/report.ts",
        "--notebooks",
        fixtureDir,
        "--only",
        "error-*",
        "--out",
        out,
        "--no-images",
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/FAILED: notebook error-cell\.ipynb, cell 2: .*boom in cell two/);
    expect(r.stdout).toMatch(/notebooks: 0 passed, 1 failed/);
    expect(r.stdout).not.toMatch(/cell three must not run/);
    expect(fs.existsSync(path.join(out, "index.html"))).toBe(true);
    fs.rmSync(out, { recursive: true, force: true });
  });

  it("rejects an unknown parameter with the list of known ones (exit 2)", () => {
    const r = spawnSync(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        "scripts/report.ts",
        "--notebooks",
        fixtureDir,
        "--only",
        "display",
        "--param",
        "display:M=1",
        "--no-images",
        "--no-html",
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/invalid parameter M for display; known parameters: N/);
  });
});
