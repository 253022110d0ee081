/**
 * Gate for integration checks that need system services. Outside CI a missing service makes the
 * check skip with a message naming the install line; under CI=true (where .ci/run installs them)
 * a missing service is a failure.
 */
import { spawnSync } from "node:child_process";

/** The commands of `commands` that are not on PATH. */
export function missingCommands(commands: readonly string[]): string[] {
  return commands.filter(
    (c) => spawnSync("sh", ["-c", `command -v ${c}`], { encoding: "utf8" }).status !== 0,
  );
}

/**
 * Whether a check needing `commands` should be skipped. Throws under CI=true when any is missing
 * (CI installs them, so a missing one is a broken CI script, not a reason to skip).
 * @param name what the check is ("local Slurm", "JupyterLab").
 * @param install the line that installs what is missing (e.g. "apt-get install slurmctld slurmd").
 */
export function skipUnlessInstalled(name: string, commands: readonly string[], install: string): boolean {
  const missing = missingCommands(commands);
  if (missing.length === 0) return false;
  const msg = `${name}: ${missing.join(", ")} not installed (${install})`;
  if (process.env.CI === "true") throw new Error(`${msg}; required under CI=true`);
  console.warn(`skipped: ${msg}`);
  return true;
}

/**
 * Whether a check that must run as root (the local Slurm: slurmd launches jobs as their owner)
 * should be skipped: outside CI a non-root user skips with a message; under CI=true it throws.
 */
export function notRoot(): boolean {
  if (process.getuid?.() === 0) return false;
  const msg = `local Slurm: needs root (uid ${process.getuid?.()}): run the check as root, e.g. sudo -E npm run check:integration`;
  if (process.env.CI === "true") throw new Error(`${msg}; required under CI=true`);
  console.warn(`skipped: ${msg}`);
  return true;
}

/** The Python with Debian's packages (pyenv or venv shims may hide them): /usr/bin/python3 when present. */
export const SYSTEM_PYTHON =
  spawnSync("sh", ["-c", "test -x /usr/bin/python3"]).status === 0 ? "/usr/bin/python3" : "python3";

/**
 * Like {@link skipUnlessInstalled} for a Python module of the system Python (e.g. Debian's
 * python3-jupyter-kernel-test): skips with the install line outside CI, throws under CI=true.
 */
export function skipUnlessPythonModule(name: string, module: string, install: string): boolean {
  if (spawnSync(SYSTEM_PYTHON, ["-c", `import ${module}`], { encoding: "utf8" }).status === 0) return false;
  const msg = `${name}: Python module ${module} not importable by ${SYSTEM_PYTHON} (${install})`;
  if (process.env.CI === "true") throw new Error(`${msg}; required under CI=true`);
  console.warn(`skipped: ${msg}`);
  return true;
}

/** How to install the local Slurm with accounting (Debian). */
export const SLURM_INSTALL = "apt-get install slurmctld slurmd slurm-client munge slurmdbd mariadb-server";

/** What a local Slurm with accounting runs: the daemons, sbatch, sacct, sshare, sacctmgr and MariaDB's installer. */
const SLURM_ACCOUNTING = [
  "munged",
  "slurmctld",
  "slurmd",
  "slurmdbd",
  "sbatch",
  "sacct",
  "sshare",
  "sacctmgr",
  "mariadb-install-db",
];

/** Whether a check on a local Slurm with accounting skips: not root, or a command missing (these and `extra`); see skipUnlessInstalled. */
export function skipUnlessSlurmAccounting(name: string, extra: readonly string[] = []): boolean {
  return notRoot() || skipUnlessInstalled(name, [...SLURM_ACCOUNTING, ...extra], SLURM_INSTALL);
}
