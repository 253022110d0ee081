/**
 * A new user's first hour: the committed project cloned into a folder with no `../shared` beside
 * it (so no real traces) and `SCHEDGAME_TRACES` unset, installed from the npm registry alone (no
 * other download: where only the registry is reachable, as here, anything else would fail the
 * install), then the README's two commands. Both must
 * exit 0; the notebooks and tests that need a trace say which one and the command that gets it.
 * It clones HEAD: commit before running it.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { skipUnlessInstalled } from "./service";

const root = path.resolve(__dirname, "..", "..");
const skip = skipUnlessInstalled("fresh clone check", ["git", "npm"], "apt-get install git npm");

/** The environment of a new user: no CI, no trace folder, no cache switches, a Jupyter data dir of its own. */
function newUserEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === "CI" || k.startsWith("SCHEDGAME_") || k.startsWith("VITEST") || k === "NODE_ENV") continue;
    env[k] = v;
  }
  return { ...env, JUPYTER_DATA_DIR: path.join(home, "jupyter"), TZ: "UTC" };
}

/** A command run to its end (at most `minutes`), its output and how long it took, which it prints. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, minutes: number) {
  const t0 = Date.now();
  const r = spawnSync(cmd, args, {
    cwd,
    env,
    encoding: "utf8",
    timeout: minutes * 60_000,
    maxBuffer: 256 << 20,
  });
  const out = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
  console.log(`${[cmd, ...args].join(" ")}: exit ${r.status}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { status: r.status, out, tail: out.trim().slice(-3000) };
}

describe("a fresh clone without ../shared", () => {
  it.skipIf(skip)(
    "npm install && npm run report, then npm test, both exit 0 and name the missing traces",
    () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-fresh-"));
      const dir = path.join(home, "schedgame");
      try {
        const env = newUserEnv(home);
        const clone = run("git", ["clone", "--quiet", root, dir], home, env, 2);
        expect(clone.status, clone.tail).toBe(0);
        expect(fs.existsSync(path.join(home, "shared"))).toBe(false);

        const install = run("npm", ["install", "--no-audit", "--no-fund"], dir, env, 10);
        expect(install.status, install.tail).toBe(0);

        const report = run("npm", ["run", "report"], dir, env, 20);
        console.log(
          report.out
            .split("\n")
            .filter((l) => /^(notebooks:|FAILED|wrote )/.test(l))
            .join("\n"),
        );
        expect(report.status, report.tail).toBe(0);
        const executed = fs.readFileSync(
          path.join(dir, "report", "notebooks", "15-real-machines.ipynb"),
          "utf8",
        );
        expect(executed).toMatch(/Trace[s]? not found: .*KTH-SP2-1996-2\.1-cln.*npm run traces:download/);

        const test = run("npm", ["test"], dir, env, 30);
        const last =
          test.out
            .trim()
            .split("\n")
            .filter((l) => /^tests: /.test(l))
            .pop() ?? "(no summary line)";
        console.log(last);
        expect(test.status, test.tail).toBe(0);
        expect(last).toMatch(/^tests: [1-9]\d* passed, 0 failed, [1-9]\d* skipped$/);
        expect(test.out).toMatch(/skipping: .*not found in .*; run 'npm run traces:download'/);
        expect(test.out).toMatch(/skipped: no traces in .*npm run traces:download/);
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    },
    45 * 60_000,
  );
});
