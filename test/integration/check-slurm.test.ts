/**
 * npm run check:slurm, run for real: a seeded workload on a local 8-node Slurm 22.05 with accounting,
 * compared with our Slurm scheduler and Fair Tree. Passes when every job completed, the t = 0 sets
 * are equal (on Slurm's bf_resolution grid, or with our jobs 1 s later on it) and sshare agrees with
 * our Fair Tree; the other agreement figures are printed, not asserted (real Slurm timing is noisy).
 */
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { T0_PASS } from "../cluster/check-lines";
import { notRoot, skipUnlessInstalled } from "./service";

const skip =
  notRoot() ||
  skipUnlessInstalled(
    "local Slurm with accounting",
    [
      "munged",
      "slurmctld",
      "slurmd",
      "sbatch",
      "sacct",
      "sshare",
      "sprio",
      "sacctmgr",
      "slurmdbd",
      "mariadb-install-db",
      "mariadb",
    ],
    "apt-get install slurmctld slurmd slurm-client munge slurmdbd mariadb-server",
  );

describe("check:slurm", () => {
  it.skipIf(skip)("agrees with a real Slurm on the t = 0 set and on Fair Tree", () => {
    const root = path.resolve(__dirname, "..", "..");
    // the recording stays in data/generated/ (git-ignored) for `npm run check:slurm -- --from <file>`
    const out = path.join(root, "data", "generated", "check-slurm", "integration-seed-1.json");
    const r = spawnSync(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["scripts/check-slurm.ts", "--out", out],
      { cwd: root, encoding: "utf8", timeout: 14 * 60_000 },
    );
    console.log(r.stdout);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/real job states: COMPLETED 20\n/);
    expect(r.stdout).toMatch(T0_PASS);
    expect(r.stdout).toMatch(/Kendall tau-b -?\d\.\d{3}/);
    expect(r.stdout).toMatch(/== sshare vs our Fair Tree .*: (\d+)\/\1 associations agree/);
    const rec = JSON.parse(fs.readFileSync(out, "utf8"));
    expect(rec.real.jobs.length).toBe(20);
  });
});
