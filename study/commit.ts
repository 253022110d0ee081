/**
 * Committing a finished study (data/studies/README.md): its merged table and stamp copied to
 * `data/studies/<name>.jsonl` and `<name>.stamp.json`, and, for a study whose rows name the results
 * files it wrote (the scorecard study's `file` column, data/generated/results/<source>/<notebook>.json),
 * each such file gzipped to `data/studies/<name>/<source>/<notebook>.json.gz` with its content stamp
 * (`<notebook>.study.json`) beside it — what lib/scorecard/study-kind.ts restores on a fresh clone.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { studyDir } from "./store";

/** What {@link commitStudy} wrote, relative to the root. */
export interface CommittedStudy {
  table: string;
  stamp: string;
  /** The results files committed with it (gzipped), if any. */
  files: string[];
}

/**
 * Copies study `name`'s merged table and stamp (and the results files its rows name) under
 * `data/studies/`.
 * @throws `invalid study: …` when the study has no merged table and stamp (run it first), or a
 *   row names a results file outside data/generated/results or one that does not exist
 */
export function commitStudy(name: string, root = process.cwd()): CommittedStudy {
  const dir = studyDir(name, root);
  const merged = path.join(dir, "merged.jsonl");
  const stamp = path.join(dir, "stamp.json");
  if (!fs.existsSync(merged) || !fs.existsSync(stamp))
    throw new Error(
      `invalid study: ${name}; expected ${path.relative(root, merged)} and stamp.json (run npm run study -- ${name} first)`,
    );
  const out = path.join(root, "data", "studies");
  fs.mkdirSync(out, { recursive: true });
  const table = path.join(out, `${name}.jsonl`);
  const stampOut = path.join(out, `${name}.stamp.json`);
  fs.copyFileSync(merged, table);
  fs.copyFileSync(stamp, stampOut);
  const results = path.join(root, "data", "generated", "results");
  const named = fs
    .readFileSync(merged, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => (JSON.parse(l) as { file?: unknown }).file)
    .filter((f): f is string => typeof f === "string");
  const files = [...new Set(named)].sort().map((f) => {
    const file = path.resolve(root, f);
    const rel = path.relative(results, file);
    if (rel.startsWith("..") || path.isAbsolute(rel) || !fs.existsSync(file))
      throw new Error(
        `invalid study: ${name}; its row names ${f}, expected an existing file under data/generated/results`,
      );
    const target = path.join(out, name, `${rel}.gz`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, gzipSync(fs.readFileSync(file), { level: 9 }));
    const contentStamp = file.replace(/\.json$/, ".study.json");
    if (fs.existsSync(contentStamp))
      fs.copyFileSync(contentStamp, target.replace(/\.json\.gz$/, ".study.json"));
    return path.relative(root, target);
  });
  return { table: path.relative(root, table), stamp: path.relative(root, stampOut), files };
}
