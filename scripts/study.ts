/**
 * npm run study -- <study.json> [--workers N] [--resume]      run (or continue) a study locally
 *                   (<study.json> may be the name of a declared study: scorecard = studies/scorecard.json)
 *                   [--param NAME=<JSON>]…                     override a fixed parameter of the study
 *                   <study.json> --slurm [--chunks K] [--concurrency L] [--workers N]
 *                                                              write the sbatch job-array script; submit it when sbatch is on PATH
 *                   <study.json> --merge [--chunks K]          check every task finished and write merged.jsonl
 *                   <study.json> --chunk i/K [--resume]        run chunk i of K (what each array task runs)
 *                   <study.json> --commit                      copy the finished study's merged table, stamp and
 *                                                              results files into data/studies/ (its README)
 * Results: data/generated/studies/<name>/ (results*.jsonl as tasks finish, merged.jsonl at the end).
 * --root DIR: the project root that holds data/generated and the kinds' modules (default: this checkout).
 */
import * as path from "node:path";
import { readStudySpec, studyFile } from "../study/load";
import { runStudy } from "../study/runner";
import { mergeStudy, submitStudyArray } from "../study/slurm-array";
import { formatStudyProgress } from "../study/progress";
import { commitStudy } from "../study/commit";

const checkout = path.resolve(__dirname, "..");

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.includes(name);
  const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const num = (name: string) => {
    const v = value(name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new Error(`invalid ${name}: ${JSON.stringify(v)}; expected a whole number`);
    return Number(v);
  };
  const file = args.find(
    (a, i) =>
      !a.startsWith("--") &&
      !["--workers", "--chunks", "--concurrency", "--chunk", "--root", "--param"].includes(args[i - 1] ?? ""),
  );
  const root = path.resolve(value("--root") ?? checkout);
  if (!file) {
    console.error(
      "usage: npm run study -- <study.json or declared name> [--workers N] [--resume] [--param NAME=<JSON>]… | --slurm [--chunks K] [--concurrency L] | --merge [--chunks K] | --chunk i/K | --commit",
    );
    return 2;
  }
  const specFile = studyFile(file, root);
  const spec = readStudySpec(specFile);
  args.forEach((a, i) => {
    if (args[i - 1] !== "--param") return;
    const m = /^([A-Za-z_][\w]*)=(.*)$/s.exec(a);
    if (!m) throw new Error(`invalid --param: ${JSON.stringify(a)}; expected NAME=<JSON value>`);
    let v: unknown;
    try {
      v = JSON.parse(m[2]);
    } catch {
      throw new Error(`invalid --param ${m[1]}: ${m[2]}; expected a JSON value (strings in double quotes)`);
    }
    if (m[1] in spec.grid) throw new Error(`invalid --param ${m[1]}: it is an axis of the study's grid`);
    spec.params = { ...spec.params, [m[1]]: v };
  });
  if (flag("--slurm")) {
    const s = submitStudyArray(spec, specFile, root, {
      chunks: num("--chunks"),
      concurrency: num("--concurrency"),
      workers: num("--workers"),
    });
    console.log(`wrote ${path.relative(root, s.script)}`);
    console.log(
      s.jobId
        ? `submitted job array ${s.jobId}; when it has finished: npm run study -- ${file} --merge`
        : `sbatch is not on PATH; submit with: ${s.command}`,
    );
    return 0;
  }
  if (flag("--commit")) {
    const c = commitStudy(spec.name, root);
    console.log(`committed ${[c.table, c.stamp, ...c.files].join(", ")}`);
    return 0;
  }
  if (flag("--merge")) {
    const m = mergeStudy(spec, root, num("--chunks"));
    console.log(
      `merged ${m.rows.length} rows into ${path.relative(root, m.merged)}${m.torn ? ` (${m.torn} torn line(s) dropped)` : ""}`,
    );
    return 0;
  }
  const chunkArg = value("--chunk");
  let chunk: { index: number; count: number } | undefined;
  if (chunkArg !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(chunkArg);
    if (!m) throw new Error(`invalid --chunk: ${JSON.stringify(chunkArg)}; expected i/K`);
    chunk = { index: Number(m[1]), count: Number(m[2]) };
  }
  const tty = process.stdout.isTTY;
  const r = await runStudy(spec, {
    root,
    workers: num("--workers"),
    resume: flag("--resume"),
    chunk,
    onProgress: (p) =>
      tty ? process.stdout.write(`\r${formatStudyProgress(p)}`) : console.log(formatStudyProgress(p)),
  });
  if (tty) process.stdout.write("\n");
  if (r.setAside)
    console.log(`study ${spec.name}: results of other code moved to ${path.relative(root, r.setAside)}`);
  console.log(
    `study ${spec.name}: ${r.ran} task(s) run, ${r.resumed} resumed${r.torn ? `, ${r.torn} torn line(s) dropped and re-run` : ""}; ${r.rows.length} rows` +
      (r.merged
        ? ` in ${path.relative(root, r.merged)}`
        : chunk
          ? ` in chunk ${chunk.index}/${chunk.count}`
          : ""),
  );
  return 0;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error((e as Error).message);
    process.exit(1);
  },
);
