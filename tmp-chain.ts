import { readTresLog, siteLoggedTiming } from "./cluster/tres-check";
import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const dir = process.argv[2];
const site = loadSite(dir);
const log = readTresLog(dir);
const base = siteLoggedTiming(site, log, "replay");
const P = site.settings.bfInterval;
const O = base.origin;
const fs = Math.min(...site.jobs.map((j) => j.eligible)) - O;
const run = (label: string, rec: typeof base) => {
  const r = replaySite(site, site.settings, { timing: "slurmctld", recorded: rec });
  const w = r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= P).length / r.jobs.length;
  const ex = r.jobs.filter((j) => j.start === j.realStart).length / r.jobs.length;
  console.log(label.padEnd(44), "within", w.toFixed(3), "exact", ex.toFixed(3), r.accounts.map((a, k) => `${a.account} ${a.medianWait}/${r.real.accounts[k].medianWait}`).join(" "));
};
const seen = [...new Set(site.jobs.filter((j) => j.startedBy === "backfill").map((j) => j.start - O))].sort((a, b) => a - b);
const inferCycles = (frac: number) => {
  const c: number[] = [];
  for (let k = 0; k < seen.length; k++) {
    const a = seen[k]; c.push(a + frac);
    const b = seen[k + 1];
    if (b === undefined) { for (let x = a + P; x < a + 4 * 3600; x += P) c.push(x + frac); break; }
    const n = Math.round((b - a) / P);
    for (let i = 1; i < n; i++) c.push(a + (i * (b - a)) / n + frac);
  }
  for (let x = seen[0] - P; x > -P; x -= P) c.unshift(x + frac);
  return c.map((x) => x - fs).filter((x) => x >= 0);
};
let rec: any = { ...base, jobs: base.jobs.map((j) => ({ ...j, completing: 0.003 })) };
run("log, completing 3 ms", rec);
rec = { ...rec, scheduler: { ...rec.scheduler, bfCycles: inferCycles(0.5) } };
run("+ inferred cycles", rec);
rec = { ...rec, jobs: rec.jobs.map((j: any, i: number) => ({ ...j, submit: site.jobs[i].eligible - O })) };
run("+ sacct submits", rec);
rec = { ...rec, jobs: rec.jobs.map((j: any, i: number) => ({ ...j, runtime: site.jobs[i].end - site.jobs[i].start + 0.5 })) };
run("+ sacct runtimes (+0.5)", rec);
const { ticks, endPassDelay, ...s2 } = rec.scheduler;
rec = { ...rec, scheduler: { ...s2, endPass: "queued" } };
run("+ no ticks, queued ends", rec);
const { controllerLoop, bfCycleSeconds, ...s3 } = rec.scheduler;
rec = { ...rec, scheduler: s3 };
run("+ default loop phase/period, no cycle cost", rec);
{
  let r0: any = { ...base, jobs: base.jobs.map((j, i) => ({ ...j, completing: 0.003, submit: site.jobs[i].eligible - O })) };
  r0 = { ...r0, scheduler: { ...r0.scheduler, bfCycles: inferCycles(0.5) } };
  for (const sh of [0.1, 0.3, 0.5, 0.7, 0.9]) run(`sacct runtimes +${sh}`, { ...r0, jobs: r0.jobs.map((j: any, i: number) => ({ ...j, runtime: site.jobs[i].end - site.jobs[i].start + sh })) });
  // how far off are sacct runtimes from the log's
  const d = base.jobs.map((j, i) => j.runtime - (site.jobs[i].end - site.jobs[i].start)).sort((a, b) => a - b);
  console.log("log runtime − sacct runtime: min", d[0].toFixed(3), "median", d[d.length >> 1].toFixed(3), "max", d[d.length - 1].toFixed(3));
}
{
  let r0: any = { ...base, jobs: base.jobs.map((j, i) => ({ ...j, completing: 0.003, submit: site.jobs[i].eligible - O })) };
  r0 = { ...r0, scheduler: { ...r0.scheduler, bfCycles: inferCycles(0.5) } };
  const A = replaySite(site, site.settings, { timing: "slurmctld", recorded: r0 });
  const r1 = { ...r0, jobs: r0.jobs.map((j: any, i: number) => ({ ...j, runtime: site.jobs[i].end - site.jobs[i].start + 0.5 })) };
  const B = replaySite(site, site.settings, { timing: "slurmctld", recorded: r1 });
  const idx = A.jobs.map((_, i) => i).filter((i) => A.jobs[i].start !== B.jobs[i].start).sort((a, b) => Math.min(A.jobs[a].start, B.jobs[a].start) - Math.min(A.jobs[b].start, B.jobs[b].start));
  for (const i of idx.slice(0, 8)) console.log("job", site.jobs[i].id, "A", A.jobs[i].start, A.simulation.result.nodeLists[i], "B", B.jobs[i].start, B.simulation.result.nodeLists[i], "real", A.jobs[i].realStart, site.jobs[i].nodeList, "bf", site.jobs[i].startedBy);
  // ends near that time in A vs B
  const t = Math.min(A.jobs[idx[0]].start, B.jobs[idx[0]].start);
  for (let i = 0; i < A.jobs.length; i++) if (Math.abs(A.jobs[i].end - t) < 3 || Math.abs(B.jobs[i].end - t) < 3) console.log(" end near", site.jobs[i].id, "A end", A.simulation.result.end[i], "B end", B.simulation.result.end[i], "log runtime", base.jobs[i].runtime.toFixed(3), "sacct", site.jobs[i].end - site.jobs[i].start);
}
{
  let r0: any = { ...base, jobs: base.jobs.map((j, i) => ({ ...j, completing: 0.003, submit: site.jobs[i].eligible - O })) };
  r0 = { ...r0, scheduler: { ...r0.scheduler, bfCycles: inferCycles(0.5) } };
  const A = replaySite(site, site.settings, { timing: "slurmctld", recorded: r0 });
  const r1 = { ...r0, jobs: r0.jobs.map((j: any, i: number) => ({ ...j, runtime: site.jobs[i].end - site.jobs[i].start + 0.5 })) };
  const B = replaySite(site, site.settings, { timing: "slurmctld", recorded: r1 });
  for (let i = 0; i < A.jobs.length; i++) {
    const a = A.simulation.result, b = B.simulation.result;
    if ((a.nodeLists[i] ?? "").match(/n\[?[0-9,\-]*[78]/) && a.start[i] < 445 && a.end[i] > 380)
      console.log("A", site.jobs[i].id, a.start[i].toFixed(3), a.end[i].toFixed(3), a.nodeLists[i], "| B", b.start[i].toFixed(3), b.end[i].toFixed(3), b.nodeLists[i], JSON.stringify(a.jobs[i].tres));
  }
  console.log("job 41 tres", JSON.stringify(A.simulation.result.jobs[site.jobs.findIndex((j) => j.id === "41")].tres), "elig", A.jobs[site.jobs.findIndex((j) => j.id === "41")].eligible);
}
