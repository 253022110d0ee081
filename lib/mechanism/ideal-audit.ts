/**
 * The auditor on the model the thesis calls ideal (Section 6.3.1): experiment 1B — the greedy by
 * b/w with inexperienced bids b = w·min — with the thesis's Clarke payments, beside the same rule
 * with critical (Myerson) payments, on one sample's jobs.
 */
import type { JobRecord } from "../io/job-record";
import { type AuditReport, auditMechanism, spreadPlayers } from "./audit";
import { jobsInstance } from "./experiments";
import { greedyRule } from "./greedy";
import { type Mechanism, runMechanism } from "./mechanism";
import { keyword } from "../util/options";

/** The audit of 1B + Clarke and 1B + critical on a sample. */
export interface IdealModelAudit {
  label: string;
  sample: string;
  report: AuditReport;
  critical: AuditReport;
}

/**
 * Audits 1B + Clarke (and 1B + critical) on `sample`'s jobs at capacity W, examining `players`
 * players spread over the sample (winners included), up to 8 thresholds each.
 */
export function idealModelAudit(
  sample: { name: string; jobs: readonly JobRecord[] },
  capacity: number,
  players: number,
  rerunCapacity: string = "covered",
): IdealModelAudit {
  const rerun = keyword(rerunCapacity, "rerunCapacity", ["covered", "W"] as const);
  const inst = jobsInstance(sample.jobs, "inexperienced", capacity);
  const audit = (mech: Mechanism) =>
    auditMechanism(mech, inst, {
      players: spreadPlayers(sample.jobs.length, players, runMechanism(mech, inst).x),
      maxThresholds: 8,
    });
  return {
    label: "1B + Clarke",
    sample: sample.name,
    report: audit({ rule: greedyRule(), payment: "clarke", clarke: { rerunCapacity: rerun } }),
    critical: audit({ rule: greedyRule(), payment: "critical" }),
  };
}
