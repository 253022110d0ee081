/**
 * The sample set of Section 6.1 summarised for a reader: the findings in words, one row per sample
 * (size, nodes, overshoot of FACTOR·W, planned-time mix) and the sizes judged against the thesis's
 * (Table 12's `size` column: the thesis's own draws, so compared as mean and interval, never row by
 * row), with the verdict rule of lib/scorecard.
 */
import * as path from "node:path";
import type { JobRecord } from "../../lib/io/job-record";
import { readThesisTable } from "../../lib/io/thesis-tables";
import { readThesisSection4 } from "../../lib/io/thesis-section4";
import { scoreRow } from "../../lib/scorecard/row";
import { fmt, wholeNumber } from "../display/format";
import { invalidArgument } from "../../lib/util/errors";
import { finiteNumber, integer } from "../../lib/util/options";
import type { Sample } from "../../lib/sample/draw";
import { summariseJobs } from "../../lib/sample/summary";

/** Options of {@link sampleSetSummary}. */
export interface SampleSetSummaryOptions {
  /** Machine nodes W. Defaults to 3456. */
  capacity?: number;
  /** Demand factor. Defaults to 2. */
  factor?: number;
  /** The last sample is the special one (no 40-minute jobs). Defaults to true. */
  special?: boolean;
  /** Compare the sizes with the thesis's Table 12 (false for another machine's log). Defaults to true. */
  thesis?: boolean;
  /** Project root (data/reference). Defaults to the working directory. */
  root?: string;
}

const thesisDir = (root = process.cwd()) => path.join(root, "data", "reference", "thesis");

/**
 * Findings, per-sample rows and the sizes against the thesis's, for a source's job list and its samples.
 * @throws `invalid samples: …` when there are none
 */
export function sampleSetSummary(
  source: { name: string; jobs: readonly JobRecord[] },
  samples: readonly Sample[],
  options: SampleSetSummaryOptions = {},
): {
  findings: string;
  samples: Record<string, string | number>[];
  thesis: Record<string, string | number>[];
} {
  if (!samples.length) throw invalidArgument("samples", "[]", "at least one sample");
  const capacity = integer(options.capacity ?? 3456, "capacity", 1);
  const target = finiteNumber(options.factor ?? 2, "factor", Number.MIN_VALUE) * capacity;
  const special = options.special ?? true;
  const ordinary = special ? samples.slice(0, -1) : samples.slice();
  const summary = (name: string, jobs: readonly JobRecord[], over: boolean) => {
    const s = summariseJobs(name, jobs);
    return {
      sample: name,
      jobs: s.jobs,
      nodes: s.nodes,
      [`over ${wholeNumber(target)} nodes by`]: over ? s.nodes - target : "—",
      "median nodes": s.medianNodes,
      "40-minute jobs (%)": Number((100 * s.share40min).toFixed(1)),
      "most common planned minutes": s.modalMinutes,
    };
  };
  const rows = [
    summary(source.name, source.jobs, false),
    ...samples.map((s) => summary(s.name, s.jobs, true)),
  ];
  const sizes = ordinary.map((s) => s.jobs.length);
  const thesisRows: Record<string, string | number>[] = [];
  if (options.thesis ?? true) {
    const t12 = readThesisTable(12, options.root).rows;
    const isSpecial = (name: unknown) => name === "sample_20.txt";
    const judged = [
      scoreRow(
        "Table 12",
        "jobs per ordinary sample",
        t12.filter((r) => !isSpecial(r.sample)).map((r) => Number(r.size)),
        sizes,
      ),
      ...(special
        ? [
            scoreRow(
              "Table 12",
              "jobs in the special sample",
              t12.filter((r) => isSpecial(r.sample)).map((r) => Number(r.size)),
              [samples[samples.length - 1].jobs.length],
            ),
          ]
        : []),
    ];
    for (const r of judged)
      thesisRows.push({
        quantity: r.quantity,
        thesis: r.thesis,
        "thesis 95% CI": `[${fmt(r.thesisLow)}, ${fmt(r.thesisHigh)}]`,
        "thesis n": r.thesisN,
        ours: r.ours,
        "ours 95% CI": r.oursN > 1 ? `[${fmt(r.oursLow)}, ${fmt(r.oursHigh)}]` : "—",
        "ours n": r.oursN,
        verdict: r.verdict,
      });
  }
  const minimum = Math.min(...samples.map((s) => s.jobs.reduce((a, j) => a + j.nnodes, 0)));
  const lastJobBound = samples.every((s) => {
    const nodes = s.jobs.reduce((a, j) => a + j.nnodes, 0);
    return s.jobs.length === 0 || nodes - s.jobs[s.jobs.length - 1].nnodes < target;
  });
  const share40 = ordinary.map((s) => summariseJobs(s.name, s.jobs).share40min);
  const note = /nnodes sum to (\d+)/.exec(
    readThesisSection4(thesisDir(options.root)).pipeline.find((p) => /^final/.test(p.step))?.note ?? "",
  );
  const lines = [
    "**Findings**",
    "",
    `- **Source:** ${wholeNumber(source.jobs.length)} cleaned jobs holding ${wholeNumber(Number(rows[0].nodes))} nodes` +
      (note && (options.thesis ?? true) ? ` (the thesis's: ${wholeNumber(Number(note[1]))} nodes).` : "."),
    `- **Sizes:** ${ordinary.length} ordinary samples of ${wholeNumber(Math.min(...sizes))}–${wholeNumber(Math.max(...sizes))} jobs` +
      (thesisRows.length
        ? ` (mean ${thesisRows[0].ours}; the thesis's ${thesisRows[0].thesis}, ${thesisRows[0]["thesis 95% CI"]}: ${thesisRows[0].verdict})`
        : "") +
      `; the smallest holds ${wholeNumber(minimum)} nodes, at least FACTOR·W = ${wholeNumber(target)}` +
      (lastJobBound
        ? ", and drops below it without its last job (the rule: draw until FACTOR·W is reached)."
        : "."),
    `- **Planned times:** 40-minute jobs are ${(100 * Math.min(...share40)).toFixed(1)}–${(100 * Math.max(...share40)).toFixed(1)} % ` +
      `of an ordinary sample (the source: ${rows[0]["40-minute jobs (%)"]} %)` +
      (special
        ? `; the special sample has ${wholeNumber(samples[samples.length - 1].jobs.length)} jobs, ` +
          `${wholeNumber(samples[samples.length - 1].jobs.filter((j) => j.minutes === 40).length)} of them of 40 minutes.`
        : "."),
  ];
  return { findings: lines.join("\n"), samples: rows, thesis: thesisRows };
}
