import { readTresLog, siteLoggedTiming } from "./cluster/tres-check";
import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const dir = process.argv[2];
const site = loadSite(dir);
const log = readTresLog(dir);
const base = siteLoggedTiming(site, log, "replay");
const P = site.settings.bfInterval;
const O = base.origin;
const run = (label: string, rec: typeof base) => {
  const r = replaySite(site, site.settings, { timing: "slurmctld", recorded: rec });
  const w = r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= P).length / r.jobs.length;
  const ex = r.jobs.filter((j) => j.start === j.realStart).length / r.jobs.length;
  console.log(label.padEnd(40), "within", w.toFixed(3), "exact", ex.toFixed(3), r.accounts.map((a, k) => `${a.account} ${a.medianWait}/${r.real.accounts[k].medianWait}`).join(" "));
};
run("log replay", base);
const sub = site.jobs.map((j, i) => ({ ...base.jobs[i], submit: j.eligible - O }));
run("submits from sacct", { ...base, jobs: sub });
const rt = site.jobs.map((j, i) => ({ ...base.jobs[i], runtime: j.end - j.start }));
run("runtimes from sacct", { ...base, jobs: rt });
const cg = site.jobs.map((j, i) => ({ ...base.jobs[i], completing: site.machine.turnaround ?? 0 }));
run("completing = turnaround", { ...base, jobs: cg });
const { ticks, ...noTicks } = base.scheduler as any;
run("no ticks (loop period)", { ...base, scheduler: noTicks });
const { bfCycles, ...noCycles } = base.scheduler as any;
run("no bfCycles (agent rules)", { ...base, scheduler: noCycles });
const { endPass, endPassDelay, ...noEnd } = base.scheduler as any;
run("no endPass info", { ...base, scheduler: noEnd });
console.log(JSON.stringify({ ...base.scheduler, ticks: undefined, bfCycles: (base.scheduler as any).bfCycles?.slice(0, 5), endPass: undefined, endPassDelay: undefined }));
// export-inferred pieces
const t0 = O;
const seen = [...new Set(site.jobs.filter((j) => j.startedBy === "backfill").map((j) => j.start - t0))].sort((a, b) => a - b);
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
  const fs = Math.min(...site.jobs.map((j) => j.eligible)) - O;
  return c.map((x) => x - fs).filter((x) => x >= 0);
};
for (const frac of [0.01, 0.2, 0.5]) run(`bfCycles inferred frac ${frac}`, { ...base, scheduler: { ...(base.scheduler as any), bfCycles: inferCycles(frac) } });
for (const c of [0, 0.003, 0.05]) run(`completing ${c}`, { ...base, jobs: base.jobs.map((j) => ({ ...j, completing: c })) });
const exportOnly = (frac: number, c: number, rtShift: number) => ({
  ...base,
  jobs: site.jobs.map((j) => ({ submit: j.eligible - O, runtime: j.end - j.start + rtShift, completing: c })),
  scheduler: { timing: "slurmctld" as const, clockLag: 0.004, bfCycles: inferCycles(frac), endPass: "queued" as const },
});
for (const frac of [0.01, 0.5]) for (const sh of [0, 0.5]) run(`export only frac ${frac} rt+${sh}`, exportOnly(frac, 0.003, sh));
const logc = (base.scheduler as any).bfCycles as number[];
console.log("log", logc.slice(0, 8).map((x) => x.toFixed(2)).join(" "), logc.length);
const inf = inferCycles(0.5);
console.log("inf", inf.slice(0, 8).map((x) => x.toFixed(2)).join(" "), inf.length);
console.log("seen", seen.slice(0, 10).join(" "));
const bfStarts = site.jobs.filter((j) => j.startedBy === "backfill").slice(0, 6).map((j) => `${j.id}@${j.start - O}`);
console.log("bf jobs", bfStarts.join(" "), "origin", new Date(O * 1000).toISOString());
{
  const inf = inferCycles(0.44);
  let shown = 0;
  for (const c of logc) {
    const near = inf.reduce((b, x) => (Math.abs(x - c) < Math.abs(b - c) ? x : b), Infinity);
    if (Math.abs(near - c) > 0.2 && shown++ < 15) console.log("log cycle", c.toFixed(3), "nearest inferred", near.toFixed(3));
  }
  console.log("log cycles", logc.length, "first/last", logc[0].toFixed(1), logc[logc.length - 1].toFixed(1));
  const gaps = logc.slice(1).map((x, i) => x - logc[i]).filter((g) => Math.abs(g - 30) > 0.1);
  console.log("irregular gaps", gaps.map((g) => g.toFixed(2)).join(" "));
}
