/** The log's timing turned into the simulator's (cluster/logged-timing.ts), on the committed cons_tres recording. */
import { describe, expect, it } from "vitest";
import { readTresLog, siteLoggedTiming } from "../../cluster/tres-check";
import { parseCtldLog } from "../../cluster/slurmctld-log";
import { loadSite } from "../../lib/site/site-model";

const dir = "data/site/cons-tres";
const site = loadSite(dir);
const log = readTresLog(dir);
const ev = parseCtldLog(log.lines, log.utcOffsetMinutes, "slurmctld-log.json");
const timing = (model: "slurmctld" | "replay") => siteLoggedTiming(site, log, model);

describe("slurmctld's logged timing as the simulator's inputs", () => {
  it('"replay" iterates the loop, between its first and last logged pass, only at the logged passes', () => {
    const r = timing("replay"),
      firstSubmit = Math.min(...ev.submit.values());
    const loop = ev.passes.filter((p) => !p.immediate).map((p) => p.at - firstSubmit);
    const ticks = r.scheduler.ticks!.filter((t) => t >= loop[0] && t <= loop[loop.length - 1]);
    expect(ticks).toEqual(loop);
    // the mean period the "slurmctld" model uses would put more iterations in that span
    expect(Math.round((loop[loop.length - 1] - loop[0]) / r.loopPeriod)).toBeGreaterThan(loop.length);
  });
  it("the recording's measured time(NULL) lag goes to both slurmctld models, none to the export's seconds", () => {
    const lagged = { ...log, clockLag: [0.0043, 0.0044, 0.0045] };
    expect(siteLoggedTiming(site, lagged, "replay").scheduler.clockLag).toBe(0.0044);
    expect(siteLoggedTiming(site, lagged, "slurmctld").scheduler.clockLag).toBe(0.0044);
    expect(siteLoggedTiming(site, lagged, "events").scheduler.clockLag).toBeUndefined();
    expect(timing("replay").scheduler.clockLag).toBe(0); // recorded before it was measured
  });
  it('"slurmctld" gives the loop its measured period and phase, not logged instants', () => {
    const r = timing("slurmctld");
    expect(r.scheduler.ticks).toBeUndefined();
    expect(r.scheduler.controllerLoop?.period).toBeCloseTo(r.loopPeriod, 12);
  });
});
