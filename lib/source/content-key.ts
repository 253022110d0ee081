/**
 * What a source's jobs depend on besides the code that reads them, as a key: a generated source
 * (the twin) is its kind, version and seed — the generator's code is the caller's to key — and a
 * file or folder is the SHA-256 of its bytes (every file under a folder, by relative name). So a
 * stored result can be checked without generating or cleaning the jobs again.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "../util/errors";
import type { SourceSpec } from "./source";

/**
 * The content key of `spec`: `generated:<kind>:<version>:<seed>` for the twin, `sha256:<hex>` of
 * the file or folder it names.
 * @throws `invalid source: …` for a source with neither (the live export, read anew each time)
 */
export function sourceContentKey(spec: SourceSpec): string {
  if (spec.twin) return `generated:${spec.kind}:${spec.twin.version}:${String(spec.twin.seed)}`;
  if (!spec.path || !fs.existsSync(spec.path))
    throw invalidArgument("source", spec.text, "a generated source or an existing file or folder to key");
  const h = createHash("sha256");
  for (const f of filesOf(spec.path))
    h.update(path.relative(spec.path, f).split(path.sep).join("/"))
      .update("\0")
      .update(fs.readFileSync(f))
      .update("\0");
  return `sha256:${h.digest("hex")}`;
}

function filesOf(p: string): string[] {
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) => filesOf(path.join(p, e.name)));
}
