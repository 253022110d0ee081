/**
 * A site job's request, whole, from the columns its sacct export holds (which depend on the Slurm
 * release and the site's `--format`: sacct.c's field table):
 *
 * - memory: the whole job's from ReqTRES `mem` (a ReqTRES without `mem` asked none: Slurm leaves
 *   zero counts out of TRES strings, assoc_mgr.c `assoc_mgr_make_tres_str_from_array`), else from
 *   ReqMem; what it is counted per from ReqMem's `c`/`n` (Slurm ≤ 20.11), else SubmitLine's
 *   `--mem-per-cpu`/`--mem` (21.08+), else the whole job's. ReqMem per CPU without ReqTRES is that
 *   times ReqCPUS for the whole job, per node times its nodes;
 * - GPUs: ReqTRES `gres/gpu`, when the export tracks GPUs in TRES at all (some job's ReqTRES or
 *   AllocTRES names `gres/gpu`: AccountingStorageTRES); else ReqGRES (Slurm ≤ 20.02; a count per
 *   socket or task gives none); else AllocTRES, else AllocGRES — the GPUs it held standing for those
 *   it asked (an inference, counted); else SubmitLine's `--gres`/`--gpus*`; else unknown;
 * - constraint: the Constraints column (Slurm 19.05+) when the export has it, else SubmitLine's
 *   `-C`/`--constraint`, else unknown (lib/site/constraint-inference.ts may infer it from its nodes);
 * - partitions: a Partition of several (`batch,gpu`: slurmdbd records the one a job ran in once it
 *   starts, as_mysql_job.c, so this is rare) or SubmitLine's `-p a,b`.
 *
 * SubmitLine holds the command line only (lib/io/submit-line.ts): an option it lacks may have come
 * from the script's `#SBATCH` lines, so it is evidence of what was asked, never of what was not.
 */
import type { SacctJob } from "../io/sacct-jobs";
import { gresGpus } from "../io/slurm-gres";
import type { ReqMem } from "../io/slurm-tres";
import { submittedGpus } from "../io/submit-line";

/** The column each request of a job was read from. */
export interface RequestSources {
  /** Where its memory request as asked (`reqMem`) was read. */
  memory?: "ReqMem" | "ReqTRES" | "SubmitLine";
  /** Where its GPUs were read; AllocTRES and AllocGRES are what it held, inferred to be what it asked. */
  gpus?: "ReqTRES" | "ReqGRES" | "AllocTRES" | "AllocGRES" | "SubmitLine";
  /** Where its constraint was read; `nodes`: inferred from the features of the nodes it ran on. */
  constraint?: "Constraints" | "SubmitLine" | "nodes";
}

/** A request the export does not hold for a job. */
export type UnknownRequest = "memory" | "gpus" | "constraint";

/** A job's request as lib/site/site-jobs.ts keeps it. */
export interface JobRequest {
  /** Memory, MiB, the whole job (0 when unknown). */
  reqMemMiB: number;
  /** Memory as asked: per CPU, per node or for the whole job. */
  reqMem?: ReqMem;
  /** GPUs, the whole job (0 when unknown). */
  reqGpus: number;
  constraint: string;
  /** Every partition it was submitted to, when more than one. */
  partitions?: string[];
  from: RequestSources;
  unknown: UnknownRequest[];
}

/** What an export holds, for every job alike. */
export interface ExportColumns {
  /** The export's column names. */
  columns: ReadonlySet<string>;
  /** Whether some job's ReqTRES or AllocTRES names `gres/gpu` (GPUs are tracked in TRES). */
  gpusInTres: boolean;
}

/** Whether an export tracks GPUs in its TRES (see the module comment). */
export function gpusInTres(jobs: readonly SacctJob[]): boolean {
  const gpu = (k: string) => k === "gpu" || k.startsWith("gpu:");
  return jobs.some(
    (j) => Object.keys(j.reqTres?.gres ?? {}).some(gpu) || Object.keys(j.allocTres?.gres ?? {}).some(gpu),
  );
}

/**
 * A job's request (see the module comment).
 * @param reqCpus the CPUs it asked (ReqCPUS, else ReqTRES cpu)
 */
export function jobRequest(j: SacctJob, reqCpus: number, ex: ExportColumns): JobRequest {
  const has = (c: string) => ex.columns.has(c);
  const out: JobRequest = { reqMemMiB: 0, reqGpus: 0, constraint: "", from: {}, unknown: [] };
  const nodes = Math.max(1, j.nodes);
  // memory
  const rm = j.reqMem && Number.isFinite(j.reqMem.mib) ? j.reqMem : undefined;
  const sub = j.submitted;
  const tresMem = j.reqTres ? (j.reqTres.memMiB ?? 0) : undefined;
  if (rm && rm.per !== "job") [out.reqMem, out.from.memory] = [rm, "ReqMem"];
  else if (sub?.memPerCpuMiB !== undefined)
    [out.reqMem, out.from.memory] = [{ mib: sub.memPerCpuMiB, per: "cpu" }, "SubmitLine"];
  else if (sub?.memPerNodeMiB !== undefined)
    [out.reqMem, out.from.memory] = [{ mib: sub.memPerNodeMiB, per: "node" }, "SubmitLine"];
  else if (rm) [out.reqMem, out.from.memory] = [rm, "ReqMem"];
  else if (tresMem !== undefined) [out.reqMem, out.from.memory] = [{ mib: tresMem, per: "job" }, "ReqTRES"];
  if (tresMem !== undefined) out.reqMemMiB = tresMem;
  else if (out.reqMem)
    out.reqMemMiB =
      out.reqMem.mib * (out.reqMem.per === "cpu" ? reqCpus : out.reqMem.per === "node" ? nodes : 1);
  else out.unknown.push("memory");
  // GPUs
  const reqGres = j.reqGres ? gresGpus(j.reqGres, nodes) : NaN;
  const allocGres = j.allocGres ? gresGpus(j.allocGres, nodes) : NaN;
  const said = j.submitted ? submittedGpus(j.submitted, nodes) : undefined;
  if (ex.gpusInTres && j.reqTres) [out.reqGpus, out.from.gpus] = [j.reqTres.gpus ?? 0, "ReqTRES"];
  else if (Number.isFinite(reqGres)) [out.reqGpus, out.from.gpus] = [reqGres, "ReqGRES"];
  else if (ex.gpusInTres && j.allocTres) [out.reqGpus, out.from.gpus] = [j.allocTres.gpus ?? 0, "AllocTRES"];
  else if (Number.isFinite(allocGres)) [out.reqGpus, out.from.gpus] = [allocGres, "AllocGRES"];
  else if (said !== undefined && Number.isFinite(said)) [out.reqGpus, out.from.gpus] = [said, "SubmitLine"];
  else out.unknown.push("gpus");
  // constraint
  if (has("Constraints")) [out.constraint, out.from.constraint] = [j.constraints ?? "", "Constraints"];
  else if (sub?.constraint) [out.constraint, out.from.constraint] = [sub.constraint, "SubmitLine"];
  else out.unknown.push("constraint");
  // partitions
  const several = j.partition.includes(",") ? j.partition.split(",") : sub?.partitions;
  if (several && several.length > 1) out.partitions = [...several];
  return out;
}
