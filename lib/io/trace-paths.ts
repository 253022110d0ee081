/**
 * Where Parallel Workloads Archive traces are found. Traces are never committed: users download
 * them (`npm run traces:download`) into the git-ignored `data/traces/`; tests and CI read the
 * shared copy beside the project (`../shared/traces/`). `SCHEDGAME_TRACES` overrides both.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { projectPaths, projectRoot } from "../util/project-paths";

/** The folders searched for trace files, in order. */
export function traceDirectories(root = projectRoot()): string[] {
  return projectPaths(root).traces;
}

/**
 * The path of a trace file: `name` itself when it is the path of a `.swf`/`.swf.gz` file (relative to
 * `root` or absolute), else the first searched folder's file of that name, with or without
 * `.swf.gz` (e.g. "SDSC-SP2-1998-4.2-cln" or "synthetic/lublin_256"); `undefined` when none has it.
 */
export function findTrace(name: string, root = projectRoot()): string | undefined {
  const isFile = /\.swf(\.gz)?$/.test(name);
  if (isFile && fs.existsSync(path.resolve(root, name))) return path.resolve(root, name);
  const candidates = isFile ? [name] : [`${name}.swf.gz`, `${name}.swf`];
  for (const dir of traceDirectories(root)) {
    for (const c of candidates) {
      const p = path.join(dir, c);
      if (fs.existsSync(p)) return p;
    }
  }
  return undefined;
}

/**
 * The first searched folder that holds trace files, and its traces (`synthetic/` included) as
 * names without `.swf`/`.swf.gz`, sorted; `undefined` when no folder holds any.
 */
export function listTraces(root = projectRoot()): { dir: string; names: string[] } | undefined {
  for (const dir of traceDirectories(root)) {
    if (!fs.existsSync(dir)) continue;
    const sub = path.join(dir, "synthetic");
    const files = [
      ...fs.readdirSync(dir),
      ...(fs.existsSync(sub) ? fs.readdirSync(sub).map((f) => `synthetic/${f}`) : []),
    ];
    const names = files.filter((f) => /\.swf(\.gz)?$/.test(f)).map((f) => f.replace(/\.swf(\.gz)?$/, ""));
    if (names.length) return { dir, names: [...new Set(names)].sort() };
  }
  return undefined;
}

/** Like {@link findTrace} but throws a message saying where it looked and how to download. */
export function requireTrace(name: string, root = projectRoot()): string {
  const p = findTrace(name, root);
  if (!p) {
    throw new Error(
      `invalid trace: ${JSON.stringify(name)}; not found in ${traceDirectories(root).join(", ")}. ` +
        `Run 'npm run traces:download' (needs internet) or set SCHEDGAME_TRACES.`,
    );
  }
  return p;
}
