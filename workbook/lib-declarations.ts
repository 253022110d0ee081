/**
 * Type declarations of lib/ (and of the other folders notebooks import, {@link KERNEL_FOLDERS}) for
 * the notebook kernel, built once per change of their source and cached in
 * `data/generated/kernel-types/<key>/<folder>/**.d.ts`.
 *
 * Why: tslab on its own type-checks and emits, file by file, every lib module a cell imports, which
 * makes each notebook's import cell slow. One `tsc --noCheck` run over all of lib with tslab's
 * compiler options writes the same declarations (the project's TypeScript: tslab's has no
 * `--noCheck`, and a full check would take twice as long before any kernel starts); the kernel
 * launcher (kernel/prebuilt-lib.cjs) then shows tslab these declarations instead of lib's sources
 * (cells are type-checked against them) and loads lib's JavaScript through tsx (`npm run bench --
 * report` times the report both ways, SCHEDGAME_KERNEL_LIB=source being the other). lib's own type
 * errors are the type-check's (`npm test`, and a test that lib type-checks under tslab's TypeScript);
 * a lib that does not parse is not cached: the launcher falls back to tslab compiling lib itself, so
 * the cell shows the diagnostics.
 * The key is the SHA-256 of every .ts file of those folders (path and content), the compiler's
 * version and the options below: any edit to them gives a new key (restart the kernel to pick it up).
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { keepNewest } from "../lib/util/cache-dir";
import { invalidArgument } from "../lib/util/errors";

/**
 * tslab's compiler options (node_modules/tslab/dist/converter.js) as tsc flags, declarations only,
 * without the type-check.
 */
export const TSC_FLAGS: readonly string[] = [
  "--noCheck",
  "--declaration",
  "--emitDeclarationOnly",
  "--rootDir",
  ".",
  "--module",
  "esnext",
  "--moduleResolution",
  "node10",
  "--target",
  "es2020",
  "--lib",
  "es2020",
  "--esModuleInterop",
  "--skipLibCheck",
  "--resolveJsonModule",
  "--experimentalDecorators",
  "--types",
  "node",
  "--newLine",
  "lf",
  "--pretty",
  "false",
];

/**
 * The folders whose modules notebooks import, so the kernel serves their declarations: lib (the
 * research and the display helpers), views (what the notebooks show) and study (the study runner:
 * notebook 15 runs a small study).
 */
export const KERNEL_FOLDERS: readonly string[] = ["lib", "study", "views"];

/** Options of {@link libDeclarations}. */
export interface LibDeclarationsOptions {
  /** Cache folder. Defaults to `<root>/data/generated/kernel-types`. */
  dir?: string;
  /** How many builds to keep (least recently used go first). Defaults to 4. */
  keep?: number;
}

/** Where lib's declarations are and how they were obtained. */
export interface LibDeclarations {
  /** The build's folder: `<dir>/<key>`; lib/x/y.ts's declarations are `<folder>/lib/x/y.d.ts` (study/ too). */
  folder: string;
  /** Content key (hex, 32 characters). */
  key: string;
  /** "hit": an existing build; "built": built now. */
  cache: "hit" | "built";
  /** Number of declaration files. */
  files: number;
  /** Build time, ms (0 on a hit). */
  ms: number;
}

/**
 * Every .ts file under `<root>/lib` and the other {@link KERNEL_FOLDERS} present, relative to root
 * with forward slashes, sorted.
 */
export function libSourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(r);
    }
  };
  for (const folder of KERNEL_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return out.sort();
}

/** The project's TypeScript (which has `--noCheck`), its tsc and version. */
function compiler(root: string): { tsc: string; version: string } {
  const pkg = path.join(root, "node_modules", "typescript");
  const version = (JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as { version: string })
    .version;
  return { tsc: path.join(pkg, "bin", "tsc"), version };
}

/**
 * The declarations of `<root>/lib` (and study/) for the kernel: an existing build when their source
 * has not changed, else built now (into a temporary folder renamed into place, so kernels starting
 * in parallel never see half a build).
 * @param root the checkout (holds lib/ and node_modules/)
 * @throws `invalid root: …` when root has no lib/, no tslab or no TypeScript; `lib's declarations
 *   were not built …` with tsc's diagnostics when the build fails (a file that does not parse)
 */
export function libDeclarations(root: string, options: LibDeclarationsOptions = {}): LibDeclarations {
  if (!fs.existsSync(path.join(root, "lib", "index.ts")))
    throw invalidArgument("root", root, "a schedgame checkout (lib/index.ts)");
  for (const pkg of ["@tslab/typescript-for-tslab", "typescript"])
    if (!fs.existsSync(path.join(root, "node_modules", pkg)))
      throw invalidArgument("root", root, `a checkout with node_modules/${pkg} (npm install)`);
  const keep = options.keep ?? 4;
  if (!Number.isInteger(keep) || keep < 1) throw invalidArgument("keep", keep, "a whole number >= 1");
  return _build(root, options.dir ?? path.join(root, "data", "generated", "kernel-types"), keep);
}

function _build(root: string, dir: string, keep: number): LibDeclarations {
  const files = libSourceFiles(root);
  const { tsc, version } = compiler(root);
  const h = createHash("sha256").update(`typescript ${version}\n${TSC_FLAGS.join(" ")}\n`);
  for (const f of files)
    h.update(`${f}\n`)
      .update(fs.readFileSync(path.join(root, f)))
      .update("\n");
  const key = h.digest("hex").slice(0, 32);
  const folder = path.join(dir, key);
  const stamp = path.join(folder, "complete");
  if (fs.existsSync(stamp)) {
    const now = new Date();
    fs.utimesSync(folder, now, now);
    return { folder, key, cache: "hit", files: Number(fs.readFileSync(stamp, "utf8")) || 0, ms: 0 };
  }
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${folder}.${process.pid}.tmp`;
  fs.rmSync(tmp, { recursive: true, force: true });
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [tsc, ...TSC_FLAGS, "--outDir", tmp, ...files], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const ms = Date.now() - t0;
  if (r.status !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    const diag = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim().split("\n").slice(0, 20).join("\n");
    throw new Error(
      `lib's declarations were not built by TypeScript ${version} (exit ${r.status ?? r.signal}):\n${diag || r.error?.message}`,
    );
  }
  const count = countDeclarations(tmp);
  fs.writeFileSync(path.join(tmp, "complete"), `${count}\n`);
  try {
    fs.renameSync(tmp, folder);
  } catch {
    // another kernel finished the same build first: keep theirs
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  prune(dir, keep);
  return { folder, key, cache: "built", files: count, ms };
}

function countDeclarations(dir: string): number {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile() && e.name.endsWith(".d.ts")) n++;
  return n;
}

function prune(dir: string, keep: number): void {
  keepNewest(dir, keep, (e) => e.isDirectory() && /^[0-9a-f]{32}$/.test(e.name));
}
