/**
 * One concept per file: no file under lib/ is longer than CONTRIBUTING.md allows ("at most N lines";
 * the ceiling is read from there, so the rule and the check cannot drift apart), its lines counted
 * as `wc -l` counts them. The check names each offender with its line count.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const libDir = path.join(root, "lib");
// lib/index.ts is exempt: its length follows from the count of public names, which test/lib-exports.test.ts bounds.
const EXEMPT = new Set(["lib/index.ts"]);

/** The ceiling CONTRIBUTING.md states: "at most N lines". */
function statedCeiling(text: string): number {
  const m = text.match(/at most (\d+) lines/);
  if (!m) throw new Error('CONTRIBUTING.md no longer states "at most N lines"');
  return Number(m[1]);
}

/** Lines as `wc -l` counts them: the newline bytes (a last line without one is not counted). */
function wcLines(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) if (b === 0x0a) n++;
  return n;
}

/** Every .ts file under a folder, relative to the project root with "/" separators, sorted. */
function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith(".ts")) out.push(path.relative(root, p).split(path.sep).join("/"));
  }
  return out.sort();
}

/** The files over `ceiling` lines but the exempt ones, each as "<file>: <n> lines (over <ceiling>)". */
function offenders(files: readonly { file: string; bytes: Uint8Array }[], ceiling: number): string[] {
  return files
    .filter((f) => !EXEMPT.has(f.file))
    .map((f) => ({ file: f.file, lines: wcLines(f.bytes) }))
    .filter((f) => f.lines > ceiling)
    .map((f) => `${f.file}: ${f.lines} lines (over ${ceiling})`);
}

/** `wc -l` itself on some bytes, or undefined where it cannot run. */
function wcCommand(bytes: Uint8Array): number | undefined {
  try {
    return Number(execFileSync("wc", ["-l"], { input: bytes, encoding: "utf8" }).trim());
  } catch {
    return undefined;
  }
}

describe("no lib file over the line ceiling", () => {
  it("reads the ceiling CONTRIBUTING.md states (the check can fail)", () => {
    expect(statedCeiling("one concept per file, 30–200 lines (at most 12 lines, …)")).toBe(12);
    expect(() => statedCeiling("no ceiling here")).toThrow(/no longer states/);
  });

  it("counts lines as wc -l does", () => {
    const texts = ["", "a", "a\n", "a\nb", "a\r\nb\n\n", "\n\n\n", "é\u2028x\n"];
    const counts = texts.map((t) => wcLines(Buffer.from(t)));
    expect(counts).toEqual([0, 0, 1, 1, 3, 3, 1]);
    const wc = texts.map((t) => wcCommand(Buffer.from(t)));
    if (wc.every((n) => n !== undefined)) expect(counts).toEqual(wc);
    else console.warn("wc -l is not available here: counted against the literal counts only");
  });

  it("names each offender with its line count, lib/index.ts aside (the check can fail)", () => {
    const lines = (n: number) => Buffer.from("x\n".repeat(n));
    const files = [
      { file: "lib/a/long.ts", bytes: lines(301) },
      { file: "lib/a/at-ceiling.ts", bytes: lines(300) },
      { file: "lib/b/longer.ts", bytes: Buffer.concat([lines(400), Buffer.from("no newline")]) },
      { file: "lib/index.ts", bytes: lines(900) },
    ];
    expect(offenders(files, 300)).toEqual([
      "lib/a/long.ts: 301 lines (over 300)",
      "lib/b/longer.ts: 400 lines (over 300)",
    ]);
  });

  it("holds for every .ts file under lib/ but lib/index.ts", () => {
    const ceiling = statedCeiling(fs.readFileSync(path.join(root, "CONTRIBUTING.md"), "utf8"));
    const files = tsFiles(libDir);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("lib/index.ts");
    const read = files.map((file) => ({ file, bytes: fs.readFileSync(path.join(root, file)) }));
    expect(offenders(read, ceiling)).toEqual([]);
  });
});
