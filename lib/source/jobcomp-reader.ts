/**
 * Slurm's job completion log as the jobcomp/filetxt plugin writes it (`JobCompType=jobcomp/filetxt`,
 * `JobCompLoc=<file>`): one line per job that ended, `Key=Value` fields in the order of
 * jobcomp_filetxt.c's `JOB_FORMAT` — JobId, UserId=name(uid), GroupId=name(gid), Name, JobState,
 * Partition, TimeLimit (minutes, or UNLIMITED), StartTime, EndTime (local ISO 8601; `Unknown` for a
 * job cancelled while pending), NodeList, NodeCnt, ProcCnt, WorkDir, ReservationName, Tres (the
 * requested TRES), Account, QOS, WcKey, Cluster, SubmitTime, EligibleTime, then ArrayJobId and
 * ArrayTaskId for an array task, HetJobId and HetJobOffset for a heterogeneous component,
 * DerivedExitCode, ExitCode and the select plugin's text. A job's name and working folder may hold
 * spaces: a value runs to the next field the format names. Claimed by its first line's start
 * (`JobId=<n> UserId=`). Jobs that never started are set apart, as for sacct; the jobs become a
 * sacct-like dump (lib/io/sacct.ts), so the cleaning and lib/site read them as they read sacct's.
 */
import { expandHostlist } from "../io/hostlist";
import { readFileBytes } from "../io/read-file";
import { type SacctDump, sacctJobTable } from "../io/sacct";
import type { SacctJob } from "../io/sacct-jobs";
import { slurmTime } from "../io/slurm-time";
import { parseTres } from "../io/slurm-tres";
import { invalidField } from "../util/errors";
import { fileHead, sacctSource } from "./sacct-reader";
import type { SourceReader } from "./source";

/** The fields of jobcomp_filetxt.c's JOB_FORMAT, in order (the array and heterogeneous ones optional). */
const FIELDS = [
  "JobId",
  "UserId",
  "GroupId",
  "Name",
  "JobState",
  "Partition",
  "TimeLimit",
  "StartTime",
  "EndTime",
  "NodeList",
  "NodeCnt",
  "ProcCnt",
  "WorkDir",
  "ReservationName",
  "Tres",
  "Account",
  "QOS",
  "WcKey",
  "Cluster",
  "SubmitTime",
  "EligibleTime",
  "ArrayJobId",
  "ArrayTaskId",
  "HetJobId",
  "HetJobOffset",
  "DerivedExitCode",
  "ExitCode",
];
const REQUIRED = ["JobId", "UserId", "JobState", "Partition", "TimeLimit", "StartTime", "EndTime", "ProcCnt"];
const TOKEN = new RegExp(`(?:^| )(${FIELDS.join("|")})=`, "g");

/** One line's fields by name (the select plugin's trailing text dropped). */
export function jobcompFields(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  const hits = [...line.matchAll(TOKEN)];
  hits.forEach((m, i) => {
    const from = m.index! + m[0].length;
    const to = i + 1 < hits.length ? hits[i + 1].index! : line.length;
    let v = line.slice(from, to);
    // ExitCode is followed by the select plugin's text, after one space
    if (m[1] === "ExitCode") v = v.split(" ", 1)[0];
    if (!(m[1] in out)) out[m[1]] = v;
  });
  return out;
}

/**
 * Parses a jobcomp/filetxt log (see the module comment) into a sacct-like dump.
 * @throws `<file>:<line>: invalid <field>: …` for a line without a required field or with a bad value
 */
export function parseJobcomp(text: string, file = "jobcomp"): SacctDump {
  const records: SacctJob[] = [];
  const neverStarted: SacctDump["neverStarted"] = [];
  const neverStartedBy: Record<string, number> = {};
  const nodeNames = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  let read = 0;
  lines.forEach((raw, k) => {
    if (raw.trim() === "") return;
    const line = k + 1;
    read++;
    const f = jobcompFields(raw);
    const bad = (field: string, expected: string) =>
      invalidField(file, line, field, f[field] ?? "", expected);
    for (const r of REQUIRED)
      if (!(r in f)) throw bad(r, `a jobcomp/filetxt line (JobId=… UserId=name(uid) … ${r}=…)`);
    const id = Number(f.JobId);
    if (!/^\d+$/.test(f.JobId)) throw bad("JobId", "a job number");
    const limit = f.TimeLimit === "UNLIMITED" ? NaN : Number(f.TimeLimit) * 60;
    if (f.TimeLimit !== "UNLIMITED" && !/^\d+$/.test(f.TimeLimit))
      throw bad("TimeLimit", "minutes or UNLIMITED");
    const cpus = Number(f.ProcCnt);
    if (!/^\d+$/.test(f.ProcCnt)) throw bad("ProcCnt", "a processor count");
    const time = (field: string) => {
      const v = f[field] ?? "";
      const t = slurmTime(v);
      if (Number.isNaN(t) && !/^(Unknown|unknown|)$/.test(v))
        throw bad(field, "YYYY-MM-DDTHH:MM:SS or Unknown");
      return t;
    };
    const start = time("StartTime"),
      end = time("EndTime"),
      submit = "SubmitTime" in f ? time("SubmitTime") : start;
    const tres = parseTres(f.Tres ?? "", { file, line, column: "Tres" });
    const nodes = "NodeCnt" in f ? Number(f.NodeCnt) : expandHostlist(f.NodeList ?? "").length;
    const array = "ArrayJobId" in f && "ArrayTaskId" in f;
    const job: SacctJob = {
      id: array ? `${f.ArrayJobId}_${f.ArrayTaskId}` : f.JobId,
      jobId: array ? Number(f.ArrayJobId) : id,
      hetComponents: 0,
      name: f.Name ?? "",
      user: (f.UserId ?? "").replace(/\(\d+\)$/, ""),
      account: f.Account ?? "",
      partition: f.Partition,
      qos: f.QOS ?? "",
      state: f.JobState.split(" ", 1)[0],
      submit,
      eligible: "EligibleTime" in f ? time("EligibleTime") : submit,
      start,
      end,
      elapsed: Number.isFinite(start) && Number.isFinite(end) ? end - start : NaN,
      timelimit: limit,
      cpus,
      reqCpus: tres.cpu ?? cpus,
      nodes,
      reqNodes: nodes,
      reqTres: tres,
      nodeList: f.NodeList ?? "",
      steps: [],
      line,
    };
    if (array) job.arrayTask = f.ArrayTaskId;
    if (f.ReservationName) job.reservation = f.ReservationName;
    const why = Number.isNaN(start)
      ? "no start time"
      : job.nodeList === "" || job.nodeList === "(null)"
        ? "no nodes assigned"
        : undefined;
    if (why) {
      neverStarted.push({ job, reason: why });
      neverStartedBy[why] = (neverStartedBy[why] ?? 0) + 1;
      return;
    }
    records.push(job);
    for (const n of expandHostlist(job.nodeList)) nodeNames.add(n);
  });
  return {
    file,
    jobs: sacctJobTable(records),
    records,
    neverStarted,
    nodeNames,
    layout: { columnsFrom: "jobcomp/filetxt's fields", delimiter: " ", trailingDelimiter: false },
    columns: [...FIELDS],
    counts: {
      lines: read,
      jobs: records.length,
      steps: 0,
      orphanSteps: 0,
      hetComponents: 0,
      neverStarted: neverStarted.length,
      neverStartedBy,
      recovered: 0,
      noTimeLimit: records.filter((j) => Number.isNaN(j.timelimit)).length,
      endFromElapsed: 0,
      bom: text.startsWith("\uFEFF") ? 1 : 0,
      repeatedHeaders: 0,
    },
  };
}

/** The jobcomp/filetxt log's reader. */
export const JOBCOMP_READER: SourceReader = {
  kind: "jobcomp",
  reads: "a Slurm job completion log (jobcomp/filetxt: lines JobId=… UserId=…)",
  claim(text, resolved) {
    return /^\uFEFF?JobId=\d+ UserId=/.test(fileHead(resolved, 256))
      ? { kind: "jobcomp", text, path: resolved }
      : undefined;
  },
  read(spec, options) {
    const file = spec.path!;
    const dump = parseJobcomp(readFileBytes(file, "jobcomp log").toString("utf8"), file);
    const src = sacctSource(spec, dump, options.machine);
    return { ...src, description: src.description.replace(/^sacct export/, "Slurm job completion log") };
  },
};
