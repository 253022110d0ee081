/**
 * lib imports nothing of the project outside lib: every import, export-from, dynamic import and
 * require of every source file under lib/ resolves inside lib/ or names a package (never the project
 * itself by its package name). What sits beside lib (views/, workbook/, cluster/, study/, scripts/)
 * imports lib, never the other way round. No two lib files import each other, directly or in a
 * cycle, and no two views files.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const libDir = path.join(root, "lib");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { name: string };
const projectName = pkg.name;

/** Every source file under a folder (.ts, .cjs, .mjs, .js), sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|cjs|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out.sort();
}

/**
 * The module specifiers of one file that leave lib: relative or absolute ones resolving outside
 * `libDir`, and the project's own package name. TypeScript's pre-processor finds them (imports,
 * `export … from`, `import(…)`, `require(…)`), comments and strings aside.
 */
function importsLeavingLib(file: string, text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles
    .map((f) => f.fileName)
    .filter((spec) => {
      if (spec.startsWith(".") || path.isAbsolute(spec)) {
        const rel = path.relative(libDir, path.resolve(path.dirname(file), spec));
        return rel.startsWith("..") || path.isAbsolute(rel);
      }
      return spec === projectName || spec.startsWith(`${projectName}/`);
    });
}

/** Each file's imports (import, export-from, import(), require) that are files of the same tree. */
function localImports(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((f) => {
      const specs = ts.preProcessFile(fs.readFileSync(f, "utf8"), true, true).importedFiles;
      const deps = specs
        .filter((s) => s.fileName.startsWith("."))
        .map((s) => path.resolve(path.dirname(f), s.fileName))
        .map((p) => (known.has(p) ? p : `${p}.ts`))
        .filter((p) => known.has(p));
      return [f, deps];
    }),
  );
}

/** The import cycles of a graph (each as its files in import order, the first repeated at the end). */
function importCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (f: string) => {
    state.set(f, "open");
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (state.get(d) === "open") cycles.push([...stack.slice(stack.indexOf(d)), d]);
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, "done");
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return cycles;
}

describe("lib imports nothing of the project outside lib", () => {
  it("finds imports that leave lib (the check can fail)", () => {
    const file = path.join(libDir, "area", "concept.ts");
    const text = [
      'import { runNotebook } from "../../workbook/runner";',
      'import { simFigure } from "../../views/sim/figures";',
      'import type { StudySpec } from "../../study/spec";',
      'export { startLocalSlurm } from "../../cluster/index";',
      'const m = require("../../scripts/report");',
      'const d = import("../../cluster/daemons");',
      `import { x } from "${projectName}/workbook/report";`,
      'import { ok } from "../util/errors";',
      'import * as fs from "node:fs";',
      'import * as aq from "arquero";',
      '// import { notCode } from "../../workbook/report";',
    ].join("\n");
    expect(importsLeavingLib(file, text)).toEqual([
      "../../workbook/runner",
      "../../views/sim/figures",
      "../../study/spec",
      "../../cluster/index",
      "../../scripts/report",
      "../../cluster/daemons",
      `${projectName}/workbook/report`,
    ]);
  });

  it("no source file under lib/ imports outside it", () => {
    const files = sourceFiles(libDir);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((f) =>
      importsLeavingLib(f, fs.readFileSync(f, "utf8")).map((spec) => `${path.relative(root, f)}: ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe("no two lib files import each other, directly or in a cycle", () => {
  it("finds a cycle (the check can fail)", () => {
    const g = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importCycles(g)).toEqual([["a", "b", "c", "a"]]);
    expect(
      importCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("lib's import graph (type-only imports included) has no cycle", () => {
    const cycles = importCycles(localImports(sourceFiles(libDir)));
    expect(cycles.map((c) => c.map((f) => path.relative(root, f)).join(" → "))).toEqual([]);
  });

  it("views' import graph (type-only imports included) has no cycle", () => {
    const cycles = importCycles(localImports(sourceFiles(path.join(root, "views"))));
    expect(cycles.map((c) => c.map((f) => path.relative(root, f)).join(" → "))).toEqual([]);
  });
});
