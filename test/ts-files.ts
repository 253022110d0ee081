import * as fs from "node:fs";
import * as path from "node:path";

/** Every .ts file under `dir`, as absolute paths, depth first in directory order (the source checks' file list). */
export function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}
