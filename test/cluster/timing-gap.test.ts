import { describe, expect, it } from "vitest";
import { TIMING_PARTS, exportTiming, runShift } from "../../cluster/timing-gap";
import type { RecordedTiming } from "../../lib/site/machine";
import type { SiteModel } from "../../lib/site/site";

// Two jobs as sacct keeps them (whole seconds) and as a log timed them (to the millisecond).
const site = {
  jobs: [
    { eligible: 1000, start: 1010, end: 1070 },
    { eligible: 1005, start: 1070, end: 1100 },
  ],
  machine: { turnaround: 2 },
} as unknown as SiteModel;
const logged: RecordedTiming = {
  origin: 999.5,
  jobs: [
    { submit: 0.9, runtime: 60.25, completing: 0.01 },
    { submit: 5.7, runtime: 30.5, completing: 0.02 },
  ],
  scheduler: {
    timing: "slurmctld",
    clockLag: 0.004,
    endPass: "queued",
    endPassDelay: 0.1,
    bfPhase: 3.2,
    controllerLoop: { start: -1, period: 1.003, phase: 0.4 },
    bfCycleSeconds: { base: 0.001 },
    ticks: [0.4, 1.403],
    bfCycles: [3.2, 33.3],
  },
  calcPhase: 12.5,
};

describe("exportTiming", () => {
  it("replacing nothing keeps the logged timing", () => {
    expect(exportTiming(site, logged, [])).toEqual(logged);
  });
  it("replaces each part by what the export gives and leaves the others", () => {
    const t = (p: (typeof TIMING_PARTS)[number]) => exportTiming(site, logged, [p]);
    expect(t("submits").jobs.map((j) => j.submit)).toEqual([0.5, 5.5]);
    expect(t("submits").jobs.map((j) => j.runtime)).toEqual([60.25, 30.5]);
    expect(t("run lengths").jobs.map((j) => j.runtime)).toEqual([60, 30]);
    expect(t("COMPLETING").jobs.map((j) => j.completing)).toEqual([2, 2]);
    expect(Object.keys(t("main passes").scheduler).sort()).toEqual(
      ["bfCycleSeconds", "bfCycles", "bfPhase", "clockLag", "timing"].sort(),
    );
    expect(Object.keys(t("backfill cycles").scheduler).sort()).toEqual(
      ["clockLag", "controllerLoop", "endPass", "endPassDelay", "ticks", "timing"].sort(),
    );
    expect(t("clock lag").scheduler.clockLag).toBeUndefined();
    expect(t("priority recalculation").calcPhase).toBe(0);
    expect(t("priority recalculation").scheduler).toEqual(logged.scheduler);
  });
  it("replacing every part leaves the slurmctld timing with the export's seconds alone", () => {
    const t = exportTiming(site, logged, TIMING_PARTS);
    expect(t.scheduler).toEqual({ timing: "slurmctld" });
    expect(t.jobs).toEqual([
      { submit: 0.5, runtime: 60, completing: 2 },
      { submit: 5.5, runtime: 30, completing: 2 },
    ]);
    expect(logged.scheduler.ticks).toEqual([0.4, 1.403]); // the input is not changed
  });
});

describe("runShift", () => {
  it("refuses a fraction outside [0, 1) before replaying", () => {
    expect(() => runShift(site, logged, [0, 1])).toThrow(/invalid fractions: 1/);
    expect(() => runShift(site, logged, [-0.1])).toThrow(/invalid fractions/);
  });
});
