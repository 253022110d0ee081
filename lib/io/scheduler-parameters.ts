/**
 * SchedulerParameters read as Slurm reads it. Slurm never splits the string into options: each knob
 * is found by a substring search of the whole text — case-insensitive (`xstrcasestr`) since 19.05,
 * case-sensitive (`strstr`) before — and a number is read by `atoi` from just after the `name=` it
 * found (backfill.c `_load_config`, job_scheduler.c `schedule`, cons_common.c, job_mgr.c). So:
 * `=bf_max_job_user=20` reads 20; the first occurrence of a name wins; `bf_interval=30s` reads 30;
 * a value that is no number reads 0, which each knob then takes or replaces by its default as its
 * code says (the bounds are Slurm 20.11's); a flag (`bf_continue`, `defer`) is on when its name
 * occurs anywhere (`defer_batch` turns `defer` on). Old names: `max_job_bf=` when `bf_max_job_test=`
 * is absent (read up to 19.05; 20.02 and later stop slurmctld with a fatal error under
 * sched/backfill: reported, and read as the value the site meant), `max_rpc_count=` for
 * `max_rpc_cnt=`. For display the text is also split at commas into options (a leading `=` or
 * blank dropped, no empty name), each known name with the value Slurm uses; options no Slurm
 * release knows are reported with the nearest known names (Slurm ignores them).
 */
import { nearestNames } from "../util/nearest-names";

/** The knobs the replay reads, as Slurm uses them. Times in seconds unless named otherwise. */
export interface SchedulerKnobs {
  /** bf_interval, seconds (default 30; 1–10800). */
  bfInterval: number;
  /** bf_window, minutes (default 1440; 1–43200). */
  bfWindow: number;
  /** bf_resolution, seconds (default 60; 1–3600). */
  bfResolution: number;
  /** bf_max_job_test (or max_job_bf), jobs (default 100 up to 20.11, 500 since 21.08; 1–1000000). */
  bfMaxJobTest: number;
  /** bf_max_job_user, jobs (0: no limit). */
  bfMaxJobUser: number;
  /** bf_max_job_user_part, jobs per user and partition (0: no limit). */
  bfMaxJobUserPart: number;
  /** bf_max_job_part, jobs per partition (0: no limit). */
  bfMaxJobPart: number;
  /** bf_max_job_start, jobs started per backfill cycle (0: no limit). */
  bfMaxJobStart: number;
  /** bf_job_part_count_reserve (0: every tested job reserves; 0–100000). */
  bfJobPartCountReserve: number;
  /** bf_continue: backfill resumes its queue after yielding its locks. */
  bfContinue: boolean;
  /** bf_busy_nodes: prefer nodes already in use when reserving. */
  bfBusyNodes: boolean;
  /** bf_min_age_reserve, seconds a job waits before it may reserve (0–30 days). */
  bfMinAgeReserve: number;
  /** bf_min_prio_reserve, the priority under which jobs do not reserve (0: all reserve). */
  bfMinPrioReserve: number;
  /** bf_yield_interval, microseconds (default 2000000). */
  bfYieldInterval: number;
  /** bf_yield_sleep, microseconds (default 500000). */
  bfYieldSleep: number;
  /** bf_max_time, seconds (default bf_interval; 1–3600). */
  bfMaxTime: number;
  /** default_queue_depth, jobs the main scheduler tests (default 100; 0 allowed). */
  defaultQueueDepth: number;
  /** partition_job_depth, jobs per partition (0: no limit). */
  partitionJobDepth: number;
  /** sched_interval, seconds between periodic main passes (default 60; 0 allowed). */
  schedInterval: number;
  /** sched_min_interval, microseconds between main passes (default 2). */
  schedMinInterval: number;
  /** sched_max_job_start, jobs started per main pass (0: no limit). */
  schedMaxJobStart: number;
  /** batch_sched_delay, seconds a batch job's scheduling may be delayed (default 3). */
  batchSchedDelay: number;
  /** defer: no scheduling attempt at submission. */
  defer: boolean;
  /** max_rpc_cnt (or max_rpc_count): pending RPCs that defer scheduling (0: never; 0–1000). */
  maxRpcCnt: number;
}

/** A SchedulerParameters string as Slurm reads it (see the module comment). */
export interface SchedulerParametersReading {
  /** The text as given. */
  text: string;
  knobs: SchedulerKnobs;
  /** Per knob set by the text: the text it was read from (`bf_interval=30s`, `bf_continue`); absent knobs took their default. */
  sources: Partial<Record<keyof SchedulerKnobs, string>>;
  /** The options for display, in order, first occurrence of each: name → the value Slurm uses (true for a flag). */
  options: Record<string, string | true>;
  /** Options no Slurm release knows (Slurm ignores them), with the nearest known names. */
  unknown: { option: string; nearest: string[] }[];
  /** Known options present that the replay does not model. */
  notModelled: string[];
  /** What Slurm would log: a value replaced by its default, an old name, a repeated option, an empty item. */
  warnings: string[];
}

type Num = {
  field: keyof SchedulerKnobs;
  name: string;
  def: number;
  ok: (n: number) => boolean;
  alias?: string;
};

const NUMS: readonly Num[] = [
  { field: "bfInterval", name: "bf_interval", def: 30, ok: (n) => n >= 1 && n <= 10800 },
  { field: "bfWindow", name: "bf_window", def: 1440, ok: (n) => n >= 1 && n <= 43200 },
  { field: "bfResolution", name: "bf_resolution", def: 60, ok: (n) => n >= 1 && n <= 3600 },
  {
    field: "bfMaxJobTest",
    name: "bf_max_job_test",
    def: NaN,
    ok: (n) => n >= 1 && n <= 1e6,
    alias: "max_job_bf",
  },
  { field: "bfMaxJobUser", name: "bf_max_job_user", def: 0, ok: (n) => n >= 0 },
  { field: "bfMaxJobUserPart", name: "bf_max_job_user_part", def: 0, ok: (n) => n >= 0 },
  { field: "bfMaxJobPart", name: "bf_max_job_part", def: 0, ok: (n) => n >= 0 },
  { field: "bfMaxJobStart", name: "bf_max_job_start", def: 0, ok: (n) => n >= 0 && n <= 10000 },
  {
    field: "bfJobPartCountReserve",
    name: "bf_job_part_count_reserve",
    def: 0,
    ok: (n) => n >= 0 && n <= 1e5,
  },
  { field: "bfMinAgeReserve", name: "bf_min_age_reserve", def: 0, ok: (n) => n >= 0 && n <= 30 * 86400 },
  { field: "bfMinPrioReserve", name: "bf_min_prio_reserve", def: 0, ok: (n) => n > 0 && n < 2 ** 32 },
  { field: "bfYieldInterval", name: "bf_yield_interval", def: 2e6, ok: (n) => n > 0 && n <= 1e7 },
  { field: "bfYieldSleep", name: "bf_yield_sleep", def: 5e5, ok: (n) => n > 0 && n <= 1e7 },
  { field: "bfMaxTime", name: "bf_max_time", def: NaN, ok: (n) => n >= 1 && n <= 3600 },
  { field: "defaultQueueDepth", name: "default_queue_depth", def: 100, ok: (n) => n >= 0 },
  { field: "partitionJobDepth", name: "partition_job_depth", def: 0, ok: (n) => n >= 0 },
  { field: "schedInterval", name: "sched_interval", def: 60, ok: (n) => n >= 0 },
  { field: "schedMinInterval", name: "sched_min_interval", def: 2, ok: (n) => n >= 0 },
  { field: "schedMaxJobStart", name: "sched_max_job_start", def: 0, ok: (n) => n >= 0 },
  { field: "batchSchedDelay", name: "batch_sched_delay", def: 3, ok: (n) => n >= 0 },
  { field: "maxRpcCnt", name: "max_rpc_cnt", def: 0, ok: (n) => n >= 0 && n <= 1000, alias: "max_rpc_count" },
];
const FLAGS: readonly { field: keyof SchedulerKnobs; name: string }[] = [
  { field: "bfContinue", name: "bf_continue" },
  { field: "bfBusyNodes", name: "bf_busy_nodes" },
  { field: "defer", name: "defer" },
];

/** The SchedulerParameters options the replay's scheduler models under either timing (lib/site/machine.ts passes them to lib/sim). */
export const EVENT_SCHEDULER_PARAMETERS: readonly string[] = Object.freeze([
  "bf_interval",
  "bf_window",
  "bf_resolution",
  "bf_max_job_test",
  "bf_max_job_user",
  "bf_max_job_user_part",
  "bf_max_job_part",
  "bf_job_part_count_reserve",
  "bf_continue",
  "default_queue_depth",
  "sched_interval",
]);

/** The options the replay models only under "slurmctld" timing (the controller's clock and locks). */
export const TIMING_SCHEDULER_PARAMETERS: readonly string[] = Object.freeze([
  "batch_sched_delay",
  "sched_min_interval",
  "bf_yield_interval",
  "bf_yield_sleep",
  "bf_max_time",
  "defer",
]);

/** Every SchedulerParameters option the replay models under some timing. */
export const MODELLED_SCHEDULER_PARAMETERS: readonly string[] = Object.freeze([
  ...EVENT_SCHEDULER_PARAMETERS,
  ...TIMING_SCHEDULER_PARAMETERS,
]);

/** Every SchedulerParameters option of Slurm 14.11–25.11 (slurm.conf(5) and the code's searches), old names included. */
export const KNOWN_SCHEDULER_PARAMETERS: readonly string[] = Object.freeze(
  (
    "allow_zero_lic assoc_limit_stop batch_sched_delay bb_array_stage_cnt bf_allow_magnetic_slot bf_busy_nodes " +
    "bf_continue bf_hetjob_immediate bf_hetjob_prio bf_interval bf_job_part_count_reserve bf_licenses " +
    "bf_max_job_array_resv bf_max_job_assoc bf_max_job_part bf_max_job_start bf_max_job_test bf_max_job_user " +
    "bf_max_job_user_part bf_max_time bf_min_age_reserve bf_min_prio_reserve bf_node_space_size " +
    "bf_one_resv_per_job bf_resolution bf_running_job_reserve bf_topopt_enable bf_topopt_iterations bf_window " +
    "bf_window_linear bf_yield_interval bf_yield_rpc_cnt bf_yield_rpc_count bf_yield_sleep build_queue_timeout " +
    "correspond_after_task_cnt default_gbytes default_queue_depth defer defer_batch delay_boot " +
    "disable_hetero_steps disable_hetjob_steps disable_job_shrink enable_hetero_steps enable_hetjob_steps " +
    "enable_job_state_cache enable_user_top extra_constraints ignore_constraint_validation " +
    "ignore_prefer_validation Ignore_NUMA inventory_interval interval jobs_per_user_per_hour kill_invalid_depend " +
    "max_array_tasks max_depend_depth max_job_bf max_rpc_cnt max_rpc_count max_sched_time max_script_size " +
    "max_submit_line_size max_switch_wait no_backup_scheduling no_env_cache nohold_on_prolog_fail " +
    "pack_serial_at_end partition_job_depth permit_job_expansion preempt_reorder_count preempt_strict_order " +
    "preempt_youngest_first reduce_completing_frag requeue_delay requeue_on_resume_failure requeue_setup_env_fail " +
    "salloc_wait_nodes sbatch_wait_nodes sched_interval sched_max_job_start sched_min_interval spec_cores_first " +
    "step_retry_count step_retry_time time_min_as_soft_limit whole_hetjob whole_pack"
  ).split(" "),
);

const versionNumber = (v: string) => {
  const m = /^(\d+)\.(\d+)/.exec(v);
  return m ? Number(m[1]) * 100 + Number(m[2]) : NaN;
};

/** C's `atoi`: blanks, a sign, digits, up to the first other character; no digits → 0. */
export function atoi(s: string): number {
  const m = /^\s*([+-]?)(\d*)/.exec(s)!;
  const n = m[2] === "" ? 0 : Math.min(Number(m[2]), 2 ** 31 - 1);
  return m[1] === "-" ? -n : n;
}

/**
 * Reads a SchedulerParameters string by Slurm's rule (see the module comment).
 * @param version the Slurm release ("20.11.9"; "" unknown: read as 21.08 and later) — it moves
 *   bf_max_job_test's default, max_job_bf's fate and whether names are case-insensitive
 */
export function readSchedulerParameters(text: string, version = ""): SchedulerParametersReading {
  const v = versionNumber(version);
  const caseless = Number.isNaN(v) || v >= 1905;
  const hay = caseless ? text.toLowerCase() : text;
  const find = (name: string) => hay.indexOf(caseless ? name.toLowerCase() : name);
  const knobs = {} as Record<keyof SchedulerKnobs, number | boolean>;
  const sources: SchedulerParametersReading["sources"] = {};
  const warnings: string[] = [];
  const sourceAt = (at: number) => text.slice(at).split(",")[0];
  for (const k of NUMS) {
    const def = k.field === "bfMaxJobTest" ? (v < 2108 ? 100 : 500) : k.def;
    let at = find(`${k.name}=`),
      name = k.name;
    if (at < 0 && k.alias && (at = find(`${k.alias}=`)) >= 0) {
      name = k.alias;
      warnings.push(
        k.alias === "max_job_bf" && !(v < 2002)
          ? `max_job_bf is bf_max_job_test's old name; Slurm 20.02 and later stop slurmctld on it under sched/backfill (read as bf_max_job_test)`
          : `${k.alias} is ${k.name}'s old name (read as ${k.name})`,
      );
    }
    if (at < 0) {
      knobs[k.field] = def;
      continue;
    }
    const n = atoi(text.slice(at + name.length + 1));
    sources[k.field] = sourceAt(at);
    const tail = sourceAt(at)
      .slice(name.length + 1)
      .replace(/^\s*[+-]?\d+/, "");
    if (tail !== "" && k.ok(n))
      warnings.push(`${k.name}: "${sourceAt(at)}" reads ${n} (Slurm's atoi stops at "${tail}")`);
    const fallback = k.field === "bfMaxTime" ? (knobs.bfInterval as number) : def;
    if (k.ok(n)) knobs[k.field] = n;
    else {
      knobs[k.field] = fallback;
      warnings.push(`${k.name}: "${sourceAt(at)}" reads ${n}, which Slurm refuses; it uses ${fallback}`);
    }
  }
  if (Number.isNaN(knobs.bfMaxTime as number)) knobs.bfMaxTime = knobs.bfInterval;
  for (const f of FLAGS) {
    const at = find(f.name);
    knobs[f.field] = at >= 0;
    if (at >= 0) sources[f.field] = sourceAt(at);
  }
  return {
    text,
    knobs: knobs as unknown as SchedulerKnobs,
    sources,
    warnings,
    ...options(text, knobs, warnings),
  };
}

/** The display options, the unknown ones and the unmodelled ones (see the module comment). */
function options(
  text: string,
  knobs: Record<string, number | boolean>,
  warnings: string[],
): Pick<SchedulerParametersReading, "options" | "unknown" | "notModelled"> {
  const out: Record<string, string | true> = {};
  const unknown: SchedulerParametersReading["unknown"] = [];
  const notModelled: string[] = [];
  const known = new Map(KNOWN_SCHEDULER_PARAMETERS.map((k) => [k.toLowerCase(), k]));
  const typed = new Map([...NUMS, ...FLAGS].map((k) => [k.name, k.field]));
  const items = (text === "(null)" ? [] : text.split(",")).map((raw) => {
    const item = raw.replace(/^[\s=]+/, "").trim();
    const eq = item.indexOf("=");
    return { raw, item, eq, given: (eq < 0 ? item : item.slice(0, eq)).trim() };
  });
  const names = new Set(items.map((x) => known.get(x.given.toLowerCase())));
  for (const { raw, item, eq, given } of items) {
    if (given === "") {
      if (text.trim() !== "")
        warnings.push(
          raw.trim() === ""
            ? "SchedulerParameters has an empty item (a doubled or trailing comma)"
            : `SchedulerParameters item "${raw.trim()}" has no option name (ignored)`,
        );
      continue;
    }
    const k = known.get(given.toLowerCase());
    if (!k) {
      unknown.push({ option: item, nearest: nearestNames(given, KNOWN_SCHEDULER_PARAMETERS) });
      continue;
    }
    const canonical = NUMS.find((n) => n.alias === k)?.name;
    if (canonical && names.has(canonical)) {
      warnings.push(`${k} is ignored: Slurm reads ${canonical}, which is also set`);
      continue;
    }
    const name = canonical ?? k;
    if (name in out) {
      warnings.push(`SchedulerParameters repeats ${k}; Slurm reads the first occurrence`);
      continue;
    }
    const field = typed.get(name);
    if (field !== undefined && typeof knobs[field] === "boolean") out[name] = true;
    else if (field !== undefined) {
      if (eq < 0) warnings.push(`${k} has no "=value"; Slurm keeps its default ${knobs[field]}`);
      out[name] = String(knobs[field]);
    } else out[name] = eq < 0 ? true : item.slice(eq + 1).trim();
    if (!MODELLED_SCHEDULER_PARAMETERS.includes(name)) notModelled.push(name);
  }
  return { options: out, unknown, notModelled };
}
