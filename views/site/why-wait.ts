/** Why a job waited (lib/site/why-wait.ts), in one markdown sentence. */
import type { WhyWait } from "../../lib/site/why-wait";

/** Why a job waited, as one markdown sentence. */
export function whyWaitMarkdown(w: WhyWait): string {
  const ahead = w.ahead.length
    ? ` Went first in the replay: ${w.ahead.map((a) => `${a.id} (${a.account}, ${a.nodes} node(s))`).join(", ")}.`
    : "";
  return `**Job ${w.jobId}** (${w.account}, ${w.nodes} node(s)) waited ${w.realWait} s; the replay under the site's settings starts it after ${w.replayWait} s. **${w.reason}**: ${w.explanation}.${ahead}`;
}
