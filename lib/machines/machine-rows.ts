/**
 * The real-machines study's rows as notebook 15 reads them: checked field by field (from the
 * merged results file or from a study run here), and summarised one line per machine beside the
 * sources study's verdict on whether the machine can feed the pipeline at all.
 */
import * as fs from "node:fs";
import { parseJsonLines } from "../io/json-lines";
import { invalidField } from "../util/errors";
import { meanInterval } from "../util/interval";
import { ciText } from "../util/stats";
import type { RealMachineRow, SourceEligibility } from "./real-machines";

function checkRow(row: Record<string, unknown>, where: string, line: number): RealMachineRow {
  const { source, special } = row;
  if (typeof source !== "string" || source === "")
    throw invalidField(where, line, "source", source, "a source name");
  if (typeof special !== "boolean") throw invalidField(where, line, "special", special, "true or false");
  const num = (field: string): number => {
    const v = row[field];
    if (v === null) return NaN; // JSON writes NaN (a feature of an empty sample) as null
    if (typeof v !== "number") throw invalidField(where, line, field, v, "a number");
    return v;
  };
  return {
    source,
    seed: num("seed"),
    sample: num("sample"),
    special,
    W: num("W"),
    n: num("n"),
    beta: num("beta"),
    TV_1A: num("TV_1A"),
    TV_1B: num("TV_1B"),
    TP_1A: num("TP_1A"),
    lambda: num("lambda"),
    PM_2B: num("PM_2B"),
    PM_3B: num("PM_3B"),
    TV_sim: num("TV_sim"),
    PoA: num("PoA"),
    plannedMedianNodeWeighted: num("plannedMedianNodeWeighted"),
    meanWidth: num("meanWidth"),
    plannedOverReal: num("plannedOverReal"),
  };
}

/**
 * The real-machines rows, each checked: from a JSON-lines file (the study's merged results; `""` or
 * a file that does not exist gives no rows), or from rows a study run returned.
 * @throws `<file>:<line>: invalid <field>: …; expected …` for a row without a field's type
 */
export function realMachineRows(input: string | readonly Record<string, unknown>[]): RealMachineRow[] {
  if (typeof input === "string") {
    if (input === "" || !fs.existsSync(input)) return [];
    const raw = parseJsonLines(fs.readFileSync(input, "utf8"), input);
    return raw.map((r, i) => checkRow(r, input, i + 1));
  }
  if (!Array.isArray(input)) throw new Error(`invalid input: ${String(input)}; expected a file name or rows`);
  return input.map((r, i) => checkRow(r, "rows", i + 1));
}

/** One line per machine: the machine. */
export interface MachineLine {
  source: string;
  /** Machine nodes W (empty when unknown: the sources study writes -1 or NaN). */
  W: string;
  /** Whether its cleaned log can feed the pipeline, and why not. */
  eligible: string;
  "ordinary samples": string;
  "special samples": string;
  /** Mean PoA over the ordinary samples with its 95% interval. */
  "PoA (95% CI)": string;
}

/** The first clause of why a source cannot feed the pipeline (the sources file holds the whole reason). */
function shortReason(e: SourceEligibility): string {
  return e.reason.replace(`invalid source ${e.source}: `, "").split("; ")[0];
}

/**
 * The machines: every source of the sources study (`eligibility`, read from its JSON-lines file;
 * `""` or a missing file: none) and of `rows`, with W, eligibility, samples and the mean PoA.
 */
export function machinesTable(rows: readonly RealMachineRow[], eligibilityFile = ""): MachineLine[] {
  const eligibility =
    eligibilityFile !== "" && fs.existsSync(eligibilityFile)
      ? parseJsonLines<SourceEligibility>(fs.readFileSync(eligibilityFile, "utf8"), eligibilityFile)
      : [];
  const sources = [...new Set([...eligibility.map((e) => e.source), ...rows.map((r) => r.source)])];
  const count = (xs: readonly unknown[]) => xs.length.toLocaleString("en-US");
  return sources.map((source) => {
    const mine = rows.filter((r) => r.source === source);
    const ordinary = mine.filter((r) => !r.special);
    const e = eligibility.find((x) => x.source === source);
    const W = mine[0]?.W ?? e?.W;
    return {
      source,
      W: W !== undefined && W >= 1 ? W.toLocaleString("en-US") : "",
      eligible: e ? (e.eligible ? "yes" : `no: ${shortReason(e)}`) : "",
      "ordinary samples": count(ordinary),
      "special samples": count(mine.filter((r) => r.special)),
      "PoA (95% CI)": ordinary.length ? ciText(meanInterval(ordinary.map((r) => r.PoA)), 2) : "",
    };
  });
}
