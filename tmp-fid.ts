import { loadSite } from "./lib/site/site-model";
import { siteFidelity } from "./lib/site/fidelity";
import { replaySite } from "./lib/site/replay";
for (const src of [process.argv[2], process.argv[3]]) {
  const site = loadSite(src);
  console.log(src, site.jobs.length, site.machine.model, site.machine.nodes, "topology", !!site.machine.topology, site.settings.bfInterval, site.settings.version);
  for (const timing of ["events", "slurmctld"] as const) {
    const r = replaySite(site, site.settings, { timing });
    const tol = site.settings.bfInterval;
    const w = r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= tol).length / r.jobs.length;
    console.log(timing, "within", w.toFixed(3), r.accounts.map((a, k) => `${a.account} ${a.medianWait}/${r.real.accounts[k].medianWait}`).join(" "));
  }
  const t = Date.now();
  const { fidelity } = siteFidelity(site, { runs: 10 });
  console.log("fidelity", fidelity.outcome, fidelity.standing, fidelity.checks.map((c) => c.mean.toFixed(3)).join(" "), fidelity.baselines.map((b) => `${b.baseline} ${b.run.withinInterval.toFixed(3)} ${b.run.waitError.toFixed(3)}`).join("; "), (Date.now() - t) / 10, "ms/replay");
  console.log(site.notes.join("\n"));
}
