/**
 * The headline findings of the data notebooks (03: experiments, 04: jobs) as markdown, computed on
 * a cleaned source: the pipeline's counts against the thesis's and the shape of what is left, with
 * sizes. On the twin the counts match by construction (the twin is built from them); on any other
 * source the thesis's counts are BSC's, shown for reference.
 */
import { percent, wholeNumber } from "../display/format";
import type { ColumnTable } from "arquero";
import type { SourceCleaning } from "../../lib/clean/clean-source";
import type { ThesisSection4 } from "../../lib/io/thesis-section4";
import { pipelineComparison } from "./tables";
import { categoryCounts } from "../../lib/clean/summary";
import { keyword } from "../../lib/util/options";

/** The number of rows of `t` whose `column` lies in [lo, hi). */
function inRange(t: ColumnTable, column: string, lo: number, hi: number): number {
  const v = t.array(column) as ArrayLike<number>;
  let n = 0;
  for (let i = 0; i < v.length; i++) if (v[i] >= lo && v[i] < hi) n++;
  return n;
}

function countsLine(cleaning: SourceCleaning, ref: ThesisSection4, stage: "experiments" | "jobs"): string {
  const rows = pipelineComparison(
    cleaning.log.filter((r) => r.stage === stage),
    ref,
  ).filter((r) => typeof r.match === "boolean" && Number.isFinite(r.thesis));
  const equal = rows.filter((r) => r.match === true).length;
  const chain = rows
    .filter((r) => r.compared === "rows out")
    .map((r) => `${wholeNumber(Number(r["rows out"]), "—")} (thesis ${wholeNumber(Number(r.thesis), "—")})`)
    .join(" → ");
  const final = ref.pipeline.find((p) => p.stage === stage && /^final/.test(p.step));
  const left = cleaning.log.filter((r) => r.stage === stage).at(-1)?.rowsOut ?? 0;
  const finalText = final
    ? ` → final ${wholeNumber(left, "—")} (thesis ${wholeNumber(final.count, "—")})`
    : "";
  const how =
    cleaning.source.spec.kind === "twin"
      ? "equal by construction: the twin is generated from these counts"
      : "the thesis's counts are BSC's data, shown for reference";
  return `- **Cleaning counts:** ${equal} of ${rows.length} published counts equal ours (${how}); rows left: ${chain || "none published for this source"}${finalText}.`;
}

/**
 * The findings of notebook 03 (`stage = "experiments"`) or 04 (`"jobs"`) as markdown bullets: the
 * pipeline's counts beside the thesis's, then the shape of the cleaned set with sizes (03: models
 * and platforms of the 1,265; 04: the tallest bars of Figures 12–15 and the 40-minute jobs).
 * @throws `invalid stage: …` for another stage
 */
export function cleaningFindings(
  cleaning: SourceCleaning,
  ref: ThesisSection4,
  stage: "experiments" | "jobs",
): string {
  keyword(stage, "stage", ["experiments", "jobs"]);
  const lines = [`**Findings** on ${cleaning.source.description}`, ""];
  if (stage === "experiments") {
    const fig2 = cleaning.experiments?.figure2;
    if (!fig2)
      return [
        ...lines,
        "- This source has no Experiment File: nothing to filter (notebook 04 cleans its jobs).",
      ].join("\n");
    lines.push(countsLine(cleaning, ref, stage));
    const models = categoryCounts(fig2, "model", 3);
    const hpc = categoryCounts(fig2, "hpc", 2);
    lines.push(
      `- **Models:** of the ${wholeNumber(fig2.numRows(), "—")} experiments that pass the five filters, ` +
        models
          .filter((m) => m.value !== "(Other)")
          .map(
            (m) =>
              `${m.value} has ${wholeNumber(m.count, "—")} (${percent(m.count, { of: fig2.numRows(), space: true })})`,
          )
          .join(", ") +
        `; the three models kept leave ${wholeNumber(cleaning.experiments!.final.numRows(), "—")}.`,
      `- **Platforms:** ${hpc.map((h) => `${h.value} ${wholeNumber(h.count, "—")}`).join(", ")}.`,
    );
    return lines.join("\n");
  }
  const jobs = cleaning.jobs.final;
  const n = jobs.numRows();
  const src = cleaning.source;
  lines.push(
    `- **Read:** ${wholeNumber(src.jobs.numRows(), "—")} jobs on a machine of ${wholeNumber(src.machine.nodes, "—")} nodes × ${src.machine.coresPerNode} cores` +
      (src.swfJobs
        ? ` (the SWF header states ${src.swfJobs.header === undefined ? "no" : wholeNumber(src.swfJobs.header, "—")} jobs; ${wholeNumber(src.swfJobs.loaded, "—")} were loaded).`
        : src.readLog?.length
          ? ` (from ${wholeNumber(src.readLog[0].rowsIn, "—")} records of the export: ${src.readLog
              .filter((r) => r.removed > 0)
              .map((r) => `${wholeNumber(r.removed, "—")} ${r.step}`)
              .join(", ")}).`
          : "."),
    countsLine(cleaning, ref, stage),
  );
  if (n === 0) return lines.join("\n");
  const nodes = categoryCounts(jobs, "nnodes", 1)[0];
  const planned = categoryCounts(jobs, "minutes", 1)[0];
  const forty = jobs.params({ m: Number(planned.value) }).filter("(d, $) => d.minutes === $.m");
  const halfOrLess = forty.filter("d => d.rtime <= d.minutes / 2").numRows();
  lines.push(
    `- **Figure 12:** the 5-node bin [15, 20) holds ${wholeNumber(inRange(jobs, "nnodes", 15, 20), "—")} jobs ` +
      `(${percent(inRange(jobs, "nnodes", 15, 20), { of: n, space: true })}); ${nodes.value} nodes alone ${wholeNumber(nodes.count, "—")}.`,
    `- **Figure 13:** ${wholeNumber(planned.count, "—")} jobs (${percent(planned.count, { of: n, space: true })}) are planned for ${planned.value} minutes, ` +
      `the most common planned time; the first 60-minute bin holds ${percent(inRange(jobs, "minutes", 0, 60), { of: n, space: true })}.`,
    `- **Figures 14–15:** ${percent(inRange(jobs, "qtime", 0, 60), { of: n, space: true })} of the jobs queued under an hour and ` +
      `${percent(inRange(jobs, "rtime", 0, 60), { of: n, space: true })} ran under an hour, so on linear axes the first bars dominate.`,
    `- **Figure 22's jobs:** of the ${wholeNumber(forty.numRows(), "—")} ${planned.value}-minute jobs, ${wholeNumber(halfOrLess, "—")} ` +
      `(${percent(halfOrLess, { of: forty.numRows(), space: true })}) ran at most half their planned time.`,
  );
  return lines.join("\n");
}
