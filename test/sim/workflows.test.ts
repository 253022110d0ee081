import { describe, expect, it } from "vitest";
import { createScheduler } from "../../lib/sim/create-scheduler";
import { simulate } from "../../lib/sim/engine";
import { autosubmitWorkflow, workflowScenario } from "../../lib/sim/workflows";
import { createRng } from "../../lib/util/rng";

describe("autosubmitWorkflow", () => {
  it("chains setup, INI, SIM chunks, a POST per SIM and CLEAN", () => {
    const jobs = autosubmitWorkflow(createRng(1), { expid: "a0x1", chunks: 2 });
    expect(jobs.map((j) => [j.id, j.dependsOn])).toEqual([
      ["a0x1_LOCAL_SETUP", []],
      ["a0x1_REMOTE_SETUP", ["a0x1_LOCAL_SETUP"]],
      ["a0x1_INI", ["a0x1_REMOTE_SETUP"]],
      ["a0x1_1_SIM", ["a0x1_INI"]],
      ["a0x1_1_POST", ["a0x1_1_SIM"]],
      ["a0x1_2_SIM", ["a0x1_1_SIM"]],
      ["a0x1_2_POST", ["a0x1_2_SIM"]],
      ["a0x1_CLEAN", ["a0x1_1_POST", "a0x1_2_POST"]],
    ]);
    for (const j of jobs) {
      expect(j.limit % 300).toBe(0);
      expect(j.limit).toBeGreaterThanOrEqual(j.runtime * 1.25);
    }
  });

  it("is deterministic per seed and runs in dependency order", () => {
    const a = workflowScenario(createRng(4));
    expect(workflowScenario(createRng(4))).toEqual(a);
    const r = simulate(a.jobs, { nodes: a.nodes, scheduler: createScheduler({ name: "easy" }) });
    const at = new Map(r.jobs.map((j, i) => [j.id, i]));
    r.jobs.forEach((j, i) => {
      for (const p of j.dependsOn ?? []) expect(r.start[i]).toBeGreaterThanOrEqual(r.end[at.get(p)!]);
    });
    expect(r.rejected).toEqual([]);
  });

  it("refuses bad sizes by name", () => {
    expect(() => autosubmitWorkflow(createRng(1), { chunks: 0 })).toThrow(/^invalid chunks: 0; expected/);
    expect(() => autosubmitWorkflow(createRng(1), { simMinutes: [5, 1] })).toThrow(
      /^invalid simMinutes: \[5,1\]; expected \[lo, hi\] minutes with 0 < lo <= hi$/,
    );
    expect(() => autosubmitWorkflow(createRng(1), { expid: "" })).toThrow(
      /^invalid expid: ""; expected a non-empty string$/,
    );
  });
});
