/**
 * The readers of Slurm's own output on a real Slurm 22.05: record sacct / sshare / sprio on a local
 * cluster with accounting (cluster/slurm-dumps.ts: an array, a failing job, a timed-out job, a
 * cancelled job, a 2-node job), then read them: every sacct line is a job, a counted step or a job
 * that never started (the cancelled one), the cleaning keeps the completed jobs, the machine is
 * inferred from the node names, our Fair Tree agrees with sshare, sprio parses.
 */
import { describe, expect, it } from "vitest";
import { recordSlurmDumps } from "../../cluster/slurm-dumps";
import { parseSacct, sacctMachine } from "../../lib/io/sacct";
import { parseSprio } from "../../lib/io/sprio";
import { compareSshareFairTree } from "../../lib/slurm/sshare-check";
import { parseSshare } from "../../lib/io/sshare";
import { skipUnlessSlurmAccounting } from "./service";

const skip = skipUnlessSlurmAccounting("Slurm dumps", ["sprio"]);

describe("sacct / sshare / sprio from a real Slurm", () => {
  it.skipIf(skip)(
    "load through our readers",
    async () => {
      const d = await recordSlurmDumps();
      const dump = parseSacct(d.sacct, "sacct");
      const lines = d.sacct.split("\n").filter((l) => l.trim() !== "").length - 1;
      const n = dump.counts;
      expect(n.jobs + n.neverStarted + n.steps + n.orphanSteps + n.hetComponents).toBe(lines);
      const states = new Set(dump.jobs.array("status") as string[]);
      for (const s of ["COMPLETED", "FAILED", "TIMEOUT"])
        expect(states.has(s), `state ${s} in ${[...states]}`).toBe(true);
      // The job cancelled while held by its begin time never started: set apart, not loaded.
      expect(dump.neverStarted.map((x) => x.job.state)).toEqual(["CANCELLED"]);
      expect(sacctMachine(dump).nodes).toBe(2);
      const cmp = compareSshareFairTree(parseSshare(d.sshare, "sshare"));
      expect(cmp.filter((r) => !r.agrees)).toEqual([]);
      expect(() => parseSprio(d.sprio, "sprio")).not.toThrow();
    },
    300_000,
  );
});
