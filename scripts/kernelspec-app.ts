/**
 * The "schedgame" Jupyter kernelspec: tslab started through this checkout's kernel/launch.cjs.
 * Shared by `npm run kernel:install` (scripts/kernel-install.ts) and by the commands that open
 * notebooks in a Jupyter front end (`npm run lab`, the JupyterLab and Notebook 6 checks), which
 * re-register it when the registered launcher does not exist — a kernel that cannot start leaves
 * every cell waiting with no error, which is what a stale registration (from a deleted clone)
 * looks like. Another checkout's launcher is fine: it serves the checkout the notebook lives in
 * (environment.md), so checkouts share one kernelspec.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";

/** Where Jupyter keeps user data (`jupyter --data-dir`), and the command that said so; undefined without Jupyter. */
export function findJupyter(): { cmd: string; dataDir: string } | undefined {
  for (const cmd of [process.env.JUPYTER, "jupyter", "/usr/bin/jupyter"]) {
    if (!cmd) continue;
    const r = spawnSync(cmd, ["--data-dir"], { encoding: "utf8" });
    if (r.status === 0 && r.stdout.trim()) return { cmd, dataDir: r.stdout.trim() };
  }
  return undefined;
}

/** The kernel launcher of the checkout at `root`. */
export const launcherOf = (root: string) => path.join(root, "kernel", "launch.cjs");

/** The kernelspec file under a Jupyter data folder. */
export const kernelspecFile = (dataDir: string) => path.join(dataDir, "kernels", "schedgame", "kernel.json");

/** Writes the kernelspec for the checkout at `root`; returns the file written. */
export function registerKernelspec(root: string, dataDir: string): string {
  const spec = {
    argv: [process.execPath, launcherOf(root), "kernel", "--config-path", "{connection_file}"],
    display_name: "schedgame (TypeScript)",
    language: "typescript",
    env: { TZ: "UTC" },
  };
  const file = kernelspecFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(spec, null, 2) + "\n");
  return file;
}

/** Why the registered kernelspec cannot start a kernel, or undefined when it can (any checkout's existing launcher can). */
export function kernelspecProblem(dataDir: string): string | undefined {
  const file = kernelspecFile(dataDir);
  if (!fs.existsSync(file)) return `no "schedgame" kernel is registered (${file})`;
  let argv: unknown;
  try {
    argv = (JSON.parse(fs.readFileSync(file, "utf8")) as { argv?: unknown }).argv;
  } catch (e) {
    return `${file}: unreadable: ${(e as Error).message}`;
  }
  const launcher = Array.isArray(argv) ? argv[1] : undefined;
  if (typeof launcher !== "string") return `${file}: no launcher in argv`;
  if (!fs.existsSync(launcher)) return `the registered kernel starts ${launcher}, which does not exist`;
  return undefined;
}

/**
 * Registers this checkout's kernel when the registered one cannot start; says so on stdout.
 * @returns the reason it re-registered, or undefined when the registration was already right
 * @throws when Jupyter is not installed
 */
export function ensureKernelspec(root: string): string | undefined {
  const jupyter = findJupyter();
  if (!jupyter)
    throw new Error(
      "Jupyter not found on PATH (apt-get install python3-jupyter-server); cannot register the schedgame kernel",
    );
  const problem = kernelspecProblem(jupyter.dataDir);
  if (!problem) return undefined;
  const file = registerKernelspec(root, jupyter.dataDir);
  console.log(`schedgame: ${problem}; registered this checkout's kernel in ${file}`);
  return problem;
}
