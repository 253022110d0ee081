/**
 * `npm run bench [-- <area>…]`: runs every bench/<area>.bench.ts (or the named ones) and prints
 * each result against its same-run baseline.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type BenchRow, formatRow } from "./harness";

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith(".bench.ts"))
    .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, "")))
    .sort();
  for (const f of files) {
    console.log(`== ${f.replace(/\.bench\.ts$/, "")}`);
    const mod = (await import(path.join(__dirname, f))) as { run: () => Promise<BenchRow[]> };
    for (const row of await mod.run()) console.log("  " + formatRow(row));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
