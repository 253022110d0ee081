/**
 * Where Parallel Workloads Archive traces are found. Traces are never committed: users download
 * them (`npm run traces:download`) into the git-ignored `data/traces/`; tests and CI read the
 * shared copy beside the project (`../shared/traces/`). `SCHEDGAME_TRACES` overrides both.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The folders searched for trace files, in order. */
export function traceDirectories(root = process.cwd()): string[] {
  const dirs = [path.join(root, "data", "traces"), path.resolve(root, "..", "shared", "traces")];
  const env = process.env.SCHEDGAME_TRACES;
  return env ? [path.resolve(root, env), ...dirs] : dirs;
}

/**
 * The path of a trace file, given its name with or without `.swf.gz` (e.g. "SDSC-SP2-1998-4.2-cln"
 * or "synthetic/lublin_256"), or `undefined` when no searched folder has it.
 */
export function findTrace(name: string, root = process.cwd()): string | undefined {
  const candidates = /\.swf(\.gz)?$/.test(name) ? [name] : [`${name}.swf.gz`, `${name}.swf`];
  for (const dir of traceDirectories(root)) {
    for (const c of candidates) {
      const p = path.join(dir, c);
      if (fs.existsSync(p)) return p;
    }
  }
  return undefined;
}

/** Like {@link findTrace} but throws a message saying where it looked and how to download. */
export function requireTrace(name: string, root = process.cwd()): string {
  const p = findTrace(name, root);
  if (!p) {
    throw new Error(
      `invalid trace: ${JSON.stringify(name)}; not found in ${traceDirectories(root).join(", ")}. ` +
        `Run 'npm run traces:download' (needs internet) or set SCHEDGAME_TRACES.`,
    );
  }
  return p;
}
