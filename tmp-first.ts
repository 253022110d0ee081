import { readTresLog, siteLoggedTiming } from "./cluster/tres-check";
import { loadSite } from "./lib/site/site-model";
import { replaySite } from "./lib/site/replay";
const dir = process.argv[2];
const site = loadSite(dir);
const log = readTresLog(dir);
const recorded = siteLoggedTiming(site, log, "replay");
const r = replaySite(site, site.settings, { timing: "slurmctld", recorded });
const lists = r.simulation.result.nodeLists;
const order = r.jobs.map((j, i) => i).sort((a, b) => r.jobs[a].realStart - r.jobs[b].realStart || a - b);
let shown = 0;
for (const i of order) {
  const j = r.jobs[i], s = site.jobs[i];
  const t = r.simulation.result.jobs[i].tres!;
  const ok = j.start === j.realStart && lists[i] === s.nodeList;
  if (!ok && shown++ < 12)
    console.log(s.id, "real", j.realStart, s.nodeList, "ours", j.start, lists[i], "elig", j.realEligible, JSON.stringify(t), s.partition, "cpus", s.cpus, "req", s.reqCpus, s.reqMem, s.submitted);
}
