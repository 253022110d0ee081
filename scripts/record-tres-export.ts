/**
 * Records the mixed cons_tres workload of cluster/tres-workload.ts on the local Slurm
 * (cluster/tres-recording.ts; needs root and Debian's Slurm + MariaDB packages) and writes its export
 * into data/site/cons-tres/ with the lines of slurmctld's log the check reads (TRES_LOG_FILE) and a
 * README naming how it was made and what the workload asked. `--time-scale N` stretches the
 * workload's time and the scheduler's intervals N times (cluster/tres-workload.ts).
 *   npx tsx scripts/record-tres-export.ts [outDir] [--time-scale N]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { recordTres, sharedNodeFraction, tresSlurmConf, checkTresExport } from "../cluster/tres-recording";
import { TRES_LAYOUT } from "../cluster/tres-workload";
import { groupNodes } from "../cluster/node-layout";
import { SLURM_EXPORT_FILES, SLURM_EXPORT_SCRIPT } from "../lib/io/slurm-exports";
import { TRES_LOG_FILE, type TresLog } from "../cluster/tres-check";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const k = args.indexOf("--time-scale");
  const timeScale = k >= 0 ? Number(args.splice(k, 2)[1]) : 1;
  const out = args[0] ?? path.join(__dirname, "..", "data", "site", "cons-tres");
  const r = await recordTres({ timeScale });
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(out, name), text);
  const log: TresLog = { utcOffsetMinutes: r.logUtcOffsetMinutes, lines: r.log, clockLag: r.clockLag };
  fs.writeFileSync(path.join(out, TRES_LOG_FILE), JSON.stringify(log, null, 1) + "\n");
  const records = checkTresExport(r.files[SLURM_EXPORT_FILES.sacct], r.jobs);
  const shared = sharedNodeFraction(records);
  const groups = groupNodes(TRES_LAYOUT).map(({ hostlist }, k) => {
    const g = TRES_LAYOUT.groups[k];
    return `${hostlist}: ${g.cpus} CPUs, ${g.realMemoryMiB} MiB${g.gpus ? `, ${g.gpus} GPUs` : ""}, feature ${(g.features ?? []).join(",")}`;
  });
  const parts = TRES_LAYOUT.partitions.map((p) => `${p.name} = ${p.nodes}${p.default ? " (default)" : ""}`);
  const conf = tresSlurmConf(timeScale);
  const m = r.mix;
  const range = (xs: number[]) => `${Math.min(...xs)}–${Math.max(...xs)}`;
  fs.writeFileSync(
    path.join(out, "README.md"),
    `Recorded by \`npx tsx scripts/record-tres-export.ts${timeScale === 1 ? "" : ` --time-scale ${timeScale}`}\` on ${r.version} (${r.wallSeconds} s of wall time, cluster start to stop): select/cons_tres with SelectTypeParameters=${conf.SelectTypeParameters} and DefMemPerCPU=${conf.DefMemPerCPU} on six nodes (${groups.join("; ")}), partitions ${parts.join(", ")}; the GPUs are fake (gres.conf \`File=\` character devices with /dev/null's numbers under the private state folder, cluster/node-layout.ts) and counted in the accounting (AccountingStorageTRES=gres/gpu). The multifactor priority with Fair Tree (PriorityWeightFairshare=${conf.PriorityWeightFairshare}, PriorityWeightAge=${conf.PriorityWeightAge}) and the scaled scheduler intervals of the site recordings (SchedulerParameters=${conf.SchedulerParameters}); the four accounts and ten users of cluster/site-workload.ts.

The workload (cluster/tres-workload.ts, seed 1${timeScale === 1 ? "" : `, time scale ${timeScale}`}): ${m.jobs} jobs submitted over ${m.spanSeconds.toFixed(0)} s offering ${m.offeredLoad.toFixed(2)}× the cluster's CPUs (CPU·s of the sleeps over CPUs × span), sleeps of ${range(r.jobs.map((j) => j.sleep))} s under limits of ${range(r.jobs.map((j) => j.limitMinutes))} minutes; ${pct(m.multiNode)} on two nodes, ${pct(m.memoryOnlySomeNodes)} asking more memory per node than some node of their partition has, ${pct(m.gpus)} asking GPUs, ${pct(m.constraint)} with a constraint, ${pct(m.exclusive)} exclusive (${r.redrawn} drawn requests that no node set could hold were drawn again). In the recording ${pct(shared)} of the jobs ran beside another job on one of their nodes (their Start–End overlap on a node, sacct's seconds).

slurmctld ran with SlurmctldDebug=debug and DebugFlags=${conf.DebugFlags}; the lines of its log that cluster/slurmctld-log.ts reads (submits, starts, ends, nodes freed, main passes, backfill cycles, priority recalculations) are kept in \`${TRES_LOG_FILE}\` with the minutes east of UTC of their time stamps and how far the host's time(NULL) lagged its exact clock at whole seconds (measured before and after the jobs ran): the controller's own timing, which the export's whole seconds do not hold.

Then the export script of docs/your-data.md (the private cluster's temp state folder written as \`<state>\` in config.txt):

\`\`\`sh
${SLURM_EXPORT_SCRIPT}
\`\`\`
`,
  );
  console.log(
    `wrote ${Object.keys(r.files).length} files to ${out} (${r.version}, ${r.wallSeconds} s; ${m.jobs} jobs, ${pct(shared)} sharing a node)`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
