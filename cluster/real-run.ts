/**
 * Run a check workload on a real (local) Slurm and record what happened: submissions in waves at
 * their offsets, an `sprio -l` snapshot after the first wave, then `sacct` per job (submit, start,
 * end as epoch seconds via SLURM_TIME_FORMAT=%s, NodeList) and `sshare -a -l -P`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { runCommand, sleep } from "./daemons";
import type { CheckJob } from "./check-workload";
import type { LocalSlurm } from "./local-slurm";

/** One job as sacct recorded it. Times are epoch seconds. */
export interface RealJob {
  name: string;
  jobId: string;
  account: string;
  nodes: number;
  nodeList: string;
  submit: number;
  start: number;
  end: number;
  state: string;
  limitMinutes: number;
}

/** What a real run recorded. */
export interface RealRun {
  /** Epoch seconds when slurmctld answered (its timers, e.g. the backfill thread, start about then). */
  ctldUp: number;
  jobs: RealJob[];
  /** `sprio -l -h` lines taken `sprioDelay` s (default 10) after the first submission, and its time (epoch s). */
  sprio: { time: number; text: string };
  /** `sshare -a -l -P` (header + rows) taken after every job ended and usage was recalculated. */
  sshare: string;
  /** Start times of slurmctld's backfill cycles (epoch s, ms resolution), from its log (DebugFlags=Backfill); empty without that flag. */
  bfCycles: number[];
}

/** Submit `jobs` (wave by wave at their offsets), wait for all to end, read sacct/sprio/sshare. */
export async function runOnSlurm(
  c: LocalSlurm,
  jobs: readonly CheckJob[],
  ctldUp: number,
  opts: { usageWaitMs?: number; sprioDelay?: number } = {},
): Promise<RealRun> {
  const env = { ...c.env, SLURM_TIME_FORMAT: "%s" };
  const cmd = async (name: string, args: string[]) => {
    const r = await runCommand(name, args, { env, timeoutMs: 30_000, cwd: `${c.dir}/work` });
    if (r.status !== 0)
      throw new Error(`${name} ${args.join(" ")} failed (${r.status}): ${(r.stderr || r.stdout).trim()}`);
    return r.stdout;
  };
  const t0 = Date.now();
  const waves = [...new Set(jobs.map((j) => j.offset))].sort((a, b) => a - b);
  // sprio a few seconds after the first wave (once slurmctld has scheduled it), before the next wave
  const takeSprio = async (nextWave: number) => {
    const at = Math.min(opts.sprioDelay ?? 10, nextWave - 2);
    const wait = t0 + at * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    return { time: Math.floor(Date.now() / 1000), text: await cmd("sprio", ["-l", "-h"]) };
  };
  const ids = new Map<string, string>();
  let sprio = { time: 0, text: "" };
  for (const w of waves) {
    if (w > waves[0] && sprio.time === 0) sprio = await takeSprio(w);
    const wait = t0 + w * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    for (const j of jobs.filter((x) => x.offset === w)) {
      const out = await cmd("sbatch", [
        "--parsable",
        "-J",
        j.name,
        "-N",
        String(j.nodes),
        `--time=${j.limitMinutes}`,
        `--account=${j.account}`,
        "-o",
        "/dev/null",
        "--wrap",
        `sleep ${j.sleep}`,
      ]);
      ids.set(j.name, out.trim().split(";")[0]);
    }
  }
  if (sprio.time === 0) sprio = await takeSprio(Infinity);
  await c.waitIdle(20 * 60_000);
  const sacct = await cmd("sacct", [
    "-a",
    "-X",
    "-P",
    "-n",
    "-S",
    "1970-01-01",
    "--format=JobID,JobName,Account,NNodes,NodeList,Submit,Start,End,State,TimelimitRaw",
  ]);
  const byId = new Map<string, RealJob>();
  for (const line of sacct.trim().split("\n")) {
    const [jobId, name, account, nn, nodeList, submit, start, end, state, limit] = line.split("|");
    byId.set(jobId, {
      name,
      jobId,
      account,
      nodes: Number(nn),
      nodeList,
      submit: Number(submit),
      start: Number(start),
      end: Number(end),
      state,
      limitMinutes: Number(limit),
    });
  }
  const real = jobs.map((j) => {
    const r = byId.get(ids.get(j.name) ?? "");
    if (!r) throw new Error(`sacct has no record of job ${j.name} (id ${ids.get(j.name)}); got:\n${sacct}`);
    return r;
  });
  // usage reaches sshare at the next PriorityCalcPeriod: wait for it, then read.
  await sleep(opts.usageWaitMs ?? 65_000);
  const sshare = await cmd("sshare", ["-a", "-l", "-P"]);
  return {
    ctldUp,
    jobs: real,
    sprio,
    sshare,
    bfCycles: backfillCycles(fs.readFileSync(path.join(c.dir, "log", "slurmctld.log"), "utf8")),
  };
}

/**
 * Start times (epoch s, as this process's time zone reads slurmctld's local timestamps) of the
 * backfill cycles in a slurmctld log written with DebugFlags=Backfill.
 */
export function backfillCycles(log: string): number[] {
  const out: number[] = [];
  for (const m of log.matchAll(
    /^\[(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?)\] sched\/backfill: _attempt_backfill: beginning/gm,
  )) {
    out.push(new Date(m[1]).getTime() / 1000);
  }
  return out;
}
