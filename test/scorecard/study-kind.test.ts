/** The scorecard study: its settings, content key, results (== the notebooks' former cells) and freshness. */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { greedyModifiedRound, mainRound, priorityRound } from "../../lib/mechanism/rounds";
import { thesisSampleSet } from "../../lib/sample/draw";
import { loadSampleSource } from "../../lib/sample/source";
import { poaRows, type PoaOptions } from "../../lib/sim/poa";
import { BSC_TEMPLATE_SLURM, BSC_TEMPLATE_WEIGHTS } from "../../lib/sim/poa-decomposition";
import { poaCounterfactuals, simResultsFile } from "../../lib/scorecard/sim-results";
import {
  roundCounterfactuals,
  roundResultsFile,
  type RoundResultsParameters,
} from "../../lib/scorecard/round-results";
import { formatResults, resultsPath, writeResults } from "../../lib/scorecard/results-file";
import {
  committedResultsPath,
  computeStudyResults,
  restoreCommittedResults,
  stampPath,
} from "../../lib/scorecard/study-kind";
import { gzipSync } from "node:zlib";
import { roundStudyResults } from "../../lib/scorecard/study-results";
import { studyResultsNote } from "../../views/scorecard/study-note";
import {
  STUDY_CODE_ENTRY,
  studyKey,
  studySettings,
  studySourceKey,
} from "../../lib/scorecard/study-settings";
import { sourceClosure } from "../../lib/util/source-key";

const root = process.cwd();

/** A scratch project root whose lib/, data/reference/ and package-lock.json are the checkout's (symlinked). */
function scratchRoot(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-study-"));
  fs.symlinkSync(path.join(root, "lib"), path.join(dir, "lib"));
  fs.mkdirSync(path.join(dir, "data"));
  fs.symlinkSync(path.join(root, "data", "reference"), path.join(dir, "data", "reference"));
  fs.symlinkSync(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json"));
  return dir;
}

describe("studySettings", () => {
  it("fills the notebooks' defaults and names notebook 10's parameters as it does", () => {
    expect(studySettings("08-greedy-modified", {})).toEqual({
      notebook: "08-greedy-modified",
      SOURCE: "twin",
      MACHINE: {},
      SEED: 1,
      W: 3456,
      FACTOR: 2,
      RERUN_CAPACITY: "covered",
      EXPERIENCED_ROUNDING: "per-node",
      STATS_SAMPLES: 200,
      CF_SAMPLES: 200,
    });
    const s = studySettings("10-slurm-simulator", { SEED: 3, STATS_SAMPLES: 20, CF_SAMPLES: 5 });
    expect(s).toMatchObject({ SAMPLE_SEED: 3, N_POA_SAMPLES: 20, CF_SAMPLES: 5, OVERFLOW: "stop" });
  });
  it("refuses a bad value by its name", () => {
    expect(() => studySettings("11-cooperation", {})).toThrow(
      /invalid notebook: "11-cooperation"; expected one of/,
    );
    expect(() => studySettings("07-main-experiments", { RERUN_CAPACITY: "all" })).toThrow(
      /invalid RERUN_CAPACITY: "all"; expected one of "covered", "W"/,
    );
    expect(() => studySettings("07-main-experiments", { STATS_SAMPLES: 3, CF_SAMPLES: 4 })).toThrow(
      /invalid CF_SAMPLES: 4/,
    );
  });
});

describe("studyKey", () => {
  const fixture = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-key-"));
    fs.mkdirSync(path.join(dir, "lib", "scorecard"), { recursive: true });
    fs.writeFileSync(path.join(dir, "lib", "scorecard", "study-kind.ts"), 'import { x } from "./dep";\n');
    fs.writeFileSync(path.join(dir, "lib", "scorecard", "dep.ts"), "export const x = 1;\n");
    fs.writeFileSync(path.join(dir, "package-lock.json"), "{}\n");
    return dir;
  };
  const settings = studySettings("07-main-experiments", { STATS_SAMPLES: 3, CF_SAMPLES: 2 });
  it("changes with a setting, the jobs and any source the study's code imports", () => {
    const dir = fixture();
    const k = studyKey(settings, "jobs", dir);
    expect(studyKey(settings, "jobs", dir)).toBe(k);
    const other = (p: Record<string, unknown>) =>
      studySettings("07-main-experiments", { STATS_SAMPLES: 3, CF_SAMPLES: 2, ...p });
    expect(studyKey(other({ SEED: 2 }), "jobs", dir)).not.toBe(k);
    expect(studyKey(other({ STATS_SAMPLES: 4 }), "jobs", dir)).not.toBe(k);
    expect(studyKey(settings, "other jobs", dir)).not.toBe(k);
    fs.writeFileSync(path.join(dir, "lib", "scorecard", "dep.ts"), "export const x = 2;\n");
    expect(studyKey(settings, "jobs", dir)).not.toBe(k);
    fs.mkdirSync(path.join(dir, "data", "reference"), { recursive: true });
    const k2 = studyKey(settings, "jobs", dir);
    fs.writeFileSync(path.join(dir, "data", "reference", "t.csv"), "a\n1\n");
    expect(studyKey(settings, "jobs", dir)).not.toBe(k2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("does not depend on the order of an object setting's keys", () => {
    const dir = fixture();
    const a = studySettings("10-slurm-simulator", { WEIGHTS: { age: 1, fairShare: 2 } });
    const b = studySettings("10-slurm-simulator", { WEIGHTS: { fairShare: 2, age: 1 } });
    expect(studyKey(a, "j", dir)).toBe(studyKey(b, "j", dir));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("what the stored results depend on", () => {
  it("the key's code is what computes the numbers: no rule, verdict, sentence, table or figure", () => {
    const root = path.resolve(__dirname, "..", "..");
    const closure = sourceClosure(path.join(root, STUDY_CODE_ENTRY)).map((f) =>
      path.relative(root, f).split(path.sep).join("/"),
    );
    for (const presentation of [
      "lib/agreement/reference.ts",
      "lib/agreement/rule.ts",
      "lib/scorecard/row.ts",
      "lib/scorecard/explanation.ts",
      "lib/scorecard/mechanism-rows.ts",
      "lib/scorecard/headline.ts",
    ])
      expect(closure).not.toContain(presentation);
    expect(closure.filter((f) => !f.startsWith("lib/"))).toEqual([]);
    expect(closure.filter((f) => /\/(figures|notes|findings|tables)\.ts$/.test(f))).toEqual([]);
    expect(closure).toContain("lib/scorecard/result-rows.ts");
    expect(closure).toContain("lib/mechanism/rounds.ts");
  });
});

describe("computeStudyResults", () => {
  // What notebooks 07–10 computed in their cells before the study (same calls, same order).
  const src = loadSampleSource("twin");
  const round = (nb: "07-main-experiments" | "08-greedy-modified" | "09-priority-model") => {
    const p: RoundResultsParameters = {
      SOURCE: "twin",
      SEED: 1,
      W: 3456,
      FACTOR: 2,
      RERUN_CAPACITY: "covered",
      STATS_SAMPLES: 3,
      CF_SAMPLES: 2,
      ...(nb === "09-priority-model" ? { PRIORITY_SKIP: true } : {}),
      EXPERIENCED_ROUNDING: "per-node",
    };
    const { rng, samples, many } = thesisSampleSet(src.jobs, 1, {
      capacity: 3456,
      factor: 2,
      source: "twin",
      statistics: 3,
    });
    const o = { capacity: 3456, experiencedRounding: "per-node" as const, rerunCapacity: "covered" as const };
    const [rows, manyRows] =
      nb === "07-main-experiments"
        ? [
            mainRound(samples, { ...o, payments: ["clarke", "vcg", "critical"], adNormaliser: "n" }),
            mainRound(many, { ...o, adNormaliser: "n", measureTime: false }),
          ]
        : nb === "08-greedy-modified"
          ? [greedyModifiedRound(samples, o), greedyModifiedRound(many, { ...o, measureTime: false })]
          : [
              priorityRound(samples, { ...o, prioritySkip: true, rng: rng.fork("priority") }),
              priorityRound(many, {
                ...o,
                prioritySkip: true,
                rng: rng.fork("priority-statistics"),
                measureTime: false,
              }),
            ];
    return roundResultsFile(nb, p, rows, manyRows, roundCounterfactuals(nb, many.slice(0, 2), p, rng));
  };
  for (const nb of ["07-main-experiments", "08-greedy-modified", "09-priority-model"] as const)
    it(`writes what notebook ${nb.slice(0, 2)}'s cells wrote, byte for byte (3 samples, 2 per counterfactual)`, () => {
      const s = studySettings(nb, { STATS_SAMPLES: 3, CF_SAMPLES: 2 });
      expect(formatResults(computeStudyResults(s, src.jobs))).toBe(formatResults(round(nb)));
    }, 300_000); // the twin's rounds and its v3, v4 draws: seconds alone, a minute on a loaded machine
  it("writes what notebook 10's cells write, byte for byte (3 samples, 2 per counterfactual), 1B3's priorities drawn as notebook 09 draws them", () => {
    const set = thesisSampleSet(src.jobs, 1, { statistics: 3, source: "twin", capacity: src.machine.nodes });
    const options: PoaOptions = {
      rng: set.rng.fork("priority-statistics"),
      nodes: src.machine.nodes,
      coresPerNode: src.machine.coresPerNode,
      slurm: { ...BSC_TEMPLATE_SLURM },
      priority: { favorSmall: true, weights: { ...BSC_TEMPLATE_WEIGHTS } },
      overflow: "stop",
    };
    const rows = poaRows(set.samples, { ...options, rng: set.rng.fork("priority") });
    const manyRows = poaRows(set.many, options);
    const old = simResultsFile(
      { SOURCE: "twin", SAMPLE_SEED: 1, N_POA_SAMPLES: 3, CF_SAMPLES: 2 },
      rows,
      manyRows,
      poaCounterfactuals(set.many.slice(0, 2), options, { source: "twin", seed: 1 }),
    );
    const s = studySettings("10-slurm-simulator", { N_POA_SAMPLES: 3, CF_SAMPLES: 2 });
    const computed = computeStudyResults(s, src.jobs);
    expect(formatResults(computed)).toBe(formatResults(old));
    // one quantity, one value: Table 28's TV_1B3 is notebook 09's TV_1B (priority) on the same samples
    const r09 = computeStudyResults(
      studySettings("09-priority-model", { STATS_SAMPLES: 3, CF_SAMPLES: 1 }),
      src.jobs,
    );
    const tv09 = (r09.tables.many ?? []).filter((r) => r.experiment === "1B" && r.payment === "clarke");
    expect((computed.tables.many ?? []).map((r) => r.TV_1B3)).toEqual(tv09.map((r) => r.TV));
    expect((computed.tables.thesis ?? []).map((r) => r.TV_1B3)).toEqual(
      (r09.tables.thesis ?? [])
        .filter((r) => r.experiment === "1B" && r.payment === "clarke")
        .map((r) => r.TV),
    );
  }, 300_000);
});

describe("restoreCommittedResults", () => {
  const commit = (
    dir: string,
    key?: string,
    text = '{"notebook":"08-greedy-modified"}\n',
    source: Record<string, unknown> = {},
  ) => {
    const settings = studySettings("08-greedy-modified", { SEED: 1, ...source });
    const file = committedResultsPath(settings, dir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, gzipSync(text));
    const sha256 = createHash("sha256").update(text).digest("hex");
    const stamp = { key: key ?? studyKey(settings, studySourceKey(settings, dir), dir), sha256, settings };
    fs.writeFileSync(file.replace(/\.json\.gz$/, ".study.json"), JSON.stringify(stamp));
    return { settings, text };
  };
  it("copies a committed file with today's key into the generated results, with its stamp", () => {
    const dir = scratchRoot();
    const { settings, text } = commit(dir);
    expect(path.relative(dir, committedResultsPath(settings, dir))).toBe(
      path.join("data", "studies", "scorecard", "twin", "08-greedy-modified.json.gz"),
    );
    expect(restoreCommittedResults(settings, dir)).toBeDefined();
    expect(fs.readFileSync(resultsPath("08-greedy-modified", dir), "utf8")).toBe(text);
    expect(JSON.parse(fs.readFileSync(stampPath(settings, dir), "utf8")).sha256).toBe(
      createHash("sha256").update(text).digest("hex"),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("leaves a committed file of other code, other settings or another log's content where it is", () => {
    const dir = scratchRoot();
    const { settings } = commit(dir, "0".repeat(64));
    expect(restoreCommittedResults(settings, dir)).toBeUndefined();
    commit(dir);
    expect(restoreCommittedResults(studySettings("08-greedy-modified", { SEED: 2 }), dir)).toBeUndefined();
    expect(fs.existsSync(resultsPath("08-greedy-modified", dir))).toBe(false);
    // a log is keyed by its bytes: the same name with other content is another source
    const log = path.join(dir, "site.swf");
    fs.writeFileSync(log, "; MaxNodes: 4\n1 0 0 60 1 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1\n");
    const own = commit(dir, undefined, '{"notebook":"08-greedy-modified"}\n', { SOURCE: log });
    fs.appendFileSync(log, "2 5 0 60 1 -1 -1 1 60 -1 1 1 1 -1 1 -1 -1 -1\n");
    expect(restoreCommittedResults(own.settings, dir)).toBeUndefined();
    commit(dir, undefined, '{"notebook":"08-greedy-modified"}\n', { SOURCE: log });
    expect(restoreCommittedResults(own.settings, dir)).toBeDefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("refuses a committed file whose text is not the stamped one", () => {
    const dir = scratchRoot();
    const { settings } = commit(dir);
    fs.writeFileSync(committedResultsPath(settings, dir), gzipSync("changed\n"));
    expect(restoreCommittedResults(settings, dir)).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("roundStudyResults", () => {
  const jobs = [{ id: 1 }];
  const stored = (dir: string, made: Record<string, unknown>, key?: string) => {
    const settings = studySettings("08-greedy-modified", { ...made, STATS_SAMPLES: 2, CF_SAMPLES: 1 });
    const file = {
      notebook: "08-greedy-modified",
      parameters: { SOURCE: "twin", SEED: 1, CF_SAMPLES: 1 },
      tables: { many: [{ sample: "a", experiment: "1B", payment: "clarke", TV: 1 }], "cf:x": [] },
    };
    writeResults(file, dir);
    const text = fs.readFileSync(resultsPath("08-greedy-modified", dir), "utf8");
    const sha256 = createHash("sha256").update(text).digest("hex");
    const stamp = { key: key ?? studyKey(settings, studySourceKey(settings, dir), dir), sha256, settings };
    fs.writeFileSync(stampPath(settings, dir), JSON.stringify(stamp));
    return settings;
  };
  it("reads results the study made with these settings and this code, and says so", () => {
    const dir = scratchRoot();
    stored(dir, { SEED: 1 });
    const r = roundStudyResults("08-greedy-modified", { SEED: 1 }, { jobs: jobs as never, root: dir });
    expect(r.origin).toBe("study");
    expect(r.samples).toBe(1);
    expect(studyResultsNote(r)).toMatch(
      /^The statistics and the counterfactual experiments below \(1 statistics samples and 1 per counterfactual experiment\) are read from `data\/generated\/results\/twin\/08-greedy-modified.json`, which the study `scorecard` made with this notebook's settings and this code/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("says plainly when the results were made with other settings, which, and how to refresh them", () => {
    const dir = scratchRoot();
    stored(dir, { SEED: 1 });
    const r = roundStudyResults(
      "08-greedy-modified",
      { SEED: 2, W: 3456 },
      { jobs: jobs as never, root: dir },
    );
    expect(r.origin).toBe("other settings");
    expect(r.differences).toEqual([{ name: "SEED", made: 1, wanted: 2 }]);
    expect(studyResultsNote(r)).toContain(
      "**The stored results were made with other settings than this notebook's: SEED = 1 (here 2).**",
    );
    expect(studyResultsNote(r)).toContain("`npm run study -- scorecard --param 'SEED=2'`");
    expect(studyResultsNote(r)).toContain("set `RECOMPUTE_SAMPLES` to a few samples");
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("says when they were made by other code, or changed after the study wrote them", () => {
    const dir = scratchRoot();
    stored(dir, { SEED: 1 }, "0".repeat(64));
    const r = roundStudyResults("08-greedy-modified", { SEED: 1 }, { jobs: jobs as never, root: dir });
    expect(r.origin).toBe("other code");
    expect(studyResultsNote(r)).toMatch(/^\*\*The stored results were made by other code/);
    stored(dir, { SEED: 1 });
    fs.appendFileSync(resultsPath("08-greedy-modified", dir), " ");
    expect(
      roundStudyResults("08-greedy-modified", { SEED: 1 }, { jobs: jobs as never, root: dir }).origin,
    ).toBe("not the study");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
