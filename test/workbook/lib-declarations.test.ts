import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { TSC_FLAGS, libDeclarations, libSourceFiles } from "../../workbook/lib-declarations";
import { TslabKernel } from "../../workbook/kernel-client";

const root = path.resolve(__dirname, "../..");
// tslab's own TypeScript, which reads the declarations in the kernel
const tslabTs = require(
  path.join(root, "node_modules", "@tslab", "typescript-for-tslab"),
) as typeof import("typescript");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-libdecl-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A tiny checkout: lib/ with the given files, node_modules linked to the real one. */
function miniRoot(name: string, files: Record<string, string>): string {
  const r = path.join(tmp, name);
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(r, f)), { recursive: true });
    fs.writeFileSync(path.join(r, f), text);
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(r, "node_modules"));
  return r;
}

describe("libDeclarations", () => {
  it("builds every lib file's declarations once, then serves the same build; an edit gives a new key", () => {
    const r = miniRoot("edit", {
      "lib/index.ts": 'export { twice } from "./util/twice";\n',
      "lib/util/twice.ts": "export function twice(x: number) { return 2 * x; }\n",
    });
    const dir = path.join(tmp, "cache-edit");
    expect(libSourceFiles(r)).toEqual(["lib/index.ts", "lib/util/twice.ts"]);
    const a = libDeclarations(r, { dir });
    expect(a).toMatchObject({ cache: "built", files: 2 });
    expect(a.key).toMatch(/^[0-9a-f]{32}$/);
    expect(fs.readFileSync(path.join(a.folder, "lib", "util", "twice.d.ts"), "utf8")).toBe(
      "export declare function twice(x: number): number;\n",
    );
    expect(libDeclarations(r, { dir })).toMatchObject({
      cache: "hit",
      key: a.key,
      folder: a.folder,
      files: 2,
    });
    fs.writeFileSync(
      path.join(r, "lib/util/twice.ts"),
      "export function twice(x: number) { return `${2 * x}`; }\n",
    );
    const b = libDeclarations(r, { dir });
    expect(b.cache).toBe("built");
    expect(b.key).not.toBe(a.key);
    expect(fs.readFileSync(path.join(b.folder, "lib", "util", "twice.d.ts"), "utf8")).toBe(
      "export declare function twice(x: number): string;\n",
    );
  });

  it("covers study/ beside lib (notebooks import the study runner too)", () => {
    const r = miniRoot("study", {
      "lib/index.ts": "export const v = 1;\n",
      "study/run.ts": 'import { v } from "../lib/index";\nexport const w = v + 1;\n',
    });
    expect(libSourceFiles(r)).toEqual(["lib/index.ts", "study/run.ts"]);
    const d = libDeclarations(r, { dir: path.join(tmp, "cache-study") });
    expect(d.files).toBe(2);
    expect(fs.readFileSync(path.join(d.folder, "study", "run.d.ts"), "utf8")).toBe(
      "export declare const w: number;\n",
    );
  });

  it("keeps the `keep` most recently used builds", () => {
    const r = miniRoot("keep", { "lib/index.ts": "export const v = 1;\n" });
    const dir = path.join(tmp, "cache-keep");
    const first = libDeclarations(r, { dir, keep: 1 });
    fs.writeFileSync(path.join(r, "lib/index.ts"), "export const v = 2;\n");
    const second = libDeclarations(r, { dir, keep: 1 });
    expect(fs.existsSync(first.folder)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([second.key]);
  });

  it("builds a lib with a type error (the type-check's to find) and refuses one that does not parse, with tsc's diagnostic, caching nothing", () => {
    const typeError = miniRoot("type-error", { "lib/index.ts": 'export const n: number = "one";\n' });
    const built = libDeclarations(typeError, { dir: path.join(tmp, "cache-type-error") });
    expect(fs.readFileSync(path.join(built.folder, "lib", "index.d.ts"), "utf8")).toMatch(
      /export declare const n: number;/,
    );
    const r = miniRoot("bad", { "lib/index.ts": "export const n: number = ;\n" });
    const dir = path.join(tmp, "cache-bad");
    expect(() => libDeclarations(r, { dir })).toThrow(
      /^lib's declarations were not built by TypeScript \d+\.\d+\.\d+ \(exit [12]\):\nlib\/index\.ts\(1,26\): error TS1109: Expression expected\./,
    );
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("refuses a folder that is not a checkout, and a bad keep", () => {
    expect(() => libDeclarations(tmp)).toThrow(
      /^invalid root: .*; expected a schedgame checkout \(lib\/index\.ts\)$/,
    );
    expect(() => libDeclarations(root, { keep: 0 })).toThrow(
      /^invalid keep: 0; expected a whole number >= 1$/,
    );
  });

  it("covers all of this checkout's lib: one declaration file per source file, each read by tslab's TypeScript without a syntax error", () => {
    const d = libDeclarations(root);
    expect(d.files).toBe(libSourceFiles(root).length);
    expect(fs.existsSync(path.join(d.folder, "lib", "index.d.ts"))).toBe(true);
    const files = fs
      .readdirSync(d.folder, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".d.ts"))
      .map((f) => path.join(d.folder, f));
    const program = tslabTs.createProgram(files, { noResolve: true, noLib: true, types: [] });
    const bad = program
      .getSyntacticDiagnostics()
      .map((x) => `${x.file?.fileName}: ${tslabTs.flattenDiagnosticMessageText(x.messageText, " ")}`);
    expect(bad).toEqual([]);
  });

  it("this checkout's lib type-checks under tslab's TypeScript and compiler options (the kernel compiles it so under SCHEDGAME_KERNEL_LIB=source)", () => {
    const flags = TSC_FLAGS.filter(
      (f) => !["--noCheck", "--declaration", "--emitDeclarationOnly"].includes(f),
    );
    const tsc = path.join(root, "node_modules", "@tslab", "typescript-for-tslab", "bin", "tsc");
    const r = spawnSync(process.execPath, [tsc, ...flags, "--noEmit", ...libSourceFiles(root)], {
      cwd: root,
      encoding: "utf8",
    });
    expect(`${r.stdout}${r.stderr}`.trim()).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);
});

describe("the kernel with prebuilt lib (kernel/prebuilt-lib.cjs)", () => {
  it("type-checks a cell against lib's (and study/'s) declarations, loads them through Node (not as tslab side outputs), and reports type errors", async () => {
    const k = await TslabKernel.start({ root });
    try {
      const ok = await k.execute(
        'import { mean } from "./lib/util/stats";\nconst m: number = mean([1, 2, 6]);\nconsole.log(m, Object.keys(require.cache).some((f) => f.endsWith("lib/util/stats.ts")));',
      );
      expect(ok.status).toBe("ok");
      expect(ok.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "3 true\n" }]);
      const study = await k.execute(
        'import { formatStudyProgress } from "./study/index";\nconsole.log(typeof formatStudyProgress, Object.keys(require.cache).some((f) => f.endsWith("study/progress.ts")));',
      );
      expect(study.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "function true\n" }]);
      const bad = await k.execute(
        'import { mean as mean2 } from "./lib/util/stats";\nconst s: string = mean2([1]);',
      );
      expect(bad.status).toBe("error");
      expect(bad.stderr).toMatch(/Type 'number' is not assignable to type 'string'/);
    } finally {
      await k.shutdown();
    }
  });

  it("a lib that does not parse: the kernel falls back to tslab compiling lib, and the cell shows the diagnostic", async () => {
    const r = miniRoot("kernel-bad", {
      "lib/index.ts": "export const v: number = ;\n",
      "workbook/lib-declarations.ts": fs.readFileSync(
        path.join(root, "workbook/lib-declarations.ts"),
        "utf8",
      ),
      "lib/util/errors.ts": fs.readFileSync(path.join(root, "lib/util/errors.ts"), "utf8"),
      "lib/util/cache-dir.ts": fs.readFileSync(path.join(root, "lib/util/cache-dir.ts"), "utf8"),
      "package.json": JSON.stringify({ name: "schedgame", private: true }),
    });
    fs.cpSync(path.join(root, "kernel"), path.join(r, "kernel"), { recursive: true });
    const k = await TslabKernel.start({ root: r });
    try {
      const c = await k.execute('import { v } from "./lib/index";\nconsole.log(v);');
      expect(c.status).toBe("error");
      expect(c.stderr).toMatch(/lib\/index\.ts 1:26 - Expression expected/);
      expect(k.log.join("")).toMatch(
        /schedgame kernel: tslab compiles lib\/ itself \(slower\): lib's declarations were not built/,
      );
    } finally {
      await k.shutdown();
    }
  });

  it("SCHEDGAME_KERNEL_LIB=source: tslab compiles lib itself (side outputs, not Node's require cache)", async () => {
    const k = await TslabKernel.start({ root, env: { SCHEDGAME_KERNEL_LIB: "source" } });
    try {
      const r = await k.execute(
        'import { mean } from "./lib/util/stats";\nconsole.log(mean([2, 4]), Object.keys(require.cache).some((f) => f.includes("lib/util/stats")));',
      );
      expect(r.outputs).toEqual([{ output_type: "stream", name: "stdout", text: "3 false\n" }]);
    } finally {
      await k.shutdown();
    }
  });
});
