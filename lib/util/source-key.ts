/**
 * Content keys for caches of generated data: the SHA-256 of a lib module's source together with
 * every lib module it imports, directly or not (relative imports, followed to their `.ts` files),
 * plus whatever else the caller names (seed, options, input data). A change to any of those files
 * or inputs gives a new key, so a cache keyed this way never serves stale output.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "./errors";
import { projectRoot } from "./project-paths";

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/g;

function resolveModule(fromFile: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const f of [base, `${base}.ts`, path.join(base, "index.ts")]) {
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return undefined;
}

/**
 * The files a module depends on: itself and, transitively, every relative import that resolves to
 * a file (package imports such as `arquero` are not followed; their version is in the lock file).
 * @param entry path of the module (e.g. lib/twin/twin.ts)
 * @returns absolute paths, sorted
 * @throws `invalid entry: …` when the file does not exist
 */
export function sourceClosure(entry: string): string[] {
  const start = path.resolve(entry);
  if (!fs.existsSync(start)) throw invalidArgument("entry", entry, "an existing source file");
  const seen = new Set<string>([start]);
  const todo = [start];
  while (todo.length) {
    const file = todo.pop()!;
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT)) {
      const dep = resolveModule(file, m[1]);
      if (dep && !seen.has(dep)) {
        seen.add(dep);
        todo.push(dep);
      }
    }
  }
  return [...seen].sort();
}

/**
 * A hex SHA-256 over the contents of `entry`'s {@link sourceClosure} (named relative to `root`) and
 * the JSON of `inputs`.
 * @param entry the generator's module
 * @param inputs anything else the output depends on (seed, options, input data); must be JSON-serialisable
 * @param root folder the file names are taken relative to (so the key does not depend on where the
 *   checkout lives). Defaults to the current directory.
 */
export function sourceKey(entry: string, inputs: unknown, root = projectRoot()): string {
  const h = createHash("sha256");
  for (const f of sourceClosure(entry)) {
    h.update(path.relative(root, f).split(path.sep).join("/"))
      .update("\0")
      .update(fs.readFileSync(f))
      .update("\0");
  }
  h.update(JSON.stringify(inputs) ?? "undefined");
  return h.digest("hex");
}
