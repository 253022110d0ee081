/**
 * The auditor (audit.ts) on one sample for experiments given as specs or rule objects — the thesis's
 * and a user's rules in notebooks 07–09: each experiment's rule under its own bids, paired as the
 * thesis pairs it (the Clarke re-run) and with critical (Myerson) payments, on a spread of the
 * sample's players and winners; and the preset of the model the thesis calls ideal (Section 6.3.1):
 * experiment 1B, the greedy by b/w with inexperienced bids b = w·min.
 */
import type { JobRecord } from "../io/job-record";
import { type AuditReport, auditMechanism, spreadPlayers } from "./audit";
import { type ExperiencedRounding, type ExperimentSpec, jobsInstance, ruleFromSpec } from "./experiments";
import { greedyRule } from "./greedy";
import { type Mechanism, runMechanism } from "./mechanism";
import { integer, keyword } from "../util/options";

/** One mechanism's audit. */
export interface ExperimentAudit {
  /** `<experiment> + Clarke` or `<experiment> + critical`. */
  label: string;
  rep: AuditReport;
}

/** Options of {@link auditExperiments}. */
export interface AuditExperimentsOptions {
  /** Players examined per mechanism (spreadPlayers). Defaults to 12. */
  players?: number;
  /** The Clarke re-run's capacity, "covered" (the thesis's) or "W". Defaults to "covered". */
  rerunCapacity?: string;
  /** Rounding of experienced bids. Defaults to "per-node". */
  experiencedRounding?: ExperiencedRounding;
  /** Key-order thresholds tried per player. Defaults to 8. */
  maxThresholds?: number;
}

/**
 * Audits each experiment's rule on one sample's jobs under the experiment's bids, with the Clarke
 * re-run then with critical payments, experiments in the order given.
 * @param capacity the machine's nodes W
 * @throws `invalid players: …` unless a whole number ≥ 1, `invalid rerunCapacity: …`; the errors of
 *   jobsInstance and auditMechanism
 */
export function auditExperiments(
  experiments: readonly ExperimentSpec[],
  jobs: readonly JobRecord[],
  capacity: number,
  options: AuditExperimentsOptions = {},
): ExperimentAudit[] {
  const players = integer(options.players ?? 12, "players", 1);
  const rerunCapacity = keyword(options.rerunCapacity ?? "covered", "rerunCapacity", [
    "covered",
    "W",
  ] as const);
  return experiments.flatMap((e) => {
    const inst = jobsInstance(jobs, e.bid, capacity, { experiencedRounding: options.experiencedRounding });
    const rule = ruleFromSpec(e.rule);
    const mechs: [string, Mechanism][] = [
      [`${e.label} + Clarke`, { rule, payment: "clarke", clarke: { rerunCapacity } }],
      [`${e.label} + critical`, { rule, payment: "critical" }],
    ];
    return mechs.map(([label, mech]) => ({
      label,
      rep: auditMechanism(mech, inst, {
        players: spreadPlayers(jobs.length, players, runMechanism(mech, inst).x),
        maxThresholds: options.maxThresholds ?? 8,
      }),
    }));
  });
}

/** The audit of 1B + Clarke and 1B + critical on a sample. */
export interface IdealModelAudit {
  label: string;
  sample: string;
  report: AuditReport;
  critical: AuditReport;
}

/** {@link auditExperiments} of experiment 1B on `sample`'s jobs at capacity W, `players` players each. */
export function idealModelAudit(
  sample: { name: string; jobs: readonly JobRecord[] },
  capacity: number,
  players: number,
  rerunCapacity: string = "covered",
): IdealModelAudit {
  const [clarke, critical] = auditExperiments(
    [{ label: "1B", bid: "inexperienced", rule: greedyRule() }],
    sample.jobs,
    capacity,
    { players, rerunCapacity },
  );
  return { label: clarke.label, sample: sample.name, report: clarke.rep, critical: critical.rep };
}
