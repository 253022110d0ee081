/**
 * Slurm's trackable resources and memory sizes as sacct prints them:
 *
 * - sizes: a number with an optional unit K, M, G, T, P (powers of 1024; Slurm's "M" is a MiB),
 *   `187.50G` — sacct prints memory in MiB and converts up while no precision is lost
 *   (`convert_num_unit2` in Slurm's slurm_protocol_api.c, CONVERT_NUM_UNIT_EXACT: divide by 1024
 *   while the integer part is a multiple of 512), so `4000M` stays and `192000M` is `187.50G`;
 *   `--units=G` prints every size in one unit, rounded to two decimals (`2.73G`);
 * - TRES strings (`AllocTRES`, `ReqTRES`): `billing=48,cpu=48,mem=187.50G,node=1,gres/gpu=2,
 *   gres/gpu:tesla=2`, comma-separated `type[/name]=count`;
 * - `ReqMem` (sacct's print.c `PRINT_REQ_MEM`), by release:
 *   - 17.11 to 20.11: the job's `pn_min_memory`, a size with `c` (per allocated CPU: `--mem-per-cpu`,
 *     DefMemPerCPU) or `n` (per node: `--mem`, DefMemPerNode) appended (`2800Mc`, `500000Mn`,
 *     `1.50Gn`); `0n` when it asked none (under CR_*_Memory the allocation writes the smallest node's
 *     memory there instead: cons_common job_test.c); its steps repeat the job's value;
 *   - 21.08 and later: the job's whole requested memory, its requested TRES' `mem`, as a plain size
 *     (`44800M`); its steps print nothing. A job whose requested TRES has no memory prints
 *     INFINITE64 converted, on x86-64 `16?` (`?`: a unit past P), in 21.08 to 23.02.5; from 23.02.6
 *     `0` (commit "sacct - Fix PRINT_REQ_MEM avoiding INFINITE64");
 *   - zero is always the bare `0` (convert_num_unit2 prints no unit for it), so `0`, `0n`, `0c`.
 * - node counts (`AllocNodes`, `ReqNodes`): convert_num_unit2 from no unit, so `1K` is 1024 nodes
 *   and `1.50K` 1536.
 */
import { invalidField } from "../util/errors";

const UNITS: Record<string, number> = { "": 1, K: 1 / 1024, M: 1, G: 1024, T: 1024 ** 2, P: 1024 ** 3 };

const NUMBER = /^\d+(?:\.\d+)?$/;

/** A memory size (`4000M`, `187.50G`, `0`; no unit = MiB) → MiB; anything else → NaN. */
export function slurmSizeMiB(v: string): number {
  const t = v.trim();
  const unit = UNITS[t[t.length - 1]] !== undefined && t.length > 1 ? t[t.length - 1] : "";
  const num = unit ? t.slice(0, -1) : t;
  return NUMBER.test(num) ? Number(num) * UNITS[unit] : NaN;
}

/** A TRES string, typed. Counts as printed; memory in MiB. A field is absent when the string has no such item. */
export interface SlurmTres {
  /** `cpu=`: CPUs. */
  cpu?: number;
  /** `mem=`: memory, MiB. */
  memMiB?: number;
  /** `node=`: nodes. */
  node?: number;
  /** `billing=`: billing units. */
  billing?: number;
  /** GPUs: `gres/gpu=` when given, else the sum of the typed `gres/gpu:<type>=` items. */
  gpus?: number;
  /** Every `gres/<name>[:<type>]=` item by `<name>[:<type>]` (`gpu`, `gpu:tesla`). */
  gres: Record<string, number>;
  /** Every other item (`energy`, `fs/disk`, `license/…`, `vmem` in MiB, …) by its type. */
  other: Record<string, number>;
}

const TRES_ITEM = /^([A-Za-z][\w/:.-]*)=(\d+(?:\.\d+)?[KMGTP]?)$/;
const TRES_TYPE = /^[A-Za-z][\w/:.-]*$/;

/** True when `v` is a TRES string (or empty). */
export function isTres(v: string): boolean {
  return v === "" || v.split(",").every((item) => TRES_ITEM.test(item));
}

/**
 * Parses a TRES string (empty → no items).
 * @param where file, line and column for the error
 * @throws `<file>:<line>: invalid <column>: …; expected TRES items type=count …` for an item that is not `type=count`
 */
export function parseTres(v: string, where: { file: string; line: number; column: string }): SlurmTres {
  const out: SlurmTres = { gres: {}, other: {} };
  const text = v.trim();
  if (text === "") return out;
  let typedGpus = 0,
    sawTyped = false;
  for (const item of text.split(",")) {
    const eq = item.indexOf("=");
    const type = item.slice(0, eq);
    const size = eq > 0 ? slurmSizeMiB(item.slice(eq + 1)) : NaN;
    if (Number.isNaN(size) || !TRES_TYPE.test(type) || item[eq + 1] === " ")
      throw invalidField(
        where.file,
        where.line,
        where.column,
        v,
        "TRES items type=count separated by commas, e.g. cpu=48,mem=187.50G,node=1,gres/gpu=2",
      );
    if (type === "cpu") out.cpu = size;
    else if (type === "mem") out.memMiB = size;
    else if (type === "node") out.node = size;
    else if (type === "billing") out.billing = size;
    else if (type.startsWith("gres/")) {
      const name = type.slice(5);
      out.gres[name] = size;
      if (name === "gpu") out.gpus = size;
      else if (name.startsWith("gpu:")) {
        typedGpus += size;
        sawTyped = true;
      }
    } else out.other[type] = size;
  }
  if (out.gpus === undefined && sawTyped) out.gpus = typedGpus;
  return out;
}

/** The sum of two TRES (a heterogeneous job's components): each count present in either, added. */
export function addTres(a: SlurmTres, b: SlurmTres): SlurmTres {
  const out: SlurmTres = { gres: { ...a.gres }, other: { ...a.other } };
  for (const k of ["cpu", "memMiB", "node", "billing", "gpus"] as const)
    if (a[k] !== undefined || b[k] !== undefined) out[k] = (a[k] ?? 0) + (b[k] ?? 0);
  for (const [k, v] of Object.entries(b.gres)) out.gres[k] = (out.gres[k] ?? 0) + v;
  for (const [k, v] of Object.entries(b.other)) out.other[k] = (out.other[k] ?? 0) + v;
  return out;
}

/** A count as sacct prints it through convert_num_unit2 (`12`, `1K` = 1024, `1.50K` = 1536); anything else → NaN. */
export function slurmCount(v: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMGTP]?)$/.exec(v.trim());
  return m ? Math.round(Number(m[1]) * 1024 ** " KMGTP".indexOf(m[2] || " ")) : NaN;
}

/** A job's requested memory: MiB, and what it is counted per. */
export interface ReqMem {
  /**
   * MiB (per CPU, per node or for the whole job, as `per` says); NaN for sacct's placeholder of a
   * size past its units (`16?`: no memory in the job's requested TRES, see the module comment).
   */
  mib: number;
  /** `cpu` (≤ 20.11's `c` suffix), `node` (`n`), or `job` (21.08 and later: the whole job's). */
  per: "cpu" | "node" | "job";
}

/** Zero is bare; a sized value has a unit (`0.00P` is a small size under `--units=P`, `0M` is never printed). */
const REQ_MEM = /^(?:0|(?!0[KMGTP?])(\d+(?:\.\d+)?)([KMGTP?]))([cn]?)$/;

/** True when `v` is a ReqMem value some release of sacct prints (or empty). */
export function isReqMem(v: string): boolean {
  return v.trim() === "" || REQ_MEM.test(v.trim());
}

/**
 * Parses `ReqMem` (every form of the module comment); empty → undefined.
 * @throws `<file>:<line>: invalid ReqMem: …` for a text no release of sacct prints there
 */
export function parseReqMem(v: string, where: { file: string; line: number }): ReqMem | undefined {
  const t = v.trim();
  if (t === "") return undefined;
  const m = REQ_MEM.exec(t);
  if (!m)
    throw invalidField(
      where.file,
      where.line,
      "ReqMem",
      v,
      "what sacct prints there: a size with unit K, M, G, T or P (4000M, 1.50G; zero as 0), with c (per CPU) or n (per node) appended up to Slurm 20.11, or 16? (21.08 to 23.02.5, a job without memory in its ReqTRES); re-export with sacct's default units",
    );
  const mib = m[1] === undefined ? 0 : m[2] === "?" ? NaN : slurmSizeMiB(m[1] + m[2]);
  return { mib, per: m[3] === "c" ? "cpu" : m[3] === "n" ? "node" : "job" };
}
