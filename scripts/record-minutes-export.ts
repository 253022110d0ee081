/**
 * Records the workload of jobs of minutes of cluster/minutes-workload.ts on the local Slurm
 * (cluster/minutes-recording.ts; needs root and Debian's Slurm + MariaDB packages; about an hour and
 * a half) and writes into data/site/cons-tres-minutes/ the export of docs/your-data.md, the
 * cluster's slurm.conf, gres.conf and topology.conf as it ran, the lines of slurmctld's log the checks
 * read (TRES_LOG_FILE), and a README whose figures are computed from the recording. `--jobs N` and
 * `--time-scale X` make a short run of the same harness (a smoke test: write it elsewhere).
 *   npx tsx scripts/record-minutes-export.ts [outDir] [--jobs N] [--time-scale X] [--seed N]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  checkMinutesExport,
  minutesRecordingFigures,
  minutesSlurmConf,
  recordMinutes,
} from "../cluster/minutes-recording";
import { MINUTES_LAYOUT, type MinutesWorkloadOptions } from "../cluster/minutes-workload";
import { groupNodes, topologyConf } from "../cluster/node-layout";
import { sharedNodeFraction } from "../cluster/tres-recording";
import { TRES_LOG_FILE, type TresLog } from "../cluster/tres-check";
import { clockLagOf } from "../cluster/clock-lag";
import { SLURM_EXPORT_FILES, SLURM_EXPORT_SCRIPT } from "../lib/io/slurm-exports";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const min = (s: number) => `${(s / 60).toFixed(1)} min`;

function option(args: string[], name: string): number | undefined {
  const k = args.indexOf(name);
  if (k < 0) return undefined;
  const text = args.splice(k, 2)[1];
  const v = Number(text);
  if (text === undefined || !Number.isFinite(v))
    throw new Error(`invalid ${name}: ${text}; expected a number`);
  return v;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options: MinutesWorkloadOptions = {
    jobs: option(args, "--jobs"),
    timeScale: option(args, "--time-scale"),
    seed: option(args, "--seed"),
  };
  const out = args[0] ?? path.join(__dirname, "..", "data", "site", "cons-tres-minutes");
  const t = new Date();
  console.log(`${t.toISOString()} recording into ${out} (${JSON.stringify(options)})`);
  const r = await recordMinutes(options);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(out, name), text);
  for (const [name, text] of Object.entries(r.configs)) fs.writeFileSync(path.join(out, name), text);
  const log: TresLog = { utcOffsetMinutes: r.logUtcOffsetMinutes, lines: r.log, clockLag: r.clockLag };
  fs.writeFileSync(path.join(out, TRES_LOG_FILE), JSON.stringify(log, null, 1) + "\n");
  const records = checkMinutesExport(r.files[SLURM_EXPORT_FILES.sacct], r.jobs);
  const fig = minutesRecordingFigures(records, r.jobs);
  const shared = sharedNodeFraction(records);
  const conf = minutesSlurmConf();
  const m = r.mix;
  const groups = groupNodes(MINUTES_LAYOUT).map(({ hostlist }, k) => {
    const g = MINUTES_LAYOUT.groups[k];
    return `${hostlist}: ${g.cpus} CPUs (${g.sockets} sockets), ${g.realMemoryMiB} MiB${g.gpus ? `, ${g.gpus} GPUs` : ""}, features ${(g.features ?? []).join(",")}, Weight ${g.weight}`;
  });
  const parts = MINUTES_LAYOUT.partitions.map(
    (p) =>
      `${p.name} = ${p.nodes}${p.default ? " (default)" : ""} DefaultTime ${p.defaultTime} MaxTime ${p.maxTime}`,
  );
  const switches = topologyConf(MINUTES_LAYOUT).trim().split("\n").join("; ");
  const configNames = Object.keys(r.configs).sort();
  const flags = [
    options.seed !== undefined ? `--seed ${options.seed}` : "",
    options.jobs !== undefined ? `--jobs ${options.jobs}` : "",
    options.timeScale !== undefined ? `--time-scale ${options.timeScale}` : "",
  ].filter((x) => x !== "");
  const accounts = fig.accounts
    .map((a) => `${a.account} ${a.jobs} jobs, median wait ${a.medianWait} s`)
    .join("; ");
  fs.writeFileSync(
    path.join(out, "README.md"),
    `Recorded by \`npx tsx scripts/record-minutes-export.ts${flags.length ? ` ${flags.join(" ")}` : ""}\` on ${r.version} (${r.wallSeconds} s = ${min(r.wallSeconds)} of wall time, cluster start to stop): the stand-in for a real site's export of jobs of minutes, which a replay must reproduce from the export and slurm.conf alone.

**The cluster** (cluster/minutes-workload.ts): select/cons_tres with SelectTypeParameters=${conf.SelectTypeParameters} and DefMemPerCPU=${conf.DefMemPerCPU} on ${groups.length} groups of nodes (${groups.join("; ")}); partitions ${parts.join(", ")}; TopologyPlugin=topology/tree (${switches}). The GPUs are fake: slurmd 22.05 drops a GPU without a \`File=\` from what it registers and slurmctld then drains the node ("gres/gpu count reported lower than configured (0 < 2)"), so gres.conf gives each a character device with /dev/null's numbers under the private state folder; the GPUs are counted in the accounting (AccountingStorageTRES=${conf.AccountingStorageTRES}). The multifactor priority with Fair Tree (PriorityWeightFairshare=${conf.PriorityWeightFairshare}, PriorityWeightAge=${conf.PriorityWeightAge}, PriorityWeightJobSize=${conf.PriorityWeightJobSize}, PriorityDecayHalfLife=${conf.PriorityDecayHalfLife}, PriorityMaxAge=${conf.PriorityMaxAge}, PriorityCalcPeriod at its default), AccountingStorageEnforce=${conf.AccountingStorageEnforce}, SchedulerParameters=${conf.SchedulerParameters} (sched_interval, bf_resolution, bf_window and the rest at Slurm's defaults); the four accounts (shares 40/30/20/10) and ten users of cluster/site-workload.ts.

**The workload** (cluster/minutes-workload.ts, seed ${options.seed ?? 1}${options.timeScale !== undefined ? `, time scale ${options.timeScale}` : ""}): ${m.jobs} jobs in ${m.sessions} sessions (one user's alike jobs a few seconds apart) submitted over ${min(m.spanSeconds)}, offering ${m.offeredLoad.toFixed(2)}× the cluster's CPUs (CPU·s of the sleeps over CPUs × span); jobs per account ${Object.entries(
      m.accounts,
    )
      .sort()
      .map(([a, n]) => `${a} ${n}`)
      .join(
        ", ",
      )}. Each job runs \`sleep\` of ${m.sleepRange[0]}–${m.sleepRange[1]} s under limits as users set them (round values; the median limit is ${m.medianLimitOverRun.toFixed(1)}× the run; ${pct(m.noLimit)} ask none and get the partition's DefaultTime). ${pct(m.multiNode)} on two nodes; memory ${pct(m.memPerNode)} per node (\`--mem\`), ${pct(m.memPerCpu)} per CPU (\`--mem-per-cpu\`), ${pct(m.memDefault)} none (DefMemPerCPU); ${pct(m.bigMemory)} asking more memory per node than any node of their partition but the big-memory one has; ${pct(m.gpus)} asking GPUs (partition gpu); ${pct(m.constraint)} with a constraint; ${pct(m.exclusive)} \`--exclusive\` (${r.redrawn} drawn requests that no node set could hold were drawn again).

**The recording**: all ${fig.jobs} jobs COMPLETED (checkMinutesExport: user, account, partition, nodes, constraint, time limit, ReqTRES and AllocTRES as asked), from the first submit to the last end ${min(fig.spanSeconds)}. Median wait ${fig.medianWait} s, longest ${fig.maxWait} s (${min(fig.maxWait)}); at most ${fig.maxPending} jobs pending at once; per account: ${accounts}. ${pct(fig.backfilled)} of the jobs were started by the backfill scheduler (sacct's Flags). ${pct(shared)} of the jobs ran beside another job on one of their nodes (their Start–End overlap on a node, sacct's seconds). Elapsed equals the sleep for ${pct(fig.elapsedExact)} of the jobs and exceeds it by at most ${fig.maxElapsedExcess} s. time(NULL) lagged the exact clock at whole seconds by a median ${(1000 * clockLagOf(r.clockLag)).toFixed(1)} ms (cluster/clock-lag.ts, measured before and after the jobs ran).

**The files**: the export script's ${Object.keys(r.files).sort().join(", ")}; the cluster's own ${configNames.join(", ")} as it ran, copied as a site keeps them, with the private temp state folder written as \`<state>\` (in config.txt as well); and \`${TRES_LOG_FILE}\`: the lines of slurmctld's log (SlurmctldDebug=${conf.SlurmctldDebug}, DebugFlags=${conf.DebugFlags}) that cluster/slurmctld-log.ts reads (submits, starts, ends, nodes freed, main passes, backfill cycles and reservations, priority recalculations) with the minutes east of UTC of their time stamps: the controller's own timing, which the export's whole seconds do not hold. The export script of docs/your-data.md:

\`\`\`sh
${SLURM_EXPORT_SCRIPT}
\`\`\`
`,
  );
  console.log(
    `${new Date().toISOString()} wrote ${Object.keys(r.files).length + configNames.length + 2} files to ${out} (${r.version}, ${r.wallSeconds} s; ${m.jobs} jobs, median wait ${fig.medianWait} s, ${pct(shared)} sharing a node)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
