/** The real-machines study per machine (lib/machines/machine-rows.ts) as display rows (W, eligibility, samples, mean PoA with its 95% CI), and where notebook 15's rows come from. */
import { ciText, localeNumber } from "../display/format";
import { studyRefreshText } from "../display/study-files";
import * as fs from "node:fs";
import { parseJsonLines } from "../../lib/io/json-lines";
import { meanInterval } from "../../lib/util/interval";
import type { RealMachineRow, SourceEligibility } from "../../lib/machines/real-machines";
import type { RealMachinesInput } from "../../lib/machines/machine-rows";

/** One line per machine: the machine. */
export interface MachineLine {
  source: string;
  /** Machine nodes W (empty when unknown: the sources study writes -1 or NaN). */
  W: string;
  /** Whether its cleaned log can feed the pipeline, and why not. */
  eligible: string;
  "ordinary samples": string;
  "special samples": string;
  /** Mean PoA over the ordinary samples with its 95% interval: this study's PoA (Table 5's knobs, its own samples), not notebook 10's Table 29 estimate. */
  "PoA, this study's samples (95% CI)": string;
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
  return sources.map((source) => {
    const mine = rows.filter((r) => r.source === source);
    const ordinary = mine.filter((r) => !r.special);
    const e = eligibility.find((x) => x.source === source);
    const W = mine[0]?.W ?? e?.W;
    return {
      source,
      W: W !== undefined && W >= 1 ? localeNumber(W) : "",
      eligible: e ? (e.eligible ? "yes" : `no: ${shortReason(e)}`) : "",
      "ordinary samples": localeNumber(ordinary.length),
      "special samples": localeNumber(mine.filter((r) => r.special).length),
      "PoA, this study's samples (95% CI)": ordinary.length
        ? ciText(meanInterval(ordinary.map((r) => r.PoA)), 2)
        : "",
    };
  });
}

/** The first clause of why a source cannot feed the pipeline (the sources file holds the whole reason). */
function shortReason(e: SourceEligibility): string {
  return e.reason.replace(`invalid source ${e.source}: `, "").split("; ")[0];
}

const hereText = (i: RealMachinesInput) =>
  `${i.here.sources} sources × ${i.here.seeds} seeds × ${i.here.samples} ordinary samples`;

/** Where the rows come from, a few words for the findings (markdown). */
export function realMachinesOrigin(i: RealMachinesInput): string {
  if (i.origin === "file") return `\`${i.file}\``;
  if (i.origin === "here") return `a study run here (${hereText(i)}, \`SMALL_SAMPLES = ${i.here.samples}\`)`;
  return `a small study run here (${hereText(i)}; no results file)`;
}

/** A sentence (markdown) saying where the rows come from and how to change or refresh them. */
export function realMachinesNote(i: RealMachinesInput): string {
  const file = i.file || "data/studies/real-machines.jsonl";
  const refresh = `refresh it with ${studyRefreshText("studies/real-machines.json", file)}`;
  if (i.origin === "file")
    return (
      `The rows are **read from \`${i.file}\`** (${i.read.machines} machines, ${i.read.tasks} source × seed tasks, ` +
      `${localeNumber(i.read.ordinary)} ordinary samples: the study \`studies/real-machines.json\`). ` +
      "`SMALL_SAMPLES = 0` reads it; set `SMALL_SAMPLES` to n to run the pipeline here instead on " +
      `\`SMALL_SOURCES\` × \`SMALL_SEEDS\` with n samples per seed, or ${refresh}.`
    );
  if (i.origin === "here")
    return (
      `The rows are **computed here** on ${hereText(i)} per seed (\`SMALL_SAMPLES = ${i.here.samples}\`); ` +
      `\`SMALL_SAMPLES = 0\` reads the full study's \`${i.file}\` instead.`
    );
  return (
    `**No results file** \`${i.file}\`: the rows are computed here on ${hereText(i)} per seed; to make the file, ` +
    `${refresh.replace(/^refresh it/, "run the full study")}.`
  );
}
