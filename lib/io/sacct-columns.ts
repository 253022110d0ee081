/**
 * What the sacct reader knows about sacct's columns (the `--format` fields of Slurm 17.11–24.11,
 * sacct.c's field table; ReqGRES and AllocGRES up to 20.02, Constraints and Flags from 19.05,
 * SubmitLine from 21.08, Licenses from 23.02): their names, which hold free text (and so may hold the delimiter or a line
 * break), a check of each value the reader uses to place extra delimiters and to recognise a
 * header-less first line, and the columns the reader needs.
 */
import type { ParsableSpec } from "./parsable-layout";
import { isSlurmJobId } from "./slurm-job-id";
import { isSlurmDuration, isSlurmTime } from "./slurm-time";
import { isJobGres } from "./slurm-gres";
import { isReqMem, isTres } from "./slurm-tres";
import { SACCT_EXPORT_COMMAND, XDMOD_SACCT_COLUMNS } from "./slurm-exports";

/** sacct's `--format` field names as its header prints them. */
export const SACCT_FIELDS: readonly string[] = Object.freeze(
  (
    "Account AdminComment AllocCPUS AllocGRES AllocNodes AllocTRES AssocID AveCPU AveCPUFreq AveDiskRead AveDiskWrite " +
    "AvePages AveRSS AveVMSize BlockID Cluster Comment Constraints ConsumedEnergy ConsumedEnergyRaw Container " +
    "CPUTime CPUTimeRAW DBIndex DerivedExitCode Elapsed ElapsedRaw Eligible End ExitCode Extra FailedNode Flags " +
    "GID Group JobID JobIDRaw JobName Layout Licenses MaxDiskRead MaxDiskReadNode MaxDiskReadTask MaxDiskWrite " +
    "MaxDiskWriteNode MaxDiskWriteTask MaxPages MaxPagesNode MaxPagesTask MaxRSS MaxRSSNode MaxRSSTask MaxVMSize " +
    "MaxVMSizeNode MaxVMSizeTask McsLabel MinCPU MinCPUNode MinCPUTask NCPUS NNodes NodeList NTasks Partition " +
    "Planned PlannedCPU PlannedCPURAW Priority QOS QOSRAW QOSREQ Reason ReqCPUFreq ReqCPUFreqGov ReqCPUFreqMax " +
    "ReqCPUFreqMin ReqCPUS ReqGRES ReqMem ReqNodes ReqTRES Reservation ReservationId Reserved ResvCPU ResvCPURAW " +
    "Restarts SLUID Start State StdErr StdIn StdOut Submit SubmitLine Suspended SystemComment SystemCPU " +
    "Timelimit TimelimitRaw TotalCPU TRESUsageInAve TRESUsageInMax TRESUsageInMaxNode TRESUsageInMaxTask " +
    "TRESUsageInMin TRESUsageInMinNode TRESUsageInMinTask TRESUsageInTot TRESUsageOutAve TRESUsageOutMax " +
    "TRESUsageOutMaxNode TRESUsageOutMaxTask TRESUsageOutMin TRESUsageOutMinNode TRESUsageOutMinTask " +
    "TRESUsageOutTot UID User UserCPU WCKey WCKeyID WorkDir"
  ).split(" "),
);

/** Columns whose values are free text: they may hold the delimiter or a line break. */
export const SACCT_FREE_TEXT: readonly string[] = Object.freeze([
  "JobName",
  "SubmitLine",
  "Comment",
  "AdminComment",
  "SystemComment",
  "Constraints",
  "Extra",
  "Container",
  "Licenses",
  "WorkDir",
  "StdOut",
  "StdErr",
  "StdIn",
]);

const count = (v: string) => /^\d*$/.test(v);
/** A count through convert_num_unit2 (AllocNodes, ReqNodes): `1K` is 1024. */
const unitCount = (v: string) => /^(\d+(\.\d+)?[KMGTP]?)?$/.test(v);
const word = (v: string) => /^[^\s]*$/.test(v);
const path = (v: string) => v === "" || v.startsWith("/");
/** A submit line starts with the command that submitted the job (sbatch, srun, salloc, scrontab, possibly with its path). */
const submitLine = (v: string) => v === "" || /^(\S*\/)?(sbatch|srun|salloc|scrontab)(\s|$)/.test(v);
const time = (v: string) => isSlurmTime(v);
const duration = (v: string) => isSlurmDuration(v);
const tres = (v: string) => isTres(v);

/** Per column, the values sacct can print there. */
export const SACCT_CHECKS: Readonly<Record<string, (v: string) => boolean>> = Object.freeze({
  JobID: isSlurmJobId,
  JobIDRaw: isSlurmJobId,
  State: (v: string) => /^[A-Z_]+( by \d+)?\+?$/.test(v),
  ExitCode: (v: string) => /^(\d+:\d+)?$/.test(v),
  DerivedExitCode: (v: string) => /^(\d+:\d+)?$/.test(v),
  Submit: time,
  Eligible: time,
  Start: time,
  End: time,
  Elapsed: duration,
  Timelimit: duration,
  CPUTime: duration,
  TotalCPU: duration,
  UserCPU: duration,
  SystemCPU: duration,
  Suspended: duration,
  Reserved: duration,
  Planned: duration,
  ElapsedRaw: count,
  TimelimitRaw: (v: string) => /^(\d*|UNLIMITED|Partition_Limit)$/.test(v),
  CPUTimeRAW: count,
  NNodes: count,
  NCPUS: count,
  AllocCPUS: count,
  ReqCPUS: count,
  AllocNodes: unitCount,
  ReqNodes: unitCount,
  NTasks: count,
  UID: count,
  GID: count,
  Priority: count,
  ReqMem: isReqMem,
  ReqGRES: isJobGres,
  AllocGRES: isJobGres,
  ReqTRES: tres,
  AllocTRES: tres,
  Flags: (v: string) => /^([A-Za-z]+(,[A-Za-z]+)*)?$/.test(v),
  NodeList: (v: string) => v === "None assigned" || /^[\w.[\],-]*$/.test(v),
  User: word,
  Group: word,
  Account: word,
  Partition: word,
  QOS: word,
  Cluster: word,
  WCKey: word,
  Reservation: word,
  SubmitLine: submitLine,
  WorkDir: path,
  StdOut: path,
  StdErr: path,
  StdIn: path,
});

/** The sacct table as the generic reader (lib/io/parsable.ts) reads it. */
export const SACCT_SPEC: ParsableSpec = Object.freeze({
  what: "sacct --parsable2 output",
  command: SACCT_EXPORT_COMMAND,
  known: SACCT_FIELDS,
  freeText: SACCT_FREE_TEXT,
  validators: SACCT_CHECKS,
  presets: [{ name: "Open XDMoD's sacct export (no header)", columns: XDMOD_SACCT_COLUMNS }],
});

/** The processor columns, in the order the reader prefers them (allocated before requested). */
export const SACCT_CPU_COLUMNS = ["AllocCPUS", "NCPUS", "ReqCPUS", "AllocTRES", "ReqTRES"] as const;

/** The columns the reader needs; a group needs one of its names. */
export const SACCT_REQUIRED: readonly (readonly string[])[] = Object.freeze([
  ["JobID"],
  ["Submit"],
  ["Start"],
  ["End", "Elapsed"],
  ["State"],
  SACCT_CPU_COLUMNS,
]);
