import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const site = loadSite(process.argv[2]);
const P = site.settings.bfInterval;
for (const turn of [site.machine.turnaround, 0, 0.003]) {
  const s2 = { ...site, machine: { ...site.machine, turnaround: turn } };
  for (const timing of ["events", "slurmctld"] as const) {
    const vals: number[] = [];
    for (let k = 0; k < 5; k++) {
      const r = replaySite(s2, site.settings, { timing, seed: k, jitterSeconds: k === 0 ? 0 : 1 });
      vals.push(r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= P).length / r.jobs.length);
    }
    console.log("turnaround", turn, timing, vals.map((v) => v.toFixed(3)).join(" "));
  }
}
