import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { cachedSourceData, type CachedSourceData } from "../../lib/sample/source-cache";
import { parseSource } from "../../lib/source/readers";
import { loadSampleSource } from "../../lib/sample/source";
import { loadCleanJobs } from "../../lib/clean/clean-source";
import type { JobRecord } from "../../lib/io/job-record";

const root = path.resolve(__dirname, "..", "..");

function job(id: string, nnodes: number, minutes = 40): JobRecord {
  return {
    id,
    type: "SIM",
    submit: 100,
    nprocs: 48 * nnodes,
    nnodes,
    minutes,
    qtime: 1.5,
    rtime: 12,
    user: "u",
    account: "",
    qos: "debug",
    partition: "",
  };
}

function data(jobs: JobRecord[]): CachedSourceData {
  return {
    description: "a test source",
    jobs,
    machine: { nodes: 8, coresPerNode: 48 },
    removed: [{ stage: "jobs", step: "status", rule: "COMPLETED", rows: 3 }],
  };
}

describe("cachedSourceData", () => {
  it("misses, then hits with the same data without computing it again", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-source-cache-"));
    let calls = 0;
    const compute = () => (calls++, data([job("a", 2), job("b", 1, 120)]));
    const a = cachedSourceData(parseSource("twin:77"), undefined, compute, { root, dir });
    const b = cachedSourceData(parseSource("twin:77"), undefined, compute, { root, dir });
    expect([a.cache, b.cache, calls]).toEqual(["miss", "hit", 1]);
    expect(b.data).toEqual(a.data);
    expect(Object.keys(b.data.jobs[0])).toEqual(Object.keys(job("x", 1)));
    // another source or machine is another entry
    expect(cachedSourceData(parseSource("twin:78"), undefined, compute, { root, dir }).cache).toBe("miss");
    expect(cachedSourceData(parseSource("twin:77"), { nodes: 4 }, compute, { root, dir }).cache).toBe("miss");
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".json"))).toHaveLength(3);
  });

  it("caches only the twin, only what reads back equal, and not when turned off", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-source-cache-"));
    expect(parseSource("twin").twin).toEqual({ version: 2, seed: 1 });
    expect(parseSource("twin-v1:3").twin).toEqual({ version: 1, seed: 3 });
    expect(
      cachedSourceData({ kind: "swf", text: "KTH-SP2-1996-2.1-cln" }, undefined, () => data([job("a", 1)]), {
        root,
        dir,
      }).cache,
    ).toBe("off");
    // −0 and NaN do not survive JSON: such data is returned as computed, never cached
    const odd = data([
      { ...job("a", 1), qtime: -0 },
      { ...job("b", 1), rtime: NaN },
    ]);
    const r = cachedSourceData(parseSource("twin:79"), undefined, () => odd, { root, dir });
    expect(r.cache).toBe("off");
    expect(Object.is(r.data.jobs[0].qtime, -0)).toBe(true);
    expect(fs.readdirSync(dir)).toHaveLength(0);
    const saved = process.env.SCHEDGAME_TWIN_CACHE;
    process.env.SCHEDGAME_TWIN_CACHE = "off";
    try {
      expect(
        cachedSourceData(parseSource("twin:80"), undefined, () => data([job("a", 1)]), { root, dir }).cache,
      ).toBe("off");
    } finally {
      if (saved === undefined) delete process.env.SCHEDGAME_TWIN_CACHE;
      else process.env.SCHEDGAME_TWIN_CACHE = saved;
    }
  });

  it("is invalidated when the loader's source changes (a copy of lib with one byte more) and replaces an unreadable file", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "sg-source-src-"));
    fs.cpSync(path.join(root, "lib"), path.join(copy, "lib"), { recursive: true });
    fs.cpSync(
      path.join(root, "data", "reference", "thesis"),
      path.join(copy, "data", "reference", "thesis"),
      { recursive: true },
    );
    const dir = path.join(copy, "cache");
    const compute = () => data([job("a", 1)]);
    expect(cachedSourceData(parseSource("twin:81"), undefined, compute, { root: copy, dir }).cache).toBe(
      "miss",
    );
    expect(cachedSourceData(parseSource("twin:81"), undefined, compute, { root: copy, dir }).cache).toBe(
      "hit",
    );
    fs.appendFileSync(path.join(copy, "lib", "clean", "jobs.ts"), "\n// changed\n");
    expect(cachedSourceData(parseSource("twin:81"), undefined, compute, { root: copy, dir }).cache).toBe(
      "miss",
    );
    // Every entry made unreadable (two files' mtimes can tie, so "the newest" is not a safe pick).
    for (const file of fs.readdirSync(dir)) fs.writeFileSync(path.join(dir, file), "garbage");
    expect(cachedSourceData(parseSource("twin:81"), undefined, compute, { root: copy, dir }).cache).toBe(
      "miss",
    );
  });

  it("gives loadSampleSource the twin's cleaned jobs exactly as the pipeline does", () => {
    const c = loadCleanJobs("twin", { root });
    const removed = c.log
      .filter((r) => r.removed > 0)
      .map((r) => ({ stage: r.stage, step: r.step, rule: r.rule, rows: r.removed }));
    const pipeline = {
      source: "twin",
      spec: { kind: "twin", text: "twin", twin: { version: 2, seed: 1 } },
      description: c.source.description,
      jobs: c.records,
      machine: c.machine,
      removed,
    };
    loadSampleSource("twin", root); // written (or already there)
    const cached = loadSampleSource("twin", root);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(pipeline));
    let diff = -1;
    for (let i = 0; i < cached.jobs.length && diff < 0; i++)
      for (const k of Object.keys(pipeline.jobs[i]) as (keyof JobRecord)[])
        if (!Object.is(cached.jobs[i][k], pipeline.jobs[i][k])) diff = i;
    expect(diff).toBe(-1);
  }, 120_000);
});
