/**
 * Real Slurm output for the readers of lib/io (sacct, sshare, sprio): start the local Slurm with
 * accounting, create accounts and users, run a handful of short jobs — a 4-task array, a cancelled
 * job, a failing job, a job that hits its 1-minute limit, two sleeps — and dump
 * `sacct --parsable2` (in a given column order), `sshare -a -l -P` and `sprio -l` while two jobs pend.
 * Used by scripts/record-slurm-dumps.ts (fixtures) and test/integration/slurm-dumps.test.ts.
 */
import { type LocalSlurm, startLocalSlurm } from "./local-slurm";

/** The dumps, as the commands printed them. */
export interface SlurmDumps {
  sacct: string;
  /** The `--format` list the sacct dump used. */
  sacctFormat: string;
  sshare: string;
  sprio: string;
  /** Slurm's version line (`sinfo -V`). */
  version: string;
}

/** A column order that is not sacct's default (the reader must not depend on the order). */
export const DUMP_SACCT_FORMAT =
  "JobID,JobName,User,Account,Partition,State,ExitCode,Submit,Eligible,Start,End,Elapsed,Timelimit,NNodes,NCPUS,ReqCPUS,AllocNodes,NodeList";

/**
 * The local Slurm the recordings run on: 2 nodes of 2 cores with accounting and the multifactor
 * priority (fair share 1000, age 100, recomputed every second), jobs killed at their limit
 * (OverTimeLimit 0, KillWait 5 s), accounts physics (3 shares) and chem (1) with root in both
 * (2 shares in physics). `slurmConf` adds or overrides slurm.conf lines.
 */
export function startRecordingSlurm(slurmConf: Record<string, string> = {}): Promise<LocalSlurm> {
  return startLocalSlurm({
    nodes: 2,
    coresPerNode: 2,
    accounting: true,
    associations: {
      accounts: [
        { name: "physics", fairshare: 3 },
        { name: "chem", fairshare: 1 },
      ],
      users: [
        { user: "root", account: "physics", fairshare: 2 },
        { user: "root", account: "chem" },
      ],
    },
    slurmConf: {
      PriorityType: "priority/multifactor",
      PriorityWeightFairshare: "1000",
      PriorityWeightAge: "100",
      PriorityCalcPeriod: "1",
      OverTimeLimit: "0",
      KillWait: "5",
      ...slurmConf,
    },
  });
}

/**
 * Records the dumps on a fresh 2-node local Slurm (over a minute: the timed-out job needs its minute).
 * @throws when a daemon does not start or a command fails (with its output)
 */
export async function recordSlurmDumps(): Promise<SlurmDumps> {
  const c = await startRecordingSlurm();
  try {
    const sbatch = (args: string[]) => c.sbatch(args);
    await sbatch(["--account=physics", "--array=0-3", "--time=1", "--wrap", "sleep 2"]);
    await sbatch(["--account=chem", "--time=2", "-N", "1", "--wrap", "exit 3"]);
    await sbatch(["--account=physics", "--time=1", "--wrap", "sleep 300"]); // hits its 1-minute limit
    const cancel = await sbatch(["--account=chem", "--time=5", "--begin=now+600", "--wrap", "sleep 1"]);
    await sbatch(["--account=chem", "--time=3", "-N", "2", "--wrap", "sleep 5"]);
    // While jobs pend: sprio (the --begin job is held by its begin time; the 2-node job waits).
    await new Promise((r) => setTimeout(r, 3000));
    const sprio = await c.run("sprio", ["-l"]);
    await c.run("scancel", [cancel]);
    await c.waitIdle(180_000);
    await new Promise((r) => setTimeout(r, 3000)); // let slurmdbd receive the last records
    const sacct = await c.run("sacct", [
      "--parsable2",
      "--allusers",
      "--duplicates",
      "--starttime=2000-01-01",
      "--endtime=now+1day",
      `--format=${DUMP_SACCT_FORMAT}`,
    ]);
    const sshare = await c.run("sshare", ["-a", "-l", "-P"]);
    const version = await c.run("sinfo", ["-V"]);
    for (const [name, r] of [
      ["sacct", sacct],
      ["sshare", sshare],
    ] as const)
      if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
    return {
      sacct: sacct.stdout,
      sacctFormat: DUMP_SACCT_FORMAT,
      sshare: sshare.stdout,
      sprio: sprio.stdout,
      version: version.stdout.trim(),
    };
  } finally {
    await c.stop();
  }
}
