import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
import { createRng } from "./lib/util/rng";
const site = loadSite(process.argv[2]);
const useCycles = process.argv[3] !== "nocycles";
const P = site.settings.bfInterval;
let t0 = Infinity;
for (const j of site.jobs) t0 = Math.min(t0, j.eligible);
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
  return c.filter((x) => x >= 0);
};
const vals: string[] = [];
for (let seed = 1; seed <= 8; seed++) {
  const rng = createRng(seed);
  const loopPhase = rng.next(), bfFrac = rng.next();
  const recorded = {
    origin: t0,
    jobs: site.jobs.map((j) => ({ submit: j.eligible - t0 + rng.next(), runtime: j.end - j.start + rng.next() - 0.5, completing: 0.003 })),
    scheduler: {
      timing: "slurmctld" as const,
      clockLag: 0.004,
      endPass: "queued" as const,
      controllerLoop: { start: -3600, period: 1.005, phase: loopPhase },
      ...(useCycles ? { bfCycles: inferCycles(bfFrac) } : { bfPhase: bfFrac * P }),
    },
    calcPhase: rng.next() * site.settings.calcPeriod,
  };
  const r = replaySite(site, site.settings, { timing: "slurmctld", recorded });
  const w = r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= P).length / r.jobs.length;
  vals.push(`${w.toFixed(3)} [${r.accounts.map((a, k) => `${a.account} ${a.medianWait}/${r.real.accounts[k].medianWait}`).join(" ")}]`);
}
console.log(vals.join("\n"));
