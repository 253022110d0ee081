/**
 * The readers of Slurm's own output on a real Slurm 22.05: record sacct / sshare / sprio on a local
 * cluster with accounting (cluster/slurm-dumps.ts: an array, a failing job, a timed-out job, a
 * cancelled job, a 2-node job), then read them: every sacct line is a job or a counted step, the
 * cleaning keeps the completed jobs, the machine is inferred from the node names, our Fair Tree
 * agrees with sshare, sprio parses.
 */
import { describe, expect, it } from "vitest";
import { recordSlurmDumps } from "../../cluster/slurm-dumps";
import { parseSacct, sacctMachine } from "../../lib/io/sacct";
import { parseSprio } from "../../lib/io/sprio";
import { compareSshareFairTree } from "../../lib/slurm/sshare-check";
import { parseSshare } from "../../lib/io/sshare";
import { notRoot, skipUnlessInstalled } from "./service";

const INSTALL = "apt-get install slurmctld slurmd slurm-client munge slurmdbd mariadb-server";
const skip =
  notRoot() ||
  skipUnlessInstalled(
    "Slurm dumps",
    [
      "munged",
      "slurmctld",
      "slurmd",
      "slurmdbd",
      "sbatch",
      "sacct",
      "sshare",
      "sprio",
      "sacctmgr",
      "mariadb-install-db",
    ],
    INSTALL,
  );

describe("sacct / sshare / sprio from a real Slurm", () => {
  it.skipIf(skip)(
    "load through our readers",
    async () => {
      const d = await recordSlurmDumps();
      const dump = parseSacct(d.sacct, "sacct");
      const lines = d.sacct.split("\n").filter((l) => l.trim() !== "").length - 1;
      expect(dump.counts.jobs + dump.counts.steps).toBe(lines);
      const states = new Set(dump.jobs.array("status") as string[]);
      for (const s of ["COMPLETED", "FAILED", "TIMEOUT", "CANCELLED"])
        expect(states.has(s), `state ${s} in ${[...states]}`).toBe(true);
      expect(sacctMachine(dump).nodes).toBe(2);
      const cmp = compareSshareFairTree(parseSshare(d.sshare, "sshare"));
      expect(cmp.filter((r) => !r.agrees)).toEqual([]);
      expect(() => parseSprio(d.sprio, "sprio")).not.toThrow();
    },
    300_000,
  );
});
