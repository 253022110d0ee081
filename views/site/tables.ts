/**
 * Notebook 18's tables, as display rows: the site read (jobs, drops, machine, tree, settings), how
 * each account fared, the fidelity gate and each account's waits real and replayed, the grid's
 * winners and losers and schedule figures, the re-ranked sprio snapshot, the decay rows and why a
 * job waited. Waits are shown in seconds; intervals as `mean [low, high]`.
 */
import { ciText, fixed } from "../display/format";
import type { CounterfactualRow } from "../../lib/site/counterfactual";
import type { DecayRow } from "../../lib/site/decay";
import type { Fidelity } from "../../lib/site/fidelity";
import type { Ablation } from "../../lib/site/ablation";
import type { CellRank } from "../../lib/site/objective";
import type { SiteGridRow } from "../../lib/site/grid-rows";
import type { ScheduleFigures } from "../../lib/site/replay";
import type { SiteModel } from "../../lib/site/site";
import { durationText } from "../../lib/site/config-diff";
import type { RerankRow, RerankSummary } from "../../lib/site/sprio-rerank";
import type { WhyWait } from "../../lib/site/why-wait";
import type { UnsimulatedRow } from "../../lib/site/unsimulated";

type Row = Record<string, string | number>;

const interval = (e: { change: number | null; low: number | null; high: number | null }, digits: number) =>
  e.change === null
    ? "n/a"
    : `${fixed(e.change, digits, "n/a")} [${fixed(e.low, digits, "n/a")}, ${fixed(e.high, digits, "n/a")}]`;

/** What was read: the source, jobs kept, dropped and changed by reason, machine, tree and notes. */
export function siteSummaryRows(site: SiteModel): Row[] {
  const rows: Row[] = [
    { what: "source", value: site.source },
    { what: "jobs replayed", value: site.jobs.length },
    {
      what: "machine",
      value: `${site.machine.nodes} nodes × ${site.machine.coresPerNode} cores (${site.machine.origin}); placed as ${site.machine.model}`,
    },
    { what: "association tree", value: `${site.tree.rows.length} associations, from ${site.tree.origin}` },
    {
      what: "which scheduler started each job",
      value: site.hasFlags ? "sacct's Flags" : "not in the export (add Flags to sacct's --format)",
    },
  ];
  for (const d of site.dropped)
    rows.push({ what: `dropped: ${d.reason}`, value: `${d.jobs} (first at line ${d.firstLine})` });
  for (const c of site.changed)
    rows.push({ what: `changed: ${c.reason}`, value: `${c.jobs} (first at line ${c.firstLine})` });
  for (const n of site.notes) rows.push({ what: "note", value: n });
  return rows;
}

/** The site's settings as slurm.conf names them. */
export function settingsRows(site: SiteModel): Row[] {
  const s = site.settings;
  return [
    ["PriorityType", s.priorityType],
    [
      "PriorityWeightAge / FairShare / JobSize / QOS / Partition",
      `${s.weights.age} / ${s.weights.fairShare} / ${s.weights.jobSize} / ${s.weights.qos} / ${s.weights.partition}`,
    ],
    ["PriorityDecayHalfLife", durationText(s.halfLifeSeconds)],
    ["PriorityCalcPeriod", durationText(s.calcPeriod)],
    ["PriorityMaxAge", durationText(s.maxAgeSeconds)],
    ["PriorityFavorSmall", s.favorSmall ? "YES" : "NO"],
    ["PriorityFlags (fair share)", `${s.priorityFlags.join(",") || "(none)"} → ${s.fairShare}`],
    ["SchedulerType", s.backfill ? "sched/backfill" : "sched/builtin"],
    [
      "bf_interval / bf_window / bf_resolution",
      `${s.bfInterval} s / ${s.bfWindow} min / ${s.bfResolution} s`,
    ],
    [
      "bf_max_job_test / bf_max_job_user / default_queue_depth",
      `${s.bfMaxJobTest} / ${s.bfMaxJobUser} / ${s.defaultQueueDepth}`,
    ],
    ["SelectType", `${s.selectType} ${s.selectTypeParameters.join(",")}`],
    ["Slurm version", s.version || "unknown"],
  ].map(([setting, value]) => ({ setting, value }));
}

/** How each account fared (waits in seconds, usage in CPU·hours), with the backfilled share when known. */
export function accountRows(fig: ScheduleFigures, site?: SiteModel): Row[] {
  return fig.accounts.map((a) => {
    const row: Row = {
      account: a.account,
      jobs: a.jobs,
      "CPU·h": a.cpuSeconds / 3600,
      "usage share": a.usageShare,
      share: a.share,
      "median wait (s)": a.medianWait,
      "p90 wait (s)": a.p90Wait,
    };
    if (site?.hasFlags) {
      const mine = site.jobs.filter((j) => j.account === a.account);
      row["backfilled share"] = mine.filter((j) => j.startedBy === "backfill").length / mine.length;
    }
    return row;
  });
}

/** The fidelity gate's checks. */
export function fidelityChecksRows(f: Fidelity): Row[] {
  // the checks in order: rank correlation, within one bf_interval, wait error, backfilled share
  const keys = ["rankCorrelation", "withinInterval", "waitError", "backfilledDifference"] as const;
  return f.checks.map((c, k) => {
    const row: Row = {
      check: c.name,
      threshold: `${c.direction} ${c.threshold}`,
      "replay: mean [95% interval]": c.outcome === "not computed" ? "n/a" : ciText(c, 3),
      runs: c.n,
      outcome: c.outcome,
    };
    for (const b of f.baselines) {
      const key = keys[k];
      const v = b.run[key];
      const vs = key === "withinInterval" || key === "waitError" ? b[key] : undefined;
      row[b.baseline] =
        v === undefined || !Number.isFinite(v)
          ? "n/a"
          : `${fixed(key === "backfilledDifference" ? Math.abs(v) : v, 3, "n/a")}${vs ? ` (replay ${vs})` : ""}`;
    }
    return row;
  });
}

/** Each account's waits, real and replayed under the site's settings (mean over the runs [95% interval]). */
export function fidelityAccountRows(f: Fidelity): Row[] {
  return f.accounts.map((a) => ({
    account: a.account,
    jobs: a.jobs,
    "real median wait (s)": a.realMedianWait,
    "replayed median wait (s)": ciText(a.medianWait, 1),
    "real p90 wait (s)": a.realP90Wait,
    "replayed p90 wait (s)": ciText(a.p90Wait, 1),
  }));
}

/** Per cell: the accounts whose median wait falls (winners) or rises (losers), by agreement.ts's effect. */
export function winnersRows(rows: readonly SiteGridRow[]): Row[] {
  const cells = [...new Set(rows.map((r) => r.cell))];
  return cells.map((cell) => {
    const mine = rows.filter((r) => r.cell === cell && r.figure === "median wait");
    const list = (o: string) =>
      mine
        .filter((r) => r.outcome === o)
        .map((r) => `${r.account} (${fixed(r.change, 0, "n/a")} s)`)
        .join(", ") || "—";
    return {
      setting: cell,
      "winners (median wait lower)": list("lower"),
      "losers (median wait higher)": list("higher"),
      "no change (within one bf_interval)": mine.filter((r) => r.outcome === "equivalent").length,
      inconclusive: mine.filter((r) => r.outcome === "inconclusive").length,
    };
  });
}

/** Per cell: each schedule figure, its value and its change relative to the site's own settings [95% interval]. */
export function scheduleRows(rows: readonly SiteGridRow[]): Row[] {
  const cells = [...new Set(rows.map((r) => r.cell))];
  return cells.map((cell) => {
    const row: Row = { setting: cell };
    for (const r of rows.filter((x) => x.cell === cell && x.account === "(all)")) {
      row[r.figure] =
        `${fixed(r.value, r.figure === "makespan" ? 0 : 3, "n/a")} (${interval({ change: r.change === null ? null : 100 * r.change, low: r.low === null ? null : 100 * r.low, high: r.high === null ? null : 100 * r.high }, 1)} %, ${r.outcome})`;
    }
    return row;
  });
}

/** The grid's settings ranked by an objective: its value, the change against the site's own (% [95% interval]) and the outcome. */
export function rankRows(ranks: readonly CellRank[]): Row[] {
  const pct = (x: number | null) => (x === null ? null : 100 * x);
  return ranks.map((r) => ({
    rank: r.rank,
    setting: r.cell,
    "site's own": fixed(r.base, 3, "n/a"),
    value: fixed(r.value, 3, "n/a"),
    "change % [95% interval]": interval({ change: pct(r.change), low: pct(r.low), high: pct(r.high) }, 1),
    outcome: r.outcome,
  }));
}

/**
 * The ablation: per part turned off, the jobs it reads, the share within one bf_interval with its
 * change against the full model, and each account's median wait with its change (seconds).
 */
export function ablationRows(a: Ablation): Row[] {
  const full: Row = {
    "turned off": "nothing (the full model)",
    touches: "—",
    "within one bf_interval": ciText(a.full.withinInterval, 3),
    change: "—",
  };
  for (const acc of a.full.accounts)
    full[`${acc.account}: median wait (real ${fixed(acc.realMedianWait, 0, "n/a")} s)`] = ciText(
      acc.medianWait,
      0,
    );
  const rows = a.rows.map((r) => {
    const row: Row = {
      "turned off": r.part,
      touches: r.touches === "every job" ? "every job" : `${r.touches} jobs`,
      "within one bf_interval": r.inPlay ? ciText(r.withinInterval, 3) : "not in play",
      change: r.inPlay ? `${fixed(r.dWithin.mean, 3, "n/a")} (${r.dWithin.outcome})` : "—",
    };
    for (const acc of r.accounts)
      row[`${acc.account}: median wait (real ${fixed(acc.realMedianWait, 0, "n/a")} s)`] = r.inPlay
        ? `${ciText(acc.medianWait, 0)}; ${fixed(acc.dMedian.mean, 0, "n/a")} s (${acc.dMedian.outcome})`
        : "—";
    return row;
  });
  return [full, ...rows];
}

/** A re-ranked snapshot. */
export function rerankRows(rows: readonly RerankRow[]): Row[] {
  return rows.map((r) => ({
    job: r.jobId,
    user: r.user,
    priority: r.priority,
    rank: r.rank,
    "new priority": r.newPriority,
    "new rank": r.newRank,
    jump: r.jump,
    dominant: r.dominant || "—",
    saturated: r.saturated.join(", ") || "—",
  }));
}

/** How the snapshot's queue moves under each setting that changes the weights. */
export function rerankSummaryRows(rows: readonly RerankSummary[]): Row[] {
  return rows.map((r) => ({
    setting: r.setting,
    "jobs up": r.up,
    "jobs down": r.down,
    "biggest jump": r.biggestJump || "—",
    "dominant factor": r.dominant || "—",
    "not recoverable": r.unknown.join(", ") || "—",
  }));
}

/** Each account's usage today and days to recover per half-life. */
export function decayTableRows(rows: readonly DecayRow[]): Row[] {
  return rows.map((r) => {
    const row: Row = {
      account: r.account,
      "CPU·h": r.usage / 3600,
      "usage share": r.usageShare,
      share: r.share,
    };
    for (const [h, d] of Object.entries(r.days))
      row[`days to recover (half-life ${h} d)`] = Number.isFinite(d) ? d : "never";
    return row;
  });
}

/** Why a job waited, then its start under each setting. */
export function whyWaitRows(w: WhyWait): Row[] {
  return w.bySetting.map((b) => ({ setting: b.setting, "start (s)": b.start, "wait (s)": b.wait }));
}

/** The real counterfactual: per account real medians under both settings, real and predicted change, the replay's error and the judgement. */
export function counterfactualRows(rows: readonly CounterfactualRow[]): Row[] {
  return rows.map((r) => ({
    account: r.account,
    jobs: r.jobs,
    "real median wait, first (s)": fixed(r.realBase, 0, "n/a"),
    "real median wait, second (s)": fixed(r.realNext, 0, "n/a"),
    "real change (s)": fixed(r.realChange, 0, "n/a"),
    "predicted change (s) [95%]": `${fixed(r.predicted.mean, 0, "n/a")} [${fixed(r.predicted.low, 0, "n/a")}, ${fixed(r.predicted.high, 0, "n/a")}]`,
    "replay's error (s)": fixed(r.replayError, 0, "n/a"),
    outcome: r.outcome,
  }));
}

/** A left-out feature in words: what it is, and what the replay does instead. */
function unsimulatedText(r: UnsimulatedRow): { feature: string; replay: string } {
  switch (r.feature) {
    case "uneven request":
      return {
        feature: "a request spread unevenly over its nodes (ReqCPUS, mem or GPUs not a multiple of NNodes)",
        replay: "each node is asked the job's total over its nodes, rounded up",
      };
    case "node sharing":
      return {
        feature: "node sharing (a node held by two jobs at once)",
        replay:
          "each job holds its nodes whole (cons_tres is modelled only with sinfo's nodes and SelectType cons_tres or cons_res)",
      };
    case "turnaround":
      return {
        feature: `a node's turnaround between jobs (COMPLETING, epilog, the next pass; median ${r.medianGap} s here)`,
        replay: `each job's nodes come back ${r.turnaround} s after it ends (the median), not as each really did`,
      };
    case "held before eligible":
      return {
        feature: "held before eligible (dependency, --begin, hold, array throttle)",
        replay: "it becomes eligible at its real eligible time",
      };
    case "reservations":
      return {
        feature: "reservations",
        replay: r.inExport
          ? "reservations are ignored"
          : "not in the export (add Reservation to sacct's --format)",
      };
    case "GPUs":
      return { feature: "GPUs (GRES)", replay: "GPUs are not placed: whole nodes only" };
    case "licenses":
      return { feature: "licenses", replay: "licenses are not counted" };
    case "memory":
      return {
        feature: "memory as a consumable resource",
        replay: `${r.selectTypeParameters.join(",")}: memory is not placed`,
      };
    case "small partitions":
      return {
        feature: `partitions smaller than the machine (${r.partitions.join(", ") || "none"})`,
        replay: "every job may use the whole machine",
      };
    case "QOS":
      return {
        feature: "QOS other than normal (priority, limits, preemption)",
        replay: "not in the export (sacctmgr show qos): QOS factor 0, no QOS limits",
      };
    case "PriorityWeightQOS":
      return {
        feature: "PriorityWeightQOS",
        replay: "QOS priorities are not in the export: every job's QOS factor is 0",
      };
    case "PriorityWeightPartition":
      return {
        feature: "PriorityWeightPartition",
        replay: "partition priorities are not in the export: every job's partition factor is 0",
      };
    case "association limits":
      return { feature: "association limits (GrpTRES, MaxTRES, MaxWall)", replay: "limits are not enforced" };
    case "preemption":
      return {
        feature: `preemption (${r.preemptType ?? "PreemptType unknown"})`,
        replay: "no job is preempted",
      };
    case "PriorityWeightAssoc":
      return { feature: "PriorityWeightAssoc", replay: "the association factor is left out" };
    case "PriorityWeightTRES":
      return { feature: "PriorityWeightTRES", replay: "TRES factors are left out" };
    case "PriorityFlags":
      return { feature: `PriorityFlags ${r.flags.join(",")}`, replay: "left out" };
    case "SchedulerParameters":
      return {
        feature: `SchedulerParameters ${r.parameters.join(",")}`,
        replay: 'left out ("events" timing)',
      };
    case "prior usage":
      return { feature: "fair-share usage before the export's first job", replay: "usage starts at zero" };
    case "constraints":
      return {
        feature: "constraints (--constraint: node features)",
        replay: "any node will do: features are modelled only with sinfo's nodes and cons_tres or cons_res",
      };
    case "constraint simplified":
      return {
        feature: "a constraint with a matching OR [a|b] or node counts a*2",
        replay: "each node is tested alone: a plain OR, counts dropped",
      };
    case "constraint dropped":
      return {
        feature:
          "a constraint the replay cannot test (an operator it does not know, or a node it ran on lacks it now)",
        replay: "the constraint is dropped: any node of its partition will do",
      };
    case "several partitions":
      return {
        feature: "submitted to several partitions (-p a,b)",
        replay: "it runs in the partition it really ran in",
      };
    case "dependency":
      return {
        feature: "a dependency (--dependency on its SubmitLine)",
        replay: "it becomes eligible at its real eligible time",
      };
    case "exclusive not by node":
      return {
        feature: "--exclusive=user, mcs or topo",
        replay: "it shares nodes like any job",
      };
    case "memory per GPU":
      return {
        feature: "memory per GPU (--mem-per-gpu)",
        replay: "its memory is read from ReqTRES, per job",
      };
    case "node range":
      return {
        feature: "a node count other than asked (ReqNodes, -N min-max)",
        replay: "it asks the nodes it really got",
      };
    case "inferred":
      return {
        feature:
          r.request === "GPUs"
            ? "GPUs inferred from what it held (AllocTRES, AllocGRES: none in ReqTRES or ReqGRES)"
            : r.request === "constraint"
              ? "a constraint inferred from its nodes' features (no Constraints column)"
              : "--exclusive inferred: it held every CPU of its nodes and more than it asked",
        replay: "the inferred request is replayed as if asked",
      };
    case "unknown":
      return {
        feature: `${r.request === "gpus" ? "GPUs" : r.request} not in the export`,
        replay:
          r.request === "constraint"
            ? "no constraint"
            : `no ${r.request === "gpus" ? "GPUs" : "memory"} asked`,
      };
  }
}

/** What the replay leaves out as display rows: the feature, the jobs it touches, what the replay does instead. */
export function unsimulatedTable(rows: readonly UnsimulatedRow[]): Row[] {
  return rows.map((r) => {
    const t = unsimulatedText(r);
    return { feature: t.feature, jobs: r.jobs, replay: t.replay };
  });
}
