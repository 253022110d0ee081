/**
 * sacct's `ReqGRES` and `AllocGRES` columns, which Slurm 17.11 to 20.02 print (20.11 removed them:
 * ReqTRES and AllocTRES carry `gres/…` instead). sacct prints the job's `gres_req` and `gres_alloc`
 * as slurmctld stored them (print.c `PRINT_REQ_GRES`, `PRINT_ALLOC_GRES`; a step repeats its job's):
 *
 * - `AllocGRES`, every release: `name:count` items, comma-separated, the whole job's count
 *   (node_scheduler.c `_get_gres_alloc`; `_get_gres_config` under select/linear: every GRES of its
 *   nodes), e.g. `gpu:4`, `gpu:2,mps:200`;
 * - `ReqGRES`, 17.11: `name:count` for each `--gres` item, the per-node count times the job's
 *   nodes (`_fill_in_gres_fields`); 18.08 and 19.05: `name[:type]:count` for each GRES of the job,
 *   its total (gres.c `gres_plugin_job_alloc_count`), e.g. `gpu:tesla:2`;
 * - `ReqGRES`, 20.02: the job's `--gpus*`/`--gres` requests as given, each group tagged with what
 *   it counts per (node_scheduler.c `_build_tres_str`): `PER_JOB:gpu:4`, `PER_NODE:gpu:tesla:2,mps:100`,
 *   `PER_SOCKET:gpu:1`, `PER_TASK:gpu:1`, groups space-separated; `NONE` when the job has GRES but
 *   none of these; an item without a count asks one (`PER_NODE:gpu`);
 * - empty for a job without GRES (and under sacct's jobcomp); `(null)` where a writer printed a
 *   missing string. A device list in brackets (`gpu:2(IDX:0-1)`, as `scontrol -d` shows it) is
 *   dropped. Counts may carry K, M, G, T, P (powers of 1024), as Slurm's GRES counts do.
 */
import { invalidField } from "../util/errors";

/** What a GRES count is counted per: the whole job, each node, each socket or each task. */
export type GresPer = "job" | "node" | "socket" | "task";

/** One GRES item of a job. */
export interface JobGres {
  /** GRES name (`gpu`, `mps`, `shard`). */
  name: string;
  /** Its type ("" when untyped): `tesla` in `gpu:tesla:2`. */
  type: string;
  count: number;
  per: GresPer;
}

const PER: Readonly<Record<string, GresPer>> = Object.freeze({
  PER_JOB: "job",
  PER_NODE: "node",
  PER_SOCKET: "socket",
  PER_TASK: "task",
});

const NAME = /^[A-Za-z][\w.-]*$/;
/** A type may start with a digit (MIG profiles: `gpu:1g.5gb:1`), but is not a bare number. */
const TYPE = /^(?!\d+$)[\w.-]+$/;
const COUNT = /^(\d+)([KMGTP]?)$/;

/** One `name[:type][:count]` item, or undefined when it is not one. */
function gresItem(text: string, per: GresPer): JobGres | undefined {
  const parts = text.replace(/\([^)]*\)$/, "").split(":");
  const m = COUNT.exec(parts[parts.length - 1]);
  const named = m && parts.length > 1 ? parts.slice(0, -1) : parts;
  if (named.length > 2 || !NAME.test(named[0]) || (named.length === 2 && !TYPE.test(named[1])))
    return undefined;
  const count = m && parts.length > 1 ? Number(m[1]) * 1024 ** " KMGTP".indexOf(m[2] || " ") : 1;
  return { name: named[0], type: named[1] ?? "", count, per };
}

/** Splits at the commas outside brackets (`gpu:tesla:2(IDX:0,1),mps:100`). */
function items(text: string): string[] {
  const out: string[] = [];
  let depth = 0,
    from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")") depth--;
    else if (text[i] === "," && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** The items of a ReqGRES or AllocGRES value, or undefined when it is not one sacct prints. */
function gresItems(v: string): JobGres[] | undefined {
  const t = v.trim();
  if (t === "" || t === "(null)" || t === "NONE") return [];
  const out: JobGres[] = [];
  for (const group of t.split(/\s+/)) {
    const tag = /^(PER_[A-Z]+):(.*)$/.exec(group);
    if (tag && PER[tag[1]] === undefined) return undefined;
    const list = gresList(tag ? tag[2] : group, tag ? PER[tag[1]] : "job");
    if (!list) return undefined;
    out.push(...list);
  }
  return out;
}

/**
 * A GRES list as sbatch's `--gres` takes it (`gpu:2`, `gpu:tesla:2,mps:100`, `gpu`: one), every
 * item counted per `per`; undefined when it is not one.
 */
export function gresList(text: string, per: GresPer): JobGres[] | undefined {
  const out: JobGres[] = [];
  for (const t of items(text)) {
    const g = gresItem(t, per);
    if (!g) return undefined;
    out.push(g);
  }
  return out;
}

/** True when `v` is a ReqGRES or AllocGRES value of some release (or empty). */
export function isJobGres(v: string): boolean {
  return gresItems(v) !== undefined;
}

/**
 * Parses a ReqGRES or AllocGRES value (see the module comment); empty, `(null)` and `NONE` → [].
 * @param where file, line and column for the error
 * @throws `<file>:<line>: invalid <column>: …` for a value no release prints
 */
export function parseJobGres(v: string, where: { file: string; line: number; column: string }): JobGres[] {
  const out = gresItems(v);
  if (out === undefined)
    throw invalidField(
      where.file,
      where.line,
      where.column,
      v,
      "GRES items name[:type]:count separated by commas (gpu:2, gpu:tesla:2, gpu:1,mps:100), in Slurm 20.02 tagged PER_JOB:, PER_NODE:, PER_SOCKET: or PER_TASK: and separated by spaces, or empty",
    );
  return out;
}

/**
 * A job's GPUs from its GRES items: per-job counts as they are, per-node counts times its nodes;
 * NaN when a GPU count is per socket or per task (the export holds neither count); 0 without GPUs.
 * @param nodes the nodes it ran on
 */
export function gresGpus(gres: readonly JobGres[], nodes: number): number {
  let sum = 0;
  for (const g of gres) {
    if (g.name !== "gpu") continue;
    if (g.per === "job") sum += g.count;
    else if (g.per === "node") sum += g.count * nodes;
    else return NaN;
  }
  return sum;
}
