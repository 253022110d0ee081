/**
 * The published numbers of seed 004 (Section 5.2), kept in `data/reference/auctions/bye-results.csv`:
 * `metric,FS,PS,GV`, one row per statistic, `#` comment lines, blank cells where the seed gives no value.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";

/** The project-relative path of the seed's published results. */
export const BYE_RESULTS_PATH = "data/reference/auctions/bye-results.csv";

/** One published statistic per mechanism (NaN where the seed gives none). */
export interface ReferenceStatistic {
  metric: string;
  fs: number;
  ps: number;
  gv: number;
}

/**
 * Parses the seed's results table.
 * @param text the CSV text
 * @param file its name, for error messages
 * @throws `<file>:<line>: invalid <field>: …` for a missing column, a wrong field count or a non-number
 * @example parseByeResults("metric,FS,PS,GV\nincomplete_frames_mean,4.90,3.85,6.38\n")
 */
export function parseByeResults(text: string, file = "<bye-results>"): ReferenceStatistic[] {
  let header: string[] | undefined;
  const out: ReferenceStatistic[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const fields = line.split(",").map((f) => f.trim());
    if (!header) {
      header = fields;
      for (const c of ["metric", "FS", "PS", "GV"]) if (!header.includes(c)) throw invalidField(file, i + 1, "header", line, "columns metric,FS,PS,GV");
      return;
    }
    if (fields.length !== header.length) throw invalidField(file, i + 1, "row", line, `${header.length} comma-separated fields`);
    const get = (col: string): number => {
      const s = fields[(header as string[]).indexOf(col)];
      if (s === "") return NaN;
      const v = Number(s);
      if (!Number.isFinite(v)) throw invalidField(file, i + 1, col, s, "a number or an empty cell");
      return v;
    };
    out.push({ metric: fields[header.indexOf("metric")], fs: get("FS"), ps: get("PS"), gv: get("GV") });
  });
  if (!header) throw invalidField(file, 1, "header", "", "a header line metric,FS,PS,GV");
  return out;
}

/** Reads the seed's results (relative to the project root, the kernel's working directory). */
export function readByeResults(file = BYE_RESULTS_PATH, root = process.cwd()): ReferenceStatistic[] {
  return parseByeResults(fs.readFileSync(path.resolve(root, file), "utf8"), file);
}
