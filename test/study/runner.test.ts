import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { studyCodeKey } from "../../study/code-key";
import { runStudy } from "../../study/runner";
import { readStore } from "../../study/store";
import { mergeStudy } from "../../study/slurm-array";

const project = path.resolve(__dirname, "..", "..");
const kind = "module:test/study/fixtures/kind.ts#squares";

/** A scratch project root: the fixture kind is reached through a link to the real test folder. */
function scratch(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sg-study-"));
  fs.symlinkSync(path.join(project, "test"), path.join(root, "test"));
  fs.symlinkSync(path.join(project, "node_modules"), path.join(root, "node_modules"));
  return root;
}
const read = (f: string) => fs.readFileSync(f, "utf8");

describe("runStudy", () => {
  it("gives byte-identical merged tables for 0, 1 and 2 workers, and for chunks merged", async () => {
    const spec = {
      name: "w",
      experiment: kind,
      grid: { x: [1, 2, 3, 4, 5], y: ["a", "b"] },
      params: { z: true },
    };
    const out: string[] = [];
    for (const workers of [0, 1, 2]) {
      const root = scratch();
      const r = await runStudy(spec, { root, workers });
      expect(r.ran).toBe(10);
      out.push(read(r.merged!));
    }
    const root = scratch();
    for (const index of [2, 0, 1]) await runStudy(spec, { root, workers: 0, chunk: { index, count: 3 } });
    out.push(read(mergeStudy(spec, root, 3).merged));
    expect(new Set(out).size).toBe(1);
    expect(out[0].split("\n")[0]).toBe('{"z":true,"x":1,"y":"a","metric":"square","value":1}');
  });

  it("keeps one code per results folder and stamps the merged table with it", async () => {
    const root = scratch();
    const spec = { name: "k", experiment: kind, grid: { x: [1, 2] }, params: { z: 1 } };
    const r = await runStudy(spec, { root, workers: 0 });
    expect(r.setAside).toBeUndefined();
    const stamp = JSON.parse(read(path.join(r.dir, "stamp.json")));
    expect(stamp).toEqual({ study: "k", key: studyCodeKey(spec, root) });
    const table = read(r.merged!);
    // the same tasks under other params are other code: resuming moves the old results aside and
    // runs every task again, so the table never mixes the two
    const other = { ...spec, params: { z: 2 } };
    expect(studyCodeKey(other, root)).not.toBe(stamp.key);
    const again = await runStudy(other, { root, workers: 0, resume: true });
    const aside = path.join(r.dir, `other-code-${stamp.key.slice(0, 12)}`);
    expect(again.setAside).toBe(aside);
    expect(again.ran).toBe(2);
    expect(fs.readdirSync(aside).sort()).toEqual(["merged.jsonl", "results.jsonl", "stamp.json"]);
    expect(read(path.join(aside, "merged.jsonl"))).toBe(table);
    expect(JSON.parse(read(path.join(r.dir, "stamp.json"))).key).toBe(studyCodeKey(other, root));
    expect(again.rows.every((row) => row.z === 2)).toBe(true);
    // the same code resumes as before
    expect((await runStudy(other, { root, workers: 0, resume: true })).ran).toBe(0);
  });

  it("refuses to overwrite results without resume, names a failing task, and names missing chunks", async () => {
    const root = scratch();
    const spec = { name: "f", experiment: kind, grid: { x: [12, 13] }, params: { failOn13: true } };
    await expect(runStudy(spec, { root, workers: 0 })).rejects.toThrow(
      /^study task 1 \[13\] failed: unlucky/,
    );
    await expect(runStudy(spec, { root, workers: 0 })).rejects.toThrow(
      /^invalid resume: false; expected true \(--resume\)/,
    );
    const lock = path.join(root, "data", "generated", "studies", "f", "results.jsonl.lock");
    fs.writeFileSync(lock, String(process.pid));
    await expect(runStudy(spec, { root, workers: 0, resume: true })).rejects.toThrow(
      /^study f: results\.jsonl is being written by process \d+/,
    );
    fs.unlinkSync(lock);
    expect(() => mergeStudy(spec, root, 2)).toThrow(
      /^study f: 1 of 2 tasks missing \(chunks 1 of 2; re-run them/,
    );
  });

  it("resumes after SIGKILL with the same final table and no duplicated rows", async () => {
    const spec = {
      name: "k",
      experiment: kind,
      grid: { x: [1, 2, 3, 4, 5, 6, 7, 8] },
      params: { pauseMs: 400 },
    };
    const clean = scratch();
    const expected = read((await runStudy(spec, { root: clean, workers: 0 })).merged!);
    const root = scratch();
    const file = path.join(root, "study.json");
    fs.writeFileSync(file, JSON.stringify(spec));
    // node with tsx's loader in-process (the tsx CLI would run the script in a child that SIGKILL would not reach)
    const cli = [
      "--require",
      "tsx/cjs",
      path.join(project, "scripts", "study.ts"),
      file,
      "--workers",
      "1",
      "--root",
      root,
    ];
    const child = spawn(process.execPath, cli, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let seen = "";
    child.stdout.on("data", (d) => (seen += String(d)));
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if ((seen.match(/tasks/g) ?? []).length >= 3) {
          clearInterval(timer);
          child.kill("SIGKILL");
          resolve();
        }
      }, 20);
    });
    await new Promise((r) => child.on("exit", r));
    const partial = readStore(path.join(root, "data", "generated", "studies", "k"));
    expect(partial.tasks.size).toBeGreaterThanOrEqual(3);
    expect(partial.tasks.size).toBeLessThan(8);
    const r = await runStudy(spec, { root, workers: 2, resume: true });
    expect(r.resumed).toBe(partial.tasks.size);
    expect(r.ran).toBe(8 - partial.tasks.size);
    expect(read(r.merged!)).toBe(expected);
    const lines = fs
      .readFileSync(path.join(root, "data", "generated", "studies", "k", "results.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(new Set(lines.map((l) => JSON.parse(l).key)).size).toBe(8);
    expect(lines.length).toBe(8);
  }, 60_000);

  it("drops a torn last line and re-runs that task", async () => {
    const root = scratch();
    const spec = { name: "t", experiment: kind, grid: { x: [1, 2] } };
    await runStudy(spec, { root, workers: 0 });
    const f = path.join(root, "data", "generated", "studies", "t", "results.jsonl");
    const text = read(f);
    fs.writeFileSync(f, text.slice(0, text.length - 10));
    const r = await runStudy(spec, { root, workers: 0, resume: true });
    expect([r.torn, r.ran, r.resumed]).toEqual([1, 1, 1]);
    expect(read(f).trim().split("\n").length).toBe(2);
  });
});
