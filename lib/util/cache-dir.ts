/**
 * The two file moves every content-addressed cache in data/generated/ makes (twin, cleaned source,
 * parsed trace, PNG, lib declarations): write an entry whole or not at all, and keep only the most
 * recently used entries.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/**
 * Writes `data` to `file` through a temporary file renamed into place, so a parallel process never
 * reads half an entry. Creates the folder.
 */
export function writeWhole(file: string, data: string | NodeJS.ArrayBufferView): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

/**
 * Removes all but the `keep` most recently modified entries of `dir` that `isEntry` accepts (files
 * or folders). An entry removed meanwhile by another process is skipped.
 */
export function keepNewest(dir: string, keep: number, isEntry: (entry: fs.Dirent) => boolean): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter(isEntry).flatMap((e) => {
    const f = path.join(dir, e.name);
    try {
      return [{ f, t: fs.statSync(f).mtimeMs }];
    } catch {
      return [];
    }
  });
  entries.sort((a, b) => b.t - a.t);
  for (const { f } of entries.slice(keep)) fs.rmSync(f, { recursive: true, force: true });
}
