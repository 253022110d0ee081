/**
 * A study as a Slurm job array on the real local Slurm (Debian 22.05): `npm run study -- … --slurm`
 * writes and submits the array script, the array tasks run their chunks, `--merge` checks and
 * merges, and the merged table equals the local run's byte for byte.
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { startLocalSlurm } from "../../cluster/index";
import { runStudy } from "../../study/runner";
import { skipUnlessInstalled } from "./service";

const project = path.resolve(__dirname, "..", "..");
const skip = skipUnlessInstalled(
  "local Slurm (study array)",
  ["munged", "slurmctld", "slurmd", "sbatch", "squeue"],
  "apt-get install slurmctld slurmd slurm-client munge",
);

function scratch(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sg-study-array-"));
  for (const d of ["test", "node_modules", "scripts", "lib", "study"])
    fs.symlinkSync(path.join(project, d), path.join(root, d));
  return root;
}

describe("study as a Slurm job array", () => {
  it.skipIf(skip)("submits an array, waits, merges, and equals the local run", async () => {
    const spec = {
      name: "array-check",
      experiment: "module:test/study/fixtures/kind.ts#squares",
      grid: { x: [1, 2, 3, 4, 5, 6, 7], y: ["a", "b"] },
      params: { pauseMs: 200 },
    };
    const local = await runStudy(spec, { root: scratch(), workers: 2 });
    const root = scratch();
    const file = path.join(root, "array-check.json");
    fs.writeFileSync(file, JSON.stringify(spec));
    const cli = (args: string[], env: NodeJS.ProcessEnv) =>
      spawnSync(
        process.execPath,
        ["--require", "tsx/cjs", path.join(project, "scripts", "study.ts"), file, "--root", root, ...args],
        { cwd: root, encoding: "utf8", env, timeout: 120_000 },
      );
    const c = await startLocalSlurm({ nodes: 4 });
    try {
      const sub = cli(["--slurm", "--chunks", "4", "--concurrency", "3"], c.env);
      expect(sub.status, sub.stderr + sub.stdout).toBe(0);
      expect(sub.stdout).toMatch(/submitted job array \d+/);
      const script = fs.readFileSync(
        path.join(root, "data", "generated", "studies", "array-check", "array.sbatch"),
        "utf8",
      );
      expect(script).toContain("#SBATCH --array=0-3%3");
      await c.waitIdle(180_000);
      const merged = cli(["--merge", "--chunks", "4"], c.env);
      expect(
        merged.status,
        merged.stderr +
          merged.stdout +
          fs.readdirSync(path.join(root, "data", "generated", "studies", "array-check")).join(" "),
      ).toBe(0);
      expect(
        fs.readFileSync(
          path.join(root, "data", "generated", "studies", "array-check", "merged.jsonl"),
          "utf8",
        ),
      ).toBe(fs.readFileSync(local.merged!, "utf8"));
      const chunks = fs
        .readdirSync(path.join(root, "data", "generated", "studies", "array-check"))
        .filter((f) => /^results-\d+\.jsonl$/.test(f));
      expect(chunks.sort()).toEqual([
        "results-0.jsonl",
        "results-1.jsonl",
        "results-2.jsonl",
        "results-3.jsonl",
      ]);
    } finally {
      await c.stop();
    }
  });
});
