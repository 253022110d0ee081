import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const dir = process.argv[2];
const site = loadSite(dir);
const s = site.settings;
let t0 = Infinity;
for (const j of site.jobs) t0 = Math.min(t0, j.eligible);
const P = s.bfInterval;
const seen = [...new Set(site.jobs.filter((j) => j.startedBy === "backfill").map((j) => j.start - t0))].sort((a, b) => a - b);
const cycles: number[] = [];
const frac = Number(process.argv[3] ?? 0.5);
for (let k = 0; k < seen.length; k++) {
  const a = seen[k];
  cycles.push(a + frac);
  const b = seen[k + 1];
  if (b === undefined) { for (let x = a + P; x < a + 4 * 3600; x += P) cycles.push(x + frac); break; }
  const n = Math.round((b - a) / P);
  for (let i = 1; i < n; i++) cycles.push(a + (i * (b - a)) / n + frac);
}
for (let x = seen[0] - P; x > -P; x -= P) cycles.unshift(x + frac);
const recorded = {
  origin: t0,
  jobs: site.jobs.map((j) => ({ submit: j.eligible - t0, runtime: j.end - j.start, completing: site.machine.turnaround ?? 0 })),
  scheduler: { timing: "slurmctld" as const, bfCycles: cycles.filter((c) => c >= 0) },
  calcPhase: 0,
};
for (const timing of ["slurmctld"] as const) {
  const r = replaySite(site, s, { timing, recorded });
  const w = r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= P).length / r.jobs.length;
  const ex = r.jobs.filter((j) => j.start === j.realStart).length / r.jobs.length;
  console.log("bfCycles from export", "within", w.toFixed(3), "exact", ex.toFixed(3), r.accounts.map((a, k) => `${a.account} ${a.medianWait}/${r.real.accounts[k].medianWait}`).join(" "));
}
