/**
 * schedgame-lab, the JupyterLab 4 front end in lab/ (assembled from npm's @jupyterlab/* packages
 * after JupyterLab's examples/app, served by Debian's jupyterlab_server on jupyter_server 1.23):
 * install its npm packages, build it when its sources changed, start and stop a server.
 * Used by `npm run lab` (scripts/lab.ts) and the browser check (scripts/check-jupyterlab.ts).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { freePorts } from "../cluster/daemons";

/** The lab/ folder of this checkout. */
export const LAB_DIR = path.resolve(__dirname, "..", "lab");

/** The Python that has Debian's jupyter_server and jupyterlab_server (pyenv shims may hide them). */
export const LAB_PYTHON = fs.existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

/** What is missing to serve the lab (Debian packages), as an install line; "" when nothing is. */
export function labServerMissing(): string {
  const r = spawnSync(LAB_PYTHON, ["-c", "import jupyter_server, jupyterlab_server"], { encoding: "utf8" });
  return r.status === 0 ? "" : "apt-get install python3-jupyter-server python3-jupyterlab-server";
}

function hashFiles(files: string[]): string {
  const h = createHash("sha256");
  for (const f of files)
    h.update(f)
      .update("\0")
      .update(fs.readFileSync(path.join(LAB_DIR, f)))
      .update("\0");
  return h.digest("hex");
}

function run(cmd: string, args: string[], log: (s: string) => void): void {
  log(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, {
    cwd: LAB_DIR,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0)
    throw new Error(
      `lab: ${cmd} ${args.join(" ")} failed (exit ${r.status}):\n${`${r.stdout}\n${r.stderr}`.trim().slice(-2000)}`,
    );
}

/**
 * Installs lab/'s npm packages (npm ci, when package-lock.json changed since the last install) and
 * builds lab/build (webpack, when the lab's sources or lock file changed since the last build).
 * Returns what it did ("up to date", "installed", "built").
 */
export function ensureLabBuilt(log: (s: string) => void = () => {}): string[] {
  const did: string[] = [];
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const lockHash = hashFiles(["package.json", "package-lock.json"]);
  const installStamp = path.join(LAB_DIR, "node_modules", ".schedgame-lab-lock");
  if (!fs.existsSync(installStamp) || fs.readFileSync(installStamp, "utf8") !== lockHash) {
    run(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], log);
    fs.writeFileSync(installStamp, lockHash);
    did.push("installed");
  }
  const buildHash = hashFiles([
    "package.json",
    "package-lock.json",
    "index.js",
    "shortcuts.js",
    "webpack.config.js",
  ]);
  const buildStamp = path.join(LAB_DIR, "build", ".schedgame-lab-build");
  if (!fs.existsSync(buildStamp) || fs.readFileSync(buildStamp, "utf8") !== buildHash) {
    fs.rmSync(path.join(LAB_DIR, "build"), { recursive: true, force: true });
    run(
      process.execPath,
      [path.join(LAB_DIR, "node_modules", "webpack", "bin", "webpack.js"), "--config", "webpack.config.js"],
      log,
    );
    fs.writeFileSync(buildStamp, buildHash);
    did.push("built");
  }
  return did.length ? did : ["up to date"];
}

/** A running schedgame-lab server. */
export interface LabServer {
  /** Base address, e.g. http://127.0.0.1:8888/ */
  url: string;
  token: string;
  /** The server process. */
  child: ChildProcess;
  /** The server's stderr so far (its log). */
  log(): string;
  /** Stops the server by its pid (SIGTERM, then SIGKILL after 3 s) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Options of {@link startLab}. */
export interface StartLabOptions {
  /** Folder the file browser shows and notebooks open from. Defaults to the project root. */
  rootDir?: string;
  /** Port. Defaults to a free one. */
  port?: number;
  /** Token. Defaults to 32 random hex digits. */
  token?: string;
  /** Where user settings and workspaces live (SCHEDGAME_LAB_STATE). Defaults to ~/.local/share/schedgame-lab. */
  stateDir?: string;
  /** Extra jupyter_server arguments. Defaults to none. */
  args?: string[];
}

/** Starts lab/main.py (build first with {@link ensureLabBuilt}) and waits until it answers. */
export async function startLab(opts: StartLabOptions = {}): Promise<LabServer> {
  const port = opts.port ?? (await freePorts(1))[0];
  const token = opts.token ?? randomBytes(16).toString("hex");
  const rootDir = path.resolve(opts.rootDir ?? path.join(LAB_DIR, ".."));
  const env = { ...process.env, ...(opts.stateDir ? { SCHEDGAME_LAB_STATE: opts.stateDir } : {}) };
  const child = spawn(
    LAB_PYTHON,
    [
      path.join(LAB_DIR, "main.py"),
      "--no-browser",
      `--port=${port}`,
      "--ServerApp.ip=127.0.0.1",
      `--ServerApp.token=${token}`,
      `--ServerApp.root_dir=${rootDir}`,
      "--allow-root",
      ...(opts.args ?? []),
    ],
    { cwd: rootDir, env, stdio: ["ignore", "ignore", "pipe"] },
  );
  const log: string[] = [];
  child.stderr!.on("data", (d) => log.push(String(d)));
  const url = `http://127.0.0.1:${port}/`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const t = setTimeout(() => child.kill("SIGKILL"), 3000);
    await exited;
    clearTimeout(t);
  };
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null)
      throw new Error(`lab: the server exited (code ${child.exitCode}):\n${log.join("").slice(-1500)}`);
    try {
      const r = await fetch(`${url}api/status?token=${token}`);
      if (r.ok) return { url, token, child, log: () => log.join(""), stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`lab: the server did not answer on ${url} within 30 s:\n${log.join("").slice(-1500)}`);
}
