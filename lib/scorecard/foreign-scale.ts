/**
 * A mechanism column on another machine than the thesis's — a source that is not a twin of its
 * data, or W other than MareNostrum4's — holds another machine's totals, which say nothing about the
 * reproduction: both sides are put on a common scale (totals per node of W, counts per job of the
 * sample) and shown, not judged.
 */
import { MARENOSTRUM4 } from "../io/job-record";
import { readThesisTable } from "../io/thesis-tables";
import { twinVersionOf } from "./dependencies";
import type { ResultsFile } from "./results-file";
import type { TierBasis } from "./tier-basis";
import { projectRoot } from "../util/project-paths";

/** Totals scale with the machine (per node of W); the other metrics are counts (per job). */
const PER_NODE = new Set(["TV", "TP", "TW", "AD"]);

/** Both sides of column `<metric>_<experiment>` of `table` on a common scale, or undefined on the twin at the thesis's W. */
export function foreignScale(
  results: ResultsFile,
  table: number,
  metric: string,
  experiment: string,
  root = projectRoot(),
): { unit: string; thesis: number[]; ours: number[]; basis: TierBasis } | undefined {
  const source = String(results.parameters.SOURCE ?? "twin");
  const W = Number(results.parameters.W ?? MARENOSTRUM4.nodes);
  if (twinVersionOf(source) !== undefined && W === MARENOSTRUM4.nodes) return undefined;
  const ours = (results.tables.many ?? []).filter(
    (r) => r.experiment === experiment && r.payment === "clarke" && Number.isFinite(r[metric]),
  );
  const column = `${metric}_${experiment}`;
  const thesis = readThesisTable(table, root).rows.filter((r) => r.sample !== "sample_20.txt");
  const perNode = PER_NODE.has(metric);
  const basis: TierBasis = {
    kind: "another machine",
    source,
    W,
    scale: perNode ? "per node" : "per job",
  };
  if (perNode)
    return {
      unit: "(per node)",
      thesis: thesis.map((r) => Number(r[column]) / MARENOSTRUM4.nodes),
      ours: ours.map((r) => (r[metric] as number) / W),
      basis,
    };
  // Table 12 prints every sample's size; the later tables name the same samples
  const size = new Map(readThesisTable(12, root).rows.map((r) => [r.sample, Number(r.size)]));
  return {
    unit: "(per job)",
    thesis: thesis.map((r) => Number(r[column]) / size.get(r.sample)!),
    ours: ours.map((r) => (r[metric] as number) / (r.n as number)),
    basis,
  };
}
