/**
 * Browser test of the HTML report: every page opened in headless Chromium, every Plotly figure
 * must have rendered its SVG, and no page may raise a script error.
 *   tsx scripts/check-report.ts [reportDir] [--screenshots <dir>]
 * Prints "report check: N passed, M failed" and exits 1 on any failure.
 */
import * as path from "node:path";
import { checkReport, formatPageCheck } from "../workbook/report-check";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const i = args.indexOf("--screenshots");
  const shots = i >= 0 ? args.splice(i, 2)[1] : undefined;
  const results = await checkReport(path.resolve(args[0] ?? "report"), shots);
  for (const r of results) console.log(formatPageCheck(r));
  const failed = results.filter((r) => !r.ok).length;
  console.log(`report check: ${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error((e as Error).message);
    process.exit(1);
  },
);
