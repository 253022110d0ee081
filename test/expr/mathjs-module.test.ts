import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { tsFiles } from "../ts-files";
import { mathjsModule } from "../../lib/expr/mathjs-module";

describe("mathjsModule", () => {
  it("returns the mathjs module, the same object on every call", () => {
    const a = mathjsModule();
    expect(a).toBe(mathjsModule());
    expect(typeof a.create).toBe("function");
    expect(typeof a.parseDependencies).toBe("object");
  });
  it("loading lib/index does not load mathjs; the first formula does", () => {
    const script = [
      "const seen = () => Object.keys(require.cache).some((k) => /[\\\\/]node_modules[\\\\/]mathjs[\\\\/]/.test(k));",
      "const lib = require('./lib/index');",
      "const before = seen();",
      "const v = lib.compileExpression('F', '2*x + 1', ['x']).evaluate([3]);",
      "const ex = require('./lib/expr/fractions');",
      "const r = ex.fractionText(ex.exactRatio(3, 8));",
      "console.log(JSON.stringify({ before, after: seen(), v, r }));",
    ].join("\n");
    const out = execFileSync(process.execPath, ["--import", "tsx", "-e", script], {
      cwd: process.cwd(),
      encoding: "utf8",
    });
    expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual({ before: false, after: true, v: 7, r: "3/8" });
  });
  it("no lib file imports a value from mathjs (only `import type`; values through mathjsModule)", () => {
    const offenders = tsFiles(path.join(process.cwd(), "lib")).filter((f) => {
      const text = fs.readFileSync(f, "utf8");
      return (
        /^import\s+(?!type\b)[^;]*from\s+"mathjs"/m.test(text) || /^export\s+[^;]*from\s+"mathjs"/m.test(text)
      );
    });
    expect(offenders.map((f) => path.relative(process.cwd(), f))).toEqual([]);
  });
});
