/**
 * Regenerates data/studies/auction-robustness.jsonl, the robustness study of notebook 14: for every
 * seed, every GA budget (GA_BUDGETS) and both GV bid-vector families, evolve the strategies and run
 * FS/PS/GV in the environment notebook 14 calibrates with its default parameters. Resumable: tasks
 * whose rows are already in the file are skipped; rows are appended task by task and the file is
 * rewritten sorted (seed, budget, family, mechanism) at the end, so the output is the same however
 * often it was interrupted.
 *   npx tsx scripts/auction-robustness.ts [--seeds 1-10] [--out data/studies/auction-robustness.jsonl]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { BID_VECTOR_FAMILIES, GA_BUDGETS, STANDARD_ENVIRONMENT, auctionSweepTask, auctionSweepTasks, calibrateFrameWork, parseAuctionSweepRows, type AuctionSweepRow } from "../lib/index";

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const [a, b] = opt("--seeds", "1-10").split("-").map(Number);
const out = path.resolve(opt("--out", "data/studies/auction-robustness.jsonl"));
const seeds = Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);

async function main(): Promise<void> {
  // The calibration of notebook 14's defaults (SEED = 1, log-normal cv 0.5, FS completes 25.7 %).
  const cal = calibrateFrameWork({ ...STANDARD_ENVIRONMENT, frameWork: { kind: "lognormal", mean: 6.6, cv: 0.5 } }, { targetCompletePct: 25.7, runs: 200, steps: 10, seed: "1/calibration", bracket: [0.2, 5] });
  const environment = { ...STANDARD_ENVIRONMENT, frameWork: cal.frameWork };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const done = new Set(fs.existsSync(out) ? parseAuctionSweepRows(fs.readFileSync(out, "utf8"), out).map((r) => `${r.seed}|${r.budget}`) : []);
  for (const t of auctionSweepTasks(seeds, GA_BUDGETS)) {
    if (done.has(`${t.seed}|${t.budget.name}`)) continue;
    const t0 = Date.now();
    const rows = await auctionSweepTask(t, { environment, runs: 300 });
    fs.appendFileSync(out, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
    console.log(`seed ${t.seed}, ${t.budget.name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const budgets = GA_BUDGETS.map((g) => g.name);
  const order = (r: AuctionSweepRow) => [r.seed, budgets.indexOf(r.budget), BID_VECTOR_FAMILIES.indexOf(r.family), ["fs", "ps", "gv"].indexOf(r.mechanism)];
  const byOrder = (x: AuctionSweepRow, y: AuctionSweepRow) => {
    const ox = order(x), oy = order(y);
    for (let i = 0; i < ox.length; i++) if (ox[i] !== oy[i]) return ox[i] - oy[i];
    return 0;
  };
  const rows = parseAuctionSweepRows(fs.readFileSync(out, "utf8"), out).sort(byOrder);
  fs.writeFileSync(out, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  console.log(`${rows.length} rows in ${out}`);
}
main().catch((e) => { console.error(e); process.exit(1); });
