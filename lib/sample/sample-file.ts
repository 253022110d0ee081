/**
 * The thesis's sample text format (Section 6.1): one job per line with job_name, type, nnodes,
 * qtime, rtime — plus minutes (planned time), which the mechanisms need for the inexperienced
 * bid. Tab-separated with a header line; `# key: value` lines before it carry the sample's name,
 * seed and source. Read back into {@link Sample}s (fields the format does not hold get defaults).
 */
import type { JobRecord } from "../io/job-record";
import type { Sample } from "./draw";
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidField } from "../util/errors";

/** Column order of the sample file. */
export const SAMPLE_COLUMNS = ["job_name", "type", "nnodes", "minutes", "qtime", "rtime"] as const;

function clean(s: string): string {
  return s.replace(/[\t\r\n]/g, " ");
}

/** Writes a sample in the text format. */
export function formatSampleFile(sample: Sample): string {
  const lines = [
    `# name: ${clean(sample.name)}`,
    `# seed: ${typeof sample.seed === "number" ? sample.seed : JSON.stringify(sample.seed)}`,
    `# source: ${clean(sample.source)}`,
    SAMPLE_COLUMNS.join("\t"),
  ];
  for (const j of sample.jobs)
    lines.push([clean(j.id), clean(j.type), j.nnodes, j.minutes, j.qtime, j.rtime].join("\t"));
  return lines.join("\n") + "\n";
}

/** Options of {@link parseSampleFile}. */
export interface ParseSampleOptions {
  /** Cores per node, to fill `nprocs` = nnodes·coresPerNode. Defaults to 48. */
  coresPerNode?: number;
}

/**
 * Reads a sample file.
 * @param file name used in error messages
 * @throws `<file>:<line>: invalid nnodes: "x"; expected a positive integer` and similar
 */
export function parseSampleFile(text: string, file = "<sample>", options: ParseSampleOptions = {}): Sample {
  const cpn = options.coresPerNode ?? 48;
  const meta: Record<string, string> = {};
  const jobs: JobRecord[] = [];
  let header = false;
  const lines = text.split("\n");
  lines.forEach((raw, k) => {
    const line = raw.replace(/\r$/, "");
    const ln = k + 1;
    if (line.trim() === "") return;
    if (!header && line.startsWith("#")) {
      const m = /^#\s*(\w+):\s?(.*)$/.exec(line);
      if (m) meta[m[1]] = m[2];
      return;
    }
    const cells = line.split("\t");
    if (!header) {
      if (cells.join("\t") !== SAMPLE_COLUMNS.join("\t"))
        throw invalidField(file, ln, "header", line, SAMPLE_COLUMNS.join("<TAB>"));
      header = true;
      return;
    }
    if (cells.length !== SAMPLE_COLUMNS.length)
      throw invalidField(file, ln, "row", line, `${SAMPLE_COLUMNS.length} tab-separated fields`);
    const num = (idx: number, min: number, intOnly: boolean): number => {
      const s = cells[idx];
      const v = Number(s);
      if (s.trim() === "" || !Number.isFinite(v) || v < min || (intOnly && !Number.isInteger(v))) {
        throw invalidField(
          file,
          ln,
          SAMPLE_COLUMNS[idx],
          s,
          intOnly ? `an integer >= ${min}` : `a number >= ${min}`,
        );
      }
      return v;
    };
    if (cells[0] === "") throw invalidField(file, ln, "job_name", cells[0], "a non-empty name");
    const nnodes = num(2, 1, true);
    jobs.push({
      id: cells[0],
      type: cells[1],
      submit: 0,
      nprocs: nnodes * cpn,
      nnodes,
      minutes: num(3, 0, true),
      qtime: num(4, 0, false),
      rtime: num(5, 0, false),
      user: "",
      account: "",
      qos: "",
      partition: "",
    });
  });
  if (!header) throw invalidField(file, lines.length, "header", "(missing)", SAMPLE_COLUMNS.join("<TAB>"));
  let seed: number | string = meta.seed ?? "";
  if (/^-?\d+$/.test(String(seed))) seed = Number(seed);
  else if (String(seed).startsWith('"')) seed = JSON.parse(String(seed));
  return { name: meta.name ?? file, seed, source: meta.source ?? "", jobs };
}

/** Writes each sample to `<dir>/<sample.name>` (creating `dir`); returns the paths written. */
export function writeSampleFiles(samples: readonly Sample[], dir: string): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return samples.map((s) => {
    const file = path.join(dir, path.basename(s.name));
    fs.writeFileSync(file, formatSampleFile(s));
    return file;
  });
}

/** Reads sample files back (in the given order). */
export function readSampleFiles(files: readonly string[], options: ParseSampleOptions = {}): Sample[] {
  return files.map((f) => parseSampleFile(fs.readFileSync(f, "utf8"), f, options));
}
