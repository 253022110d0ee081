/**
 * Views only word what lib judged: no module under views/ imports, as a value, a function of
 * lib/agreement (directly or through lib/index's re-exports). Read from the modules' syntax
 * (TypeScript's parser), not by matching text: `import type` and type-only specifiers are types,
 * constants (the bands a sentence names) are allowed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "../ts-files";

const root = path.resolve(__dirname, "..", "..");

const parse = (file: string, text = fs.readFileSync(file, "utf8")) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);

/** A relative module specifier of `from` as a file path (".ts" or "/index.ts"). */
function resolve(from: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, path.join(base, "index.ts")].find((f) => fs.existsSync(f));
}

/** The exported function names of a module (declarations `export function f`). */
function exportedFunctions(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const s of sf.statements)
    if (
      ts.isFunctionDeclaration(s) &&
      s.name &&
      ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      out.add(s.name.text);
  return out;
}

/** Every function of lib/agreement, as file → names. */
function judges(): Map<string, Set<string>> {
  const dir = path.join(root, "lib", "agreement");
  return new Map(tsFiles(dir).map((f) => [f, exportedFunctions(parse(f))]));
}

/** A barrel's value re-exports: exported name → [module file, name there]. */
function reExports(barrel: string): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const s of parse(barrel).statements) {
    if (!ts.isExportDeclaration(s) || s.isTypeOnly || !s.moduleSpecifier || !s.exportClause) continue;
    if (!ts.isNamedExports(s.exportClause)) continue;
    const file = resolve(barrel, (s.moduleSpecifier as ts.StringLiteral).text);
    if (!file) continue;
    for (const e of s.exportClause.elements)
      if (!e.isTypeOnly) out.set(e.name.text, [file, (e.propertyName ?? e.name).text]);
  }
  return out;
}

/** The value imports of a module that name a function of lib/agreement: "file: name". */
function judgeImports(
  file: string,
  text: string,
  j: Map<string, Set<string>>,
  barrels: Map<string, Map<string, [string, string]>>,
): string[] {
  const hits: string[] = [];
  for (const s of parse(file, text).statements) {
    if (!ts.isImportDeclaration(s) || s.importClause?.isTypeOnly) continue;
    const bindings = s.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const target = resolve(file, (s.moduleSpecifier as ts.StringLiteral).text);
    if (!target) continue;
    for (const e of bindings.elements) {
      if (e.isTypeOnly) continue;
      const name = (e.propertyName ?? e.name).text;
      const via = barrels.get(target)?.get(name);
      const [mod, there] = via ?? [target, name];
      if (j.get(mod)?.has(there)) hits.push(`${path.relative(root, file)}: ${name}`);
    }
  }
  return hits;
}

describe("views only render what lib judged", () => {
  const j = judges();
  const libIndex = path.join(root, "lib", "index.ts");
  const barrels = new Map([[libIndex, reExports(libIndex)]]);
  it("no view imports a function of lib/agreement", () => {
    const hits = tsFiles(path.join(root, "views")).flatMap((f) =>
      judgeImports(f, fs.readFileSync(f, "utf8"), j, barrels),
    );
    expect(hits).toEqual([]);
  });
  it("finds a judge imported directly or through lib/index, and passes types and constants", () => {
    const at = path.join(root, "views", "sim", "example.ts");
    const check = (text: string) => judgeImports(at, text, j, barrels);
    expect([...j.values()].some((names) => names.has("relativeEffect"))).toBe(true);
    expect(check('import { relativeEffect } from "../../lib/agreement/effect";')).toEqual([
      "views/sim/example.ts: relativeEffect",
    ]);
    expect(check('import { agreement as judge } from "../../lib/agreement/reference";')).toEqual([
      "views/sim/example.ts: agreement",
    ]);
    expect(check('import { agreement } from "../../lib/index";')).toEqual([
      "views/sim/example.ts: agreement",
    ]);
    expect(
      check(
        'import type { Effect } from "../../lib/agreement/effect";\n' +
          'import { type Agreement, RELATIVE_BAND } from "../../lib/agreement/rule";\n' +
          'import { type Agreement as A, realMachineRows } from "../../lib/index";',
      ),
    ).toEqual([]);
  });
});
