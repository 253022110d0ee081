/**
 * The shared local-Slurm harness against the real Debian Slurm 22.05: a 4-node cluster runs a job
 * array; with accounting, sacctmgr associations and sacct records; stop() leaves no daemon behind.
 */
import { describe, expect, it } from "vitest";
import { startLocalSlurm, type LocalSlurm } from "../../cluster/index";
import { pidAlive } from "../../cluster/daemons";
import { notRoot, skipUnlessInstalled } from "./service";

const INSTALL = "apt-get install slurmctld slurmd slurm-client munge slurmdbd mariadb-server";
const PLAIN = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scontrol", "scancel"];
const skipRoot = notRoot();
const skipPlain = skipRoot || skipUnlessInstalled("local Slurm", PLAIN, INSTALL);
const skipAcct =
  skipRoot ||
  skipUnlessInstalled(
    "local Slurm with accounting",
    [...PLAIN, "slurmdbd", "sacctmgr", "sacct", "mariadb-install-db", "mariadb"],
    INSTALL,
  );

function daemonPids(c: LocalSlurm): number[] {
  return c.daemons().map((d) => d.pid);
}

describe("local Slurm harness", () => {
  it.skipIf(skipPlain)("starts 4 nodes, runs a 4-task array, stops every daemon", async () => {
    const c = await startLocalSlurm({ nodes: 4 });
    let pids: number[] = [];
    try {
      expect(c.nodes).toEqual(["n1", "n2", "n3", "n4"]);
      pids = daemonPids(c);
      expect(pids.length).toBe(6); // munged, slurmctld, 4 slurmd
      expect(pids.every(pidAlive)).toBe(true);
      const sub = await c.run("sbatch", ["--parsable", "--array=0-3", "--wrap", "sleep 1"]);
      expect(sub.status, sub.stderr).toBe(0);
      const id = sub.stdout.trim();
      await c.waitIdle(60_000);
      const show = await c.run("scontrol", ["-o", "show", "job", id]);
      const states = show.stdout
        .trim()
        .split("\n")
        .map((l) => /JobState=(\S+)/.exec(l)?.[1]);
      expect(states).toEqual(["COMPLETED", "COMPLETED", "COMPLETED", "COMPLETED"]);
    } finally {
      await c.stop();
    }
    expect(pids.filter(pidAlive)).toEqual([]);
  });

  it.skipIf(skipAcct)("with accounting: sacctmgr accounts and users, sacct shows the jobs", async () => {
    const c = await startLocalSlurm({ nodes: 2, accounting: true });
    let pids: number[] = [];
    try {
      pids = daemonPids(c);
      expect(pids.length).toBe(6); // munged, mariadbd, slurmdbd, slurmctld, 2 slurmd
      await c.addAccount("physics", { fairshare: 3 });
      await c.addAccount("chem", { fairshare: 1 });
      await c.addUser("root", "physics", { fairshare: 2 });
      await c.addUser("root", "chem");
      const assoc = await c.run("sacctmgr", [
        "-n",
        "-P",
        "show",
        "assoc",
        "format=Account,User,Share",
        "where",
        "account=physics,chem",
      ]);
      expect(assoc.stdout.trim().split("\n").sort()).toEqual([
        "chem|root|1",
        "chem||1",
        "physics|root|2",
        "physics||3",
      ]);
      const ids: string[] = [];
      for (const account of ["physics", "chem"]) {
        const r = await c.run("sbatch", ["--parsable", `--account=${account}`, "--wrap", "sleep 1"]);
        expect(r.status, r.stderr).toBe(0);
        ids.push(r.stdout.trim());
      }
      await c.waitIdle(60_000);
      const sacct = await c.run("sacct", [
        "--parsable2",
        "-a",
        "-X",
        "-S",
        "1970-01-01",
        "--format=JobID,Account,State",
      ]);
      expect(sacct.stdout.trim().split("\n")).toEqual([
        "JobID|Account|State",
        `${ids[0]}|physics|COMPLETED`,
        `${ids[1]}|chem|COMPLETED`,
      ]);
    } finally {
      await c.stop();
    }
    expect(pids.filter(pidAlive)).toEqual([]);
  });
});
