/**
 * Compares two executed reports cell by cell, ignoring execution times and output paths, and two
 * folders of results files byte for byte: the check that a refactor left every output unchanged.
 *   npx tsx scripts/compare-runs.ts <notebooksA> <notebooksB> [<resultsA> <resultsB>]
 * Prints one line per notebook or file that differs (with the differing cells by id) and
 * exits 1 when any differs.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const TIME_KEYS = new Set([
  "start_time",
  "end_time",
  "duration",
  "shell.execute_reply.started",
  "shell.execute_reply",
  "iopub.execute_input",
  "iopub.status.busy",
  "iopub.status.idle",
  "output_path",
]);

/** The executed notebook's metadata and cells by cell id (else position), without execution times. */
function cellsWithoutTimes(file: string): Map<string, string> {
  const nb = JSON.parse(fs.readFileSync(file, "utf8")) as { cells: { id?: string }[]; metadata: unknown };
  const strip = (x: unknown) => JSON.stringify(x, (k, v) => (TIME_KEYS.has(k) ? undefined : v));
  const cells = new Map<string, string>([["metadata", strip(nb.metadata)]]);
  nb.cells.forEach((c, i) => cells.set(c.id ?? `#${i + 1}`, strip(c)));
  return cells;
}

function listFiles(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(ext))
    .sort();
}

function main(argv: string[]): number {
  if (argv.length !== 2 && argv.length !== 4) {
    console.error("usage: tsx scripts/compare-runs.ts <notebooksA> <notebooksB> [<resultsA> <resultsB>]");
    return 2;
  }
  const [a, b, ra, rb] = argv;
  let differ = 0;
  const names = [...new Set([...listFiles(a, ".ipynb"), ...listFiles(b, ".ipynb")])].sort();
  for (const f of names) {
    const pa = path.join(a, f),
      pb = path.join(b, f);
    if (!fs.existsSync(pa) || !fs.existsSync(pb)) {
      differ++;
      console.log(`${f}: only in ${fs.existsSync(pa) ? a : b}`);
      continue;
    }
    const x = cellsWithoutTimes(pa),
      y = cellsWithoutTimes(pb);
    const cells = [...new Set([...x.keys(), ...y.keys()])].filter((k) => x.get(k) !== y.get(k));
    if (cells.length) {
      differ++;
      console.log(`${f}: cells ${cells.join(", ")} differ`);
    }
  }
  if (ra !== undefined && rb !== undefined) {
    const files = [...new Set([...listFiles(ra, ""), ...listFiles(rb, "")])]
      .filter((f) => fs.statSync(path.join(fs.existsSync(path.join(ra, f)) ? ra : rb, f)).isFile())
      .sort();
    for (const f of files) {
      const pa = path.join(ra, f),
        pb = path.join(rb, f);
      if (!fs.existsSync(pa) || !fs.existsSync(pb)) {
        differ++;
        console.log(`${f}: only in ${fs.existsSync(pa) ? ra : rb}`);
      } else if (!fs.readFileSync(pa).equals(fs.readFileSync(pb))) {
        differ++;
        console.log(`${f}: bytes differ`);
      }
    }
    console.log(`${files.length} results files compared`);
  }
  console.log(`${names.length} notebooks compared; ${differ} differ`);
  return differ ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
