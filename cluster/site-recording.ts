/**
 * A site's accounting as an administrator exports it, recorded on the local Slurm 22.05:
 * select/cons_tres on 8 nodes of 4 cores, the multifactor priority with Fair Tree, accounts and
 * users of cluster/site-workload.ts (Unix users created when missing; jobs submitted with sbatch's
 * `--uid`), the seeded workload submitted at its offsets, then the export script of
 * docs/your-data.md (lib/io/slurm-exports.ts). Two settings of PriorityWeightFairshare on the same
 * workload give the real counterfactual that notebook 18's what-if is checked against. Used by
 * scripts/record-site-export.ts (data/site/) and test/integration/site-counterfactual.test.ts;
 * `recordSiteExport`, the live run and export, also by cluster/tres-recording.ts.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { runSlurmExport } from "../lib/io/slurm-export-live";
import { runCommand, sleep } from "./daemons";
import { startLocalSlurm, type LocalSlurmOptions } from "./local-slurm";
import { checkKnobs, checkSlurmConf } from "./slurm-check";
import { measureClockLag } from "./clock-lag";
import { CTLD_LOG_KEPT } from "./slurmctld-log";
import { SITE_ACCOUNTS, type SiteWorkloadOptions, siteWorkload } from "./site-workload";

/** The two recorded settings: PriorityWeightFairshare 0 (the queue by age) and 10000. */
export const SITE_SETTINGS = Object.freeze({ "fairshare-0": 0, "fairshare-high": 10000 } as const);

/** A recorded setting's name. */
export type SiteSettingName = keyof typeof SITE_SETTINGS;

/** What a recording holds: the setting, the export's files (name → text), Slurm's version line and its wall time. */
export interface SiteRecording extends LiveExport {
  setting: SiteSettingName;
}

/** Creates the site's Unix users that do not exist yet (no home, no login shell). */
async function ensureUsers(): Promise<void> {
  for (const a of SITE_ACCOUNTS)
    for (const { user } of a.users) {
      if ((await runCommand("id", ["-u", user])).status === 0) continue;
      const r = await runCommand("useradd", ["-M", "-N", "-s", "/usr/sbin/nologin", user]);
      // 9: made meanwhile by a recording running beside this one
      if (r.status !== 0 && r.status !== 9)
        throw new Error(`useradd ${user} failed: ${r.stderr.trim()} (run as root)`);
    }
}

/** One job of a live recording: when, as whom, and sbatch's options. */
export interface RecordedSubmit {
  /** Seconds after the first submission at which it is submitted. */
  offset: number;
  /** The Unix user it runs as (`sbatch --uid`; one of SITE_ACCOUNTS' users). */
  user: string;
  /** sbatch's options (account, name, size, limit …; not `--uid`, output or working folder). */
  args: readonly string[];
  /** `sleep` seconds: what the job runs. */
  sleep: number;
}

/**
 * What a live recording gives: the export's files (name → text), Slurm's version line, its wall time
 * (cluster start to stop, seconds), and the lines of slurmctld's log that cluster/slurmctld-log.ts
 * reads (CTLD_LOG_KEPT; its events only where slurm.conf sets SlurmctldDebug=debug and
 * DebugFlags=Backfill,Priority,TraceJobs,Route) with the minutes east of UTC of their time stamps,
 * and how far the host's time(NULL) lags its exact clock.
 */
export interface LiveExport {
  files: Record<string, string>;
  version: string;
  wallSeconds: number;
  log: string[];
  logUtcOffsetMinutes: number;
  /** time(NULL)'s lag at whole seconds, measured before and after the jobs ran (s; cluster/clock-lag.ts). */
  clockLag: number[];
  /**
   * The cluster's own config files as it ran (`slurm.conf`, and `gres.conf`, `topology.conf` where
   * written), the private state folder written as `<state>`.
   */
  configs: Record<string, string>;
}

/** The config files a recording keeps (those the cluster has). */
export const KEPT_CONFIGS: readonly string[] = Object.freeze(["slurm.conf", "gres.conf", "topology.conf"]);

/**
 * Starts a local Slurm with accounting and the site's accounts and users (SITE_ACCOUNTS; Unix users
 * created when missing), submits `jobs` at their offsets as their users, waits until every job has
 * ended in slurmdbd, runs the export script of docs/your-data.md (runSlurmExport) and stops the
 * cluster. The private cluster's state folder (a fresh temp folder) is written as `<state>`.
 * @param cluster the cluster's shape and slurm.conf lines (accounting and associations are set here)
 * @param fullLog a file to copy slurmctld's whole log to. Defaults to none.
 * @param idleTimeoutMs how long to wait after the last submission for every job to end, ms. Defaults to 15 minutes.
 * @throws when a daemon does not start, a user cannot be created or a command fails (with its output)
 */
export async function recordSiteExport(
  cluster: Omit<LocalSlurmOptions, "accounting" | "associations">,
  jobs: readonly RecordedSubmit[],
  fullLog?: string,
  idleTimeoutMs = 15 * 60_000,
): Promise<LiveExport> {
  await ensureUsers();
  const t = Date.now();
  const c = await startLocalSlurm({
    ...cluster,
    accounting: true,
    associations: {
      accounts: SITE_ACCOUNTS.map((a) => ({ name: a.name, fairshare: a.fairshare })),
      users: SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => ({ user: u.user, account: a.name }))),
    },
  });
  try {
    // the jobs run as the site's users: their slurmstepd must reach the spool below the state folder
    fs.chmodSync(c.dir, 0o755);
    for (const sub of fs.readdirSync(c.dir)) if (sub === "spool") fs.chmodSync(path.join(c.dir, sub), 0o755);
    const lagBefore = await measureClockLag();
    const t0 = Date.now();
    for (const j of jobs) {
      const wait = t0 + j.offset * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      await c.sbatch([
        `--uid=${j.user}`,
        ...j.args,
        "-o",
        "/dev/null",
        `--chdir=${os.tmpdir()}`,
        "--wrap",
        `sleep ${j.sleep}`,
      ]);
    }
    await c.waitIdle(idleTimeoutMs);
    const clockLag = [...lagBefore, ...(await measureClockLag())];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-export-"));
    try {
      // the workbook's live export (loadSite("live")), here against this cluster
      const out = runSlurmExport(dir, c.env);
      const files: Record<string, string> = {};
      for (const f of fs.readdirSync(out).sort())
        files[f] = fs.readFileSync(path.join(out, f), "utf8").split(c.dir).join("<state>");
      const version = (await c.run("sinfo", ["-V"])).stdout.trim();
      const configs: Record<string, string> = {};
      for (const f of KEPT_CONFIGS)
        if (fs.existsSync(path.join(c.dir, f)))
          configs[f] = fs.readFileSync(path.join(c.dir, f), "utf8").split(c.dir).join("<state>");
      const logFile = path.join(c.dir, "log", "slurmctld.log");
      if (fullLog) fs.copyFileSync(logFile, fullLog);
      const log = fs
        .readFileSync(logFile, "utf8")
        .split("\n")
        .filter((l) => CTLD_LOG_KEPT.test(l));
      return {
        files,
        version,
        wallSeconds: Math.round((Date.now() - t) / 1000),
        log,
        logUtcOffsetMinutes: -new Date().getTimezoneOffset(),
        clockLag,
        configs,
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await c.stop();
  }
}

/**
 * Runs the site workload under one setting and exports its accounting (a few minutes: the jobs are
 * seconds long and overload the 8 nodes for about two minutes).
 * @throws when a daemon does not start, a user cannot be created or a command fails (with its output)
 */
export async function recordSite(
  setting: SiteSettingName,
  workload: SiteWorkloadOptions = {},
): Promise<SiteRecording> {
  const nodes = workload.clusterNodes ?? 8;
  const jobs = siteWorkload({ clusterNodes: nodes, ...workload }).map((j) => ({
    offset: j.offset,
    user: j.user,
    sleep: j.sleep,
    args: [
      `--account=${j.account}`,
      "-J",
      j.name,
      "-N",
      String(j.nodes),
      "--exclusive",
      `--time=${j.limitMinutes}`,
    ],
  }));
  const r = await recordSiteExport(
    {
      nodes,
      coresPerNode: 4,
      slurmConf: {
        ...checkSlurmConf(checkKnobs()),
        SelectType: "select/cons_tres",
        SelectTypeParameters: "CR_Core",
        PriorityWeightFairshare: String(SITE_SETTINGS[setting]),
        DebugFlags: "",
        SlurmctldDebug: "info",
      },
    },
    jobs,
  );
  return { setting, ...r };
}
