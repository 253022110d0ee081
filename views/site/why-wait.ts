/** Why a job waited (lib/site/why-wait.ts), in one markdown sentence. */
import type { WhyWait } from "../../lib/site/why-wait";

/** Why a job waited, with its numbers, as one sentence (no markdown). */
export function whyWaitExplanation(w: WhyWait): string {
  const after = w.firstFit - w.eligible;
  switch (w.reason) {
    case "did not wait":
      return `it started ${w.realWait} s after it became eligible, within one bf_interval (${w.tolerance} s)`;
    case "reservation":
      return `it ran in an advance reservation (sacct's Reservation), which the replay does not model: the reservation's window decided its start`;
    case "a limit":
      return `it waited ${w.realWait} s, but the replay starts it after ${w.replayWait} s, and its association has a limit (GrpTRES, MaxTRES or MaxWall) the replay does not model`;
    case "not simulated":
      return `it waited ${w.realWait} s, but the replay starts it after ${w.replayWait} s: what held it is something the replay leaves out (the table of what the replay leaves out lists each gap and the jobs it touches)`;
    case "nodes busy":
      return `in the replay its ${w.nodes} node(s) were not free until ${after} s after it became eligible (${w.freeAtEligible} of ${w.machineNodes} free then)`;
    case "CPUs":
    case "memory":
    case "GPUs":
    case "features":
    case "partition":
      return `in the replay no ${w.nodes} node(s) it may use had its ${w.reason === "CPUs" ? "CPUs" : w.reason === "features" ? "CPUs free among the nodes with its features" : w.reason === "partition" ? "CPUs, memory and GPUs free in its partition" : `${w.reason} free`} until ${after} s after it became eligible; ${w.reason === "CPUs" ? "the CPUs themselves were busy" : w.reason === "partition" ? "other partitions' nodes could have held it sooner" : `without its ${w.reason} request it would have fit sooner`}`;
    case "priority":
      return `in the replay its ${w.nodes} node(s) were free ${after} s after it became eligible, but ${w.ahead.length === 10 ? "10 or more" : w.ahead.length} job(s) went first (higher priority, or a higher-priority job's reservation)`;
  }
}

/** Why a job waited, as one markdown sentence. */
export function whyWaitMarkdown(w: WhyWait): string {
  const ahead = w.ahead.length
    ? ` Went first in the replay: ${w.ahead.map((a) => `${a.id} (${a.account}, ${a.nodes} node(s))`).join(", ")}.`
    : "";
  return `**Job ${w.jobId}** (${w.account}, ${w.nodes} node(s)) waited ${w.realWait} s; the replay under the site's settings starts it after ${w.replayWait} s. **${w.reason}**: ${whyWaitExplanation(w)}.${ahead}`;
}
