import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { machinesTable, realMachinesNote, realMachinesOrigin } from "../../views/machines/machine-rows";
import { realMachineRows, realMachinesInput } from "../../lib/machines/machine-rows";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "machine-rows-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const raw = (k: number, over: Record<string, unknown> = {}) => ({
  source: "m",
  seed: 1,
  sample: k,
  special: false,
  W: 1024,
  n: 5,
  beta: 0.2,
  TV_1A: 100,
  TV_1B: 90,
  TP_1A: 40,
  lambda: 4,
  PM_2B: 0,
  PM_3B: 0,
  TV_sim: 50,
  PoA: 1.5 + k * 0.1,
  plannedMedianNodeWeighted: 40,
  meanWidth: 0.1,
  plannedOverReal: null,
  ...over,
});

describe("realMachineRows", () => {
  it("reads and checks a results file; no file gives no rows", () => {
    const file = path.join(dir, "rows.jsonl");
    fs.writeFileSync(file, [raw(0), raw(1)].map((r) => JSON.stringify(r)).join("\n") + "\n");
    const rows = realMachineRows(file);
    expect(rows.map((r) => [r.source, r.sample, r.PoA])).toEqual([
      ["m", 0, 1.5],
      ["m", 1, 1.6],
    ]);
    expect(rows[0].plannedOverReal).toBeNaN();
    expect(realMachineRows("")).toEqual([]);
    expect(realMachineRows(path.join(dir, "absent.jsonl"))).toEqual([]);
  });

  it("refuses a row with a field of the wrong type, naming the row and the field", () => {
    expect(() => realMachineRows([raw(0), raw(1, { PoA: "1.5" })])).toThrow(
      /^rows:2: invalid PoA: "1.5"; expected a number/,
    );
    expect(() => realMachineRows([raw(0, { special: 1 })])).toThrow(
      /^rows:1: invalid special: 1; expected true or false/,
    );
    expect(() => realMachineRows([raw(0, { source: "" })])).toThrow(
      /^rows:1: invalid source: ""; expected a source name/,
    );
  });
});

describe("machinesTable", () => {
  it("lists every source of the sources file and of the rows, with W, eligibility, samples and PoA", () => {
    const file = path.join(dir, "sources.jsonl");
    const sources = [
      { source: "m", W: 1024, jobs: 10, nodes: 5000, eligible: true, reason: "" },
      {
        source: "x",
        W: -1,
        jobs: 0,
        nodes: 0,
        eligible: false,
        reason: "invalid source x: cleaning kept 0 of 9 jobs; step …",
      },
    ];
    fs.writeFileSync(file, sources.map((r) => JSON.stringify(r)).join("\n") + "\n");
    const rows = realMachineRows([raw(0), raw(1), raw(2, { special: true })]);
    const table = machinesTable(rows, file);
    expect(table[1]).toEqual({
      source: "x",
      W: "",
      eligible: "no: cleaning kept 0 of 9 jobs",
      "ordinary samples": "0",
      "special samples": "0",
      "PoA, this study's samples (95% CI)": "",
    });
    expect(table[0]).toMatchObject({
      source: "m",
      W: "1,024",
      eligible: "yes",
      "ordinary samples": "2",
      "special samples": "1",
    });
    expect(table[0]["PoA, this study's samples (95% CI)"]).toMatch(/^1\.55 \[1\.50, 1\.60\]$/);
    expect(machinesTable(rows).map((r) => [r.source, r.eligible])).toEqual([["m", ""]]);
  });
});

describe("realMachinesInput", () => {
  const file = path.join(dir, "input.jsonl");
  fs.writeFileSync(
    file,
    [raw(0), raw(1), raw(2, { special: true })].map((r) => JSON.stringify(r)).join("\n") + "\n",
  );
  const base = { resultsFile: file, sources: ["a", "b"], seeds: [1, 2, 3] };
  it("reads the results file at samples = 0 and says where the rows come from", () => {
    const input = realMachinesInput({ ...base, samples: 0 });
    expect(input.rows).toHaveLength(3);
    expect([input.origin, input.read]).toEqual(["file", { machines: 1, tasks: 1, ordinary: 2 }]);
    expect(realMachinesOrigin(input)).toBe(`\`${file}\``);
    expect(realMachinesNote(input)).toMatch(
      /read from `.*input\.jsonl`\*\* \(1 machines, 1 source × seed tasks, 2 ordinary samples/,
    );
    expect(realMachinesNote(input)).toContain("npm run study -- studies/real-machines.json");
  });
  it("plans the study here at samples = n, with n as a grid axis", () => {
    const input = realMachinesInput({ ...base, samples: 4 });
    expect(input.rows).toEqual([]);
    expect(input.study).toEqual({
      name: "real-machines-small",
      experiment: "real-machines",
      grid: { source: ["a", "b"], seed: [1, 2, 3], samples: [4] },
      params: {},
    });
    expect(input.origin).toBe("here");
    expect(realMachinesOrigin(input)).toBe(
      "a study run here (2 sources × 3 seeds × 4 ordinary samples, `SMALL_SAMPLES = 4`)",
    );
    expect(realMachinesNote(input)).toContain("`SMALL_SAMPLES = 0` reads the full study's");
  });
  it("runs 8 samples here when the results file is missing", () => {
    const input = realMachinesInput({ ...base, resultsFile: path.join(dir, "none.jsonl"), samples: 0 });
    expect(input.rows).toEqual([]);
    expect(input.study.grid.samples).toEqual([8]);
    expect(input.origin).toBe("no file");
    expect(realMachinesNote(input)).toMatch(
      /^\*\*No results file\*\* `.*none\.jsonl`: .*run the full study with `npm run study/,
    );
  });
  it("refuses a bad sample count, no sources or no seeds", () => {
    expect(() => realMachinesInput({ ...base, samples: -1 })).toThrow(
      /^invalid samples: -1; expected an integer >= 0/,
    );
    expect(() => realMachinesInput({ ...base, sources: [], samples: 0 })).toThrow(/^invalid sources: /);
    expect(() => realMachinesInput({ ...base, seeds: [], samples: 0 })).toThrow(/^invalid seeds: /);
  });
});
