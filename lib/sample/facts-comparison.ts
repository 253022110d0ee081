/**
 * The twin's input-side facts (F1–F8 of lib/twin/joint.ts and lib/twin/derived-facts.ts) measured
 * on several job sources side by side — the twin versions, or a real log beside them — each loaded
 * through the cleaned-jobs cache (lib/sample/source.ts).
 */
import { loadSampleSource } from "./source";
import { invalidArgument } from "../util/errors";
import { thesisDerivedFacts } from "../twin/derived-facts";
import { type JointFact, jointShapeFacts } from "../twin/joint-facts";
import { projectRoot } from "../util/project-paths";

/** The input facts measured on several sources: per source (in the order given, repeats once), its facts in one order. */
export interface InputFactsComparison {
  sources: string[];
  /** facts[s][k]: fact k measured on sources[s]. */
  facts: JointFact[][];
}

/**
 * The input facts (F1–F6, and F7–F8 from the thesis's derived facts) measured on each source;
 * repeated names are measured once.
 * @param root the project root (data/reference, traces, caches). Defaults to the working directory.
 * @throws `invalid sources: …` when empty; the loading errors of a source, or a source with no jobs
 */
export function inputFactsComparison(sources: readonly string[], root = projectRoot()): InputFactsComparison {
  const names = [...new Set(sources)];
  if (names.length === 0 || names.some((s) => typeof s !== "string" || s === ""))
    throw invalidArgument("sources", sources, 'at least one job source name, e.g. ["twin", "twin-v1"]');
  const derived = thesisDerivedFacts(root);
  const facts = names.map((n) => {
    const jobs = loadSampleSource(n, root).jobs;
    if (jobs.length === 0) throw invalidArgument("sources", `${n}: 0 jobs`, "jobs for every source");
    return jointShapeFacts(jobs, derived);
  });
  return { sources: names, facts };
}
