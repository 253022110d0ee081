import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const site = loadSite(process.argv[2]);
const timing = (process.argv[3] ?? "events") as "events" | "slurmctld";
const s2 = { ...site, machine: { ...site.machine, turnaround: 0 } };
const r = replaySite(s2, site.settings, { timing });
const lists = r.simulation.result.nodeLists;
const order = r.jobs.map((j, i) => i).sort((a, b) => r.jobs[a].realStart - r.jobs[b].realStart || a - b);
let shown = 0;
for (const i of order) {
  const j = r.jobs[i], s = site.jobs[i];
  if ((j.start !== j.realStart || lists[i] !== s.nodeList) && shown++ < 15)
    console.log(s.id, "real", j.realStart, s.nodeList, s.startedBy, "ours", j.start, lists[i], r.jobs[i].backfilled ? "bf" : "main", "elig", j.realEligible, "end", j.realEnd);
}
