/**
 * The job table samples are drawn from: the cleaned jobs of any source lib/source reads, through
 * `loadCleanJobs` of lib/clean, plus a one-line description stored with each sample. The twin's
 * cleaned table is cached content-addressed (source-cache.ts).
 */
import type { JobRecord, Machine } from "../io/job-record";
import { loadCleanJobs } from "../clean/clean-source";
import { cachedSourceData } from "./source-cache";
import { parseSource, readSource } from "../source/readers";
import type { SourceSpec } from "../source/source";
import { integer } from "../util/options";

/** A cleaned job table ready for sampling. */
export interface SampleSource {
  /** The source's text as given. */
  source: string;
  /** The source as parsed (its kind, what it names). */
  spec: SourceSpec;
  /** What the data is (synthetic twin or real, from where). */
  description: string;
  /** Cleaned jobs. */
  jobs: JobRecord[];
  /** The source's machine (W = nodes). */
  machine: Machine;
  /** Rows the cleaning removed, by stage and step (steps that removed nothing are left out). */
  removed: { stage: string; step: string; rule: string; rows: number }[];
}

/**
 * Loads the cleaned job table of a source.
 * @param source a source's text ("twin", the notebooks' default; lib/source/readers.ts) or its spec
 * @param rootOrOptions project root (for data/reference and traces; defaults to the working directory),
 *   or `{ root, machine }` where `machine` overrides the log's machine (a notebook's `MACHINE` parameter)
 */
export function loadSampleSource(
  source: string | SourceSpec,
  rootOrOptions?: string | { root?: string; machine?: Partial<Machine> },
): SampleSource {
  const o = typeof rootOrOptions === "string" ? { root: rootOrOptions } : (rootOrOptions ?? {});
  const machine = o.machine && Object.keys(o.machine).length ? o.machine : undefined;
  const spec = typeof source === "string" ? parseSource(source, { root: o.root }) : source;
  // The twin's cleaned jobs come from the content-addressed cache when this code made them before.
  const { data } = cachedSourceData(
    spec,
    machine,
    () => {
      // the raw twin is not stored: this cache keeps what is needed of it (the twin cache serves readSource's callers)
      const c = loadCleanJobs(readSource(spec, { root: o.root, machine, twinCache: false }), {
        root: o.root,
      });
      const removed = c.log
        .filter((r) => r.removed > 0)
        .map((r) => ({ stage: r.stage, step: r.step, rule: r.rule, rows: r.removed }));
      return { description: c.source.description, jobs: c.records, machine: c.machine, removed };
    },
    { root: o.root },
  );
  return {
    source: spec.text,
    spec,
    description: data.description,
    jobs: data.jobs,
    machine: data.machine,
    removed: data.removed,
  };
}

/**
 * The machine's nodes W a notebook runs with: `W` when it is above 0, else the source's own — 3,456
 * (MareNostrum4) on the twin, an SWF log's header or `MACHINE`, a Slurm export's node count.
 * @throws `invalid W: …` when not a whole number ≥ 0
 */
export function machineNodes(W: number, src: Pick<SampleSource, "machine">): number {
  integer(W, "W", 0);
  return W > 0 ? W : src.machine.nodes;
}
