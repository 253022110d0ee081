import { describe, expect, it } from "vitest";
import {
  OWN_SETTINGS,
  changeLabel,
  configDiff,
  durationText,
  flagsFor,
  schedulerParametersText,
} from "../../lib/site/config-diff";
import { type SiteSettings, applySettingsChange, siteSettings } from "../../lib/site/site-settings";

const base: SiteSettings = {
  ...siteSettings(),
  priorityType: "priority/multifactor",
  weights: { age: 100, fairShare: 1000, jobSize: 0, qos: 0, partition: 0 },
  priorityFlags: ["ACCRUE_ALWAYS"],
  bfInterval: 5,
  defaultQueueDepth: 50,
  schedulerParameters: { bf_interval: "5", bf_continue: true, default_queue_depth: "50" },
};

describe("configDiff", () => {
  it("writes the changed slurm.conf lines, the old value commented out, and sacctmgr's commands", () => {
    const next = applySettingsChange(base, {
      weights: { age: 200 },
      halfLifeSeconds: 86400 + 3600,
      fairShare: "classic",
      bfInterval: 10,
      bfWindow: 2880,
      accountShares: { chem: 2 },
    });
    expect(configDiff(base, next)).toBe(
      [
        "# slurm.conf (then: scontrol reconfigure)",
        "#PriorityDecayHalfLife=7-00:00:00",
        "PriorityDecayHalfLife=1-01:00:00",
        "#PriorityFlags=ACCRUE_ALWAYS",
        "PriorityFlags=ACCRUE_ALWAYS,NO_FAIR_TREE",
        "#PriorityWeightAge=100",
        "PriorityWeightAge=200",
        "#SchedulerParameters=bf_interval=5,bf_continue,default_queue_depth=50",
        "SchedulerParameters=bf_interval=10,bf_continue,default_queue_depth=50,bf_window=2880",
        "",
        "# sacctmgr (account shares)",
        "sacctmgr -i modify account where name=chem set fairshare=2",
      ].join("\n"),
    );
    expect(changeLabel(base, next)).toBe(
      "PriorityDecayHalfLife 7-00:00:00→1-01:00:00; PriorityFlags ACCRUE_ALWAYS→ACCRUE_ALWAYS,NO_FAIR_TREE; PriorityWeightAge 100→200; bf_interval 5→10; bf_window 1440→2880; fairshare of chem (the tree's)→2",
    );
  });
  it("says when nothing changes", () => {
    expect(configDiff(base, base)).toBe("# no change: these are the site's own settings");
    expect(changeLabel(base, base)).toBe(OWN_SETTINGS);
  });
  it("writes slurm.conf's forms: durations, YES/NO, calc period in minutes, the fair-share flag", () => {
    expect([0, 59, 3600, 86400, 7 * 86400 + 61].map(durationText)).toEqual([
      "00:00:00",
      "00:00:59",
      "01:00:00",
      "1-00:00:00",
      "7-00:01:01",
    ]);
    expect(flagsFor(["NO_FAIR_TREE", "MAX_TRES"], "fair-tree")).toEqual(["MAX_TRES"]);
    expect(flagsFor([], "level-based")).toEqual(["LEVEL_BASED"]);
    const next = applySettingsChange(base, { favorSmall: true, calcPeriod: 120 });
    expect(configDiff(base, next)).toBe(
      "# slurm.conf (then: scontrol reconfigure)\n#PriorityCalcPeriod=5\nPriorityCalcPeriod=2\n#PriorityFavorSmall=NO\nPriorityFavorSmall=YES",
    );
    expect(schedulerParametersText(base, applySettingsChange(base, { defaultQueueDepth: 100 }))).toBe(
      "bf_interval=5,bf_continue,default_queue_depth=100",
    );
  });
});
