/**
 * The schedgame kernelspec (scripts/kernelspec-app.ts): a registration that cannot start a kernel
 * (none, unreadable, or a launcher since deleted) is named; another checkout's existing launcher is
 * fine (it serves the checkout the notebook lives in). In a scratch Jupyter data folder.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  kernelspecFile,
  kernelspecProblem,
  launcherOf,
  registerKernelspec,
} from "../../scripts/kernelspec-app";

const root = path.resolve(__dirname, "..", "..");

describe("schedgame kernelspec", () => {
  it("names a missing, stale or unreadable registration and accepts any existing launcher", () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "jupyter-data-"));
    try {
      expect(kernelspecProblem(data)).toMatch(/^no "schedgame" kernel is registered/);
      const file = registerKernelspec(root, data);
      expect(file).toBe(kernelspecFile(data));
      expect(JSON.parse(fs.readFileSync(file, "utf8")).argv[1]).toBe(launcherOf(root));
      expect(kernelspecProblem(data)).toBeUndefined();
      // a clone that was deleted since it registered (what left every JupyterLab cell waiting)
      fs.writeFileSync(
        file,
        JSON.stringify({ argv: [process.execPath, "/gone/work/main/kernel/launch.cjs", "kernel"] }),
      );
      expect(kernelspecProblem(data)).toBe(
        "the registered kernel starts /gone/work/main/kernel/launch.cjs, which does not exist",
      );
      // another checkout that exists
      const other = fs.mkdtempSync(path.join(os.tmpdir(), "other-checkout-"));
      fs.mkdirSync(path.join(other, "kernel"));
      fs.writeFileSync(launcherOf(other), "");
      registerKernelspec(other, data);
      expect(kernelspecProblem(data)).toBeUndefined();
      fs.rmSync(other, { recursive: true, force: true });
      fs.writeFileSync(file, "{");
      expect(kernelspecProblem(data)).toMatch(/kernel\.json: unreadable: /);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
