/**
 * Run a check workload on a real (local) Slurm and record what happened: each job submitted at its
 * offset, `sacct` per job (submit, start, end as epoch seconds via SLURM_TIME_FORMAT=%s, NodeList)
 * once all have ended, `sshare -a -l -P` once slurmctld has recalculated fair share after the last
 * end, the lines of slurmctld's log the check reads (cluster/slurmctld-log.ts), and how far the
 * host's time(NULL) lags its exact clock (cluster/clock-lag.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { measureClockLag } from "./clock-lag";
import { runCommand, sleep, waitFor } from "./daemons";
import type { CheckJob } from "./check-workload";
import type { LocalSlurm } from "./local-slurm";
import { CTLD_LOG_KEPT, logTime } from "./slurmctld-log";

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
  /** Epoch seconds when slurmctld answered. */
  ctldUp: number;
  jobs: RealJob[];
  /** `sshare -a -l -P` (header + rows) taken after fair share was recalculated with every job's usage. */
  sshare: string;
  /** The slurmctld log lines the check reads (cluster/slurmctld-log.ts CTLD_LOG_KEPT), verbatim. */
  log: string[];
  /** Minutes east of UTC of the log's local time stamps (the recording machine's zone). */
  logUtcOffsetMinutes: number;
  /**
   * time(NULL)'s lag behind the exact clock at whole seconds, measured before and after the run
   * (seconds; cluster/clock-lag.ts). Absent from recordings made before it was measured.
   */
  clockLag?: number[];
}

/** Submit `jobs` at their offsets, wait for all to end, read sacct, sshare and slurmctld's log. */
export async function runOnSlurm(c: LocalSlurm, jobs: readonly CheckJob[], ctldUp: number): Promise<RealRun> {
  const env = { ...c.env, SLURM_TIME_FORMAT: "%s" };
  const cmd = async (name: string, args: string[]) => {
    const r = await runCommand(name, args, { env, timeoutMs: 30_000, cwd: `${c.dir}/work` });
    if (r.status !== 0)
      throw new Error(`${name} ${args.join(" ")} failed (${r.status}): ${(r.stderr || r.stdout).trim()}`);
    return r.stdout;
  };
  const lagBefore = await measureClockLag();
  const t0 = Date.now();
  const ids = new Map<string, string>();
  for (const j of jobs) {
    const wait = t0 + j.offset * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
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
  await c.waitIdle(20 * 60_000);
  const clockLag = [...lagBefore, ...(await measureClockLag())];
  // slurmdbd may hold a job's start or end a moment after its state is final: wait until sacct has
  // every submitted job with a submit, start and end
  let sacct = "";
  const incomplete = (byId: Map<string, RealJob>) =>
    jobs.filter((j) => {
      const r = byId.get(ids.get(j.name) ?? "");
      return !r || ![r.submit, r.start, r.end].every(Number.isFinite);
    });
  const real = await waitFor(
    "sacct has every job's submit, start and end",
    async () => {
      sacct = await cmd("sacct", [
        "-a",
        "-X",
        "-P",
        "-n",
        "-S",
        "1970-01-01",
        "--format=JobID,JobName,Account,NNodes,NodeList,Submit,Start,End,State,TimelimitRaw",
      ]);
      const byId = sacctJobs(sacct);
      if (incomplete(byId).length > 0) return null;
      return jobs.map((j) => {
        const { line: _line, ...r } = byId.get(ids.get(j.name)!)!;
        return r;
      });
    },
    {
      timeoutMs: 2 * 60_000,
      intervalMs: 1000,
      describe: () => {
        const byId = sacctJobs(sacct);
        return `without them: ${incomplete(byId)
          .map(
            (j) => `${j.name} (id ${ids.get(j.name)}): ${byId.get(ids.get(j.name) ?? "")?.line ?? "no line"}`,
          )
          .join("; ")}`;
      },
    },
  );
  // usage reaches sshare's fair-share figures at the decay thread's next run (every PriorityCalcPeriod)
  const logFile = path.join(c.dir, "log", "slurmctld.log");
  const offset = -new Date().getTimezoneOffset();
  const lastEnd = Math.max(...real.map((j) => j.end));
  await waitFor(
    "fair share recalculated after the last job end",
    async () =>
      decaysIn(fs.readFileSync(logFile, "utf8"), offset).some((t) => t >= lastEnd + 1) ? true : null,
    {
      timeoutMs: 3 * 60_000,
      intervalMs: 1000,
      describe: () => `no decay run logged after ${lastEnd} in ${logFile}`,
    },
  );
  const sshare = await cmd("sshare", ["-a", "-l", "-P"]);
  const log = fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => CTLD_LOG_KEPT.test(l));
  return { ctldUp, jobs: real, sshare, log, logUtcOffsetMinutes: offset, clockLag };
}

/** sacct's -P -n lines (JobID,JobName,Account,NNodes,NodeList,Submit,Start,End,State,TimelimitRaw) by job id. */
function sacctJobs(text: string): Map<string, RealJob & { line: string }> {
  const byId = new Map<string, RealJob & { line: string }>();
  for (const line of text.trim().split("\n")) {
    const [jobId, name, account, nn, nodeList, submit, start, end, state, limit] = line.split("|");
    // "Unknown" (not yet recorded) reads as NaN
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
      line,
    });
  }
  return byId;
}

function decaysIn(text: string, offset: number): number[] {
  return text
    .split("\n")
    .filter((l) => /Fair Tree fairshare algorithm, starting at root/.test(l))
    .map((l) => logTime(l, offset));
}
