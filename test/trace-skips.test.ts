/**
 * Trace tests skip honestly: a test that needs a shared trace resolves it when the file is
 * collected (test/shared-traces.ts `sharedTrace`, `sharedTraceNames`, `sharedTraceManifest`, which
 * say what is missing and how to get it, and throw under CI=true) and is skipped with
 * `it.skipIf(…)` when it is absent — it never returns early and counts as passed. Every test file
 * under test/ is parsed (TypeScript's parser) for three forms of the silent pass:
 * - an `if` on a trace lookup (or a variable holding one) whose branch only returns or continues
 *   (`if (!file) return;`, `if (names.length === 0) return;`);
 * - a test-helper lookup inside a test's body (it cannot be skipped from there; under CI=true it
 *   throws in the test instead of failing the file's collection);
 * - a skip decided on lib's `findTrace`/`listTraces` (no message, no failure under CI=true).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

/** test/shared-traces.ts's lookups: they warn with the download command and throw under CI=true. */
const HELPER_LOOKUPS = new Set(["sharedTrace", "sharedTraceNames", "sharedTraceManifest"]);
/** lib/io/trace-paths.ts's lookups: silent, and the same with CI=true. */
const LIB_LOOKUPS = new Set(["findTrace", "listTraces"]);
/** The functions that declare a test (their function arguments are test bodies). */
const TEST_FUNCTIONS = new Set(["it", "test"]);

/** Every *.test.ts under a folder, sorted. */
function testFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(p));
    else if (e.name.endsWith(".test.ts")) out.push(p);
  }
  return out.sort();
}

/** The called function's name: `f(…)` → f, `it.skipIf(c)(…)` → it, `fc.assert(…)` → assert's object fc. */
function calleeRoot(e: ts.Expression): string | undefined {
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return calleeRoot(e.expression);
  if (ts.isCallExpression(e)) return calleeRoot(e.expression);
  return undefined;
}

/** The name of a call to a lookup in `names`, or undefined. */
function lookupName(node: ts.Node, names: ReadonlySet<string>): string | undefined {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text)
    ? node.expression.text
    : undefined;
}

/** Whether `node` calls one of `names` or reads one of `vars`. */
function mentions(node: ts.Node, names: ReadonlySet<string>, vars: ReadonlySet<string>): boolean {
  if (lookupName(node, names) || (ts.isIdentifier(node) && vars.has(node.text))) return true;
  return ts.forEachChild(node, (c) => mentions(c, names, vars) || undefined) ?? false;
}

/** Whether a statement only leaves: `return …;`, `continue;`, or a block holding just one. */
function onlyLeaves(s: ts.Statement): boolean {
  if (ts.isReturnStatement(s) || ts.isContinueStatement(s)) return true;
  return ts.isBlock(s) && s.statements.length === 1 && onlyLeaves(s.statements[0]);
}

/**
 * The silent passes in one test file's text, as `line: what` (empty when it skips honestly).
 * @param file the path, for the messages
 */
export function silentTracePasses(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const helperVars = new Set<string>(),
    libVars = new Set<string>();
  // the variables a lookup initialises (const file = sharedTrace("X"), const names = sharedTraceNames())
  const none = new Set<string>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (mentions(node.initializer, HELPER_LOOKUPS, none)) helperVars.add(node.name.text);
      if (mentions(node.initializer, LIB_LOOKUPS, none)) libVars.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const all = new Set([...HELPER_LOOKUPS, ...LIB_LOOKUPS]);
  const allVars = new Set([...helperVars, ...libVars]);
  const out: string[] = [];
  const at = (node: ts.Node, what: string) =>
    out.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node, inTest: boolean) => {
    if (ts.isIfStatement(node) && onlyLeaves(node.thenStatement) && mentions(node.expression, all, allVars))
      at(
        node,
        `returns early when a trace is missing (${node.getText(sf).split("\n")[0]}): skip with it.skipIf`,
      );
    const helper = lookupName(node, HELPER_LOOKUPS);
    if (helper && inTest)
      at(
        node,
        `${helper}(…) inside a test's body: resolve the trace when the file is collected and skip with it.skipIf`,
      );
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "skipIf" &&
      node.arguments.some((a) => mentions(a, LIB_LOOKUPS, libVars))
    )
      at(
        node,
        "skips on lib's findTrace/listTraces: use test/shared-traces.ts (a message, and a failure under CI=true)",
      );
    const body = ts.isCallExpression(node) && TEST_FUNCTIONS.has(calleeRoot(node.expression) ?? "");
    ts.forEachChild(node, (c) =>
      visit(c, inTest || (body && (ts.isArrowFunction(c) || ts.isFunctionExpression(c)))),
    );
  };
  visit(sf, false);
  return out;
}

describe("trace tests skip honestly (no early return on a missing trace)", () => {
  it("every test file under test/ resolves its traces at collection and skips with it.skipIf", () => {
    const found = testFiles(path.join(root, "test")).flatMap((f) =>
      silentTracePasses(f, fs.readFileSync(f, "utf8")).map((w) => `${path.relative(root, f)}:${w}`),
    );
    expect(found).toEqual([]);
  });

  it("finds each silent pass in a literal test file, and nothing in the honest form", () => {
    const silent = `
import { sharedTrace, sharedTraceNames } from "../shared-traces";
import { findTrace } from "../../lib/io/trace-paths";
describe("d", () => {
  it("a", () => {
    const file = sharedTrace("KTH");
    if (!file) return;
  });
  it("b", () => {
    if (!sharedTrace("RICC")) {
      return;
    }
  });
  const names = sharedTraceNames();
  it("c", () => {
    for (const n of names) {
      const p = findTrace(n);
      if (p === undefined) continue;
    }
  });
  const found = findTrace("SDSC");
  it.skipIf(!found)("d", () => {});
});`;
    expect(silentTracePasses("silent.test.ts", silent)).toEqual([
      `6: sharedTrace(…) inside a test's body: resolve the trace when the file is collected and skip with it.skipIf`,
      `7: returns early when a trace is missing (if (!file) return;): skip with it.skipIf`,
      `10: returns early when a trace is missing (if (!sharedTrace("RICC")) {): skip with it.skipIf`,
      `10: sharedTrace(…) inside a test's body: resolve the trace when the file is collected and skip with it.skipIf`,
      `18: returns early when a trace is missing (if (p === undefined) continue;): skip with it.skipIf`,
      `22: skips on lib's findTrace/listTraces: use test/shared-traces.ts (a message, and a failure under CI=true)`,
    ]);
    const honest = `
import { sharedTrace, sharedTraceNames } from "../shared-traces";
describe("d", () => {
  const file = sharedTrace("KTH");
  it.skipIf(!file)("a", () => {
    const lines = read(file!);
    if (lines.length === 0) return;
  });
  const names = sharedTraceNames();
  describe.skipIf(names.length === 0)("every trace", () => {
    for (const n of names) it(n, () => {});
  });
});`;
    expect(silentTracePasses("honest.test.ts", honest)).toEqual([]);
  });
});
