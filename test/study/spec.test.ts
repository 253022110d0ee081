import { describe, expect, it } from "vitest";
import { checkStudySpec, studyTasks } from "../../study/spec";
import { resolveKind } from "../../study/kinds";
import { sbatchArrayScript } from "../../study/slurm-array";
import { formatStudyProgress } from "../../study/progress";

const spec = {
  name: "s",
  experiment: "auction-sweep",
  grid: { seed: [1, 2], budget: ["a", "b", "c"] },
  params: { runs: 5 },
};

describe("study specs", () => {
  it("enumerates the grid, first axis slowest, with stable keys and every parameter", () => {
    const t = studyTasks(checkStudySpec(spec));
    expect(t.map((x) => x.key)).toEqual(['[1,"a"]', '[1,"b"]', '[1,"c"]', '[2,"a"]', '[2,"b"]', '[2,"c"]']);
    expect(t[4].params).toEqual({ runs: 5, seed: 2, budget: "b" });
  });

  it("names the file and field of a bad study", () => {
    expect(() => checkStudySpec({ ...spec, name: "a b" }, "x.json")).toThrow(
      /^x\.json: invalid name: "a b"; expected letters, digits/,
    );
    expect(() => checkStudySpec({ ...spec, grid: { seed: [] } }, "x.json")).toThrow(
      /^x\.json: invalid grid\.seed: \[\]; expected a non-empty list/,
    );
    expect(() => checkStudySpec({ ...spec, grid: { seed: [1, 1] } }, "x.json")).toThrow(
      /^x\.json: invalid grid\.seed: .*; expected distinct values/,
    );
    expect(() => checkStudySpec({ ...spec, params: { seed: 3 } }, "x.json")).toThrow(
      /^x\.json: invalid params\.seed: 3; expected no value: "seed" is an axis/,
    );
    expect(() => checkStudySpec({ ...spec, extra: 1 }, "x.json")).toThrow(/^x\.json: invalid field: "extra"/);
  });

  it("resolves built-in kinds and module references, and refuses paths outside the project", () => {
    expect(resolveKind("auction-sweep").export).toBe("auctionSweepStudyTask");
    expect(resolveKind("module:test/study/fixtures/kind.ts#squares")).toEqual({
      module: "test/study/fixtures/kind.ts",
      export: "squares",
    });
    expect(() => resolveKind("module:../x.ts#f")).toThrow(
      /^invalid experiment: "module:\.\.\/x\.ts#f"; expected module:/,
    );
    expect(() => resolveKind("nope")).toThrow(/^invalid experiment: "nope"; expected one of auction-sweep/);
  });

  it("writes a job-array script: one array task per chunk, a concurrency limit, the same CLI on its chunk", () => {
    const text = sbatchArrayScript(checkStudySpec(spec), "studies/s.json", "/proj", {
      chunks: 3,
      concurrency: 2,
    });
    expect(text).toMatch(/^#!\/bin\/bash\n#SBATCH --job-name=study-s\n#SBATCH --array=0-2%2\n/);
    expect(text).toContain(
      `--require tsx/cjs scripts/study.ts '/proj/studies/s.json' --root '/proj' --chunk "$SLURM_ARRAY_TASK_ID/3" --workers 1 --resume`,
    );
    expect(() => sbatchArrayScript(checkStudySpec(spec), "s.json", "/proj", { chunks: 7 })).toThrow(
      /^invalid chunks: 7; expected/,
    );
  });

  it("formats progress", () => {
    expect(formatStudyProgress({ done: 3, total: 6, resumed: 1, elapsed: 4 }, 6)).toBe(
      "[###---] 3/6 tasks (1 resumed) · 4.0 s · ETA 6 s",
    );
  });
});
