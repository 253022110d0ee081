/**
 * The schedgame kernelspec (scripts/kernelspec-app.ts): a registration whose launcher is missing or
 * another checkout's is named and replaced by this checkout's, in a scratch Jupyter data folder.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { kernelspecFile, kernelspecProblem, launcherOf, registerKernelspec } from "../../scripts/kernelspec-app";

const root = path.resolve(__dirname, "..", "..");

describe("schedgame kernelspec", () => {
  it("names a missing, stale or foreign registration and accepts this checkout's", () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "jupyter-data-"));
    try {
      expect(kernelspecProblem(root, data)).toMatch(/^no "schedgame" kernel is registered/);
      const file = registerKernelspec(root, data);
      expect(file).toBe(kernelspecFile(data));
      expect(JSON.parse(fs.readFileSync(file, "utf8")).argv[1]).toBe(launcherOf(root));
      expect(kernelspecProblem(root, data)).toBeUndefined();
      // a clone that was deleted since it registered (what left every JupyterLab cell waiting)
      fs.writeFileSync(file, JSON.stringify({ argv: [process.execPath, "/gone/work/main/kernel/launch.cjs", "kernel"] }));
      expect(kernelspecProblem(root, data)).toBe("the registered kernel starts /gone/work/main/kernel/launch.cjs, which does not exist");
      // another checkout that exists
      const other = fs.mkdtempSync(path.join(os.tmpdir(), "other-checkout-"));
      fs.mkdirSync(path.join(other, "kernel"));
      fs.writeFileSync(launcherOf(other), "");
      registerKernelspec(other, data);
      expect(kernelspecProblem(root, data)).toMatch(/^the registered kernel starts another checkout's .*other-checkout-.*launch\.cjs$/);
      fs.rmSync(other, { recursive: true, force: true });
      fs.writeFileSync(file, "{");
      expect(kernelspecProblem(root, data)).toMatch(/kernel\.json: unreadable: /);
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });
});
