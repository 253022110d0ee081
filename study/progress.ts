/** A one-line progress bar for studies (terminal and notebook). */
import type { StudyProgress } from "./runner";
import { updatableDisplay } from "../views/display/display-sink";

/** "[########------------] 8/20 tasks · 12.3 s · ETA 18 s" (the ETA from this run's own pace). */
export function formatStudyProgress(p: StudyProgress, width = 24): string {
  const frac = p.total ? p.done / p.total : 1;
  const filled = Math.round(frac * width);
  const ran = p.done - p.resumed;
  const eta =
    ran > 0 && p.done < p.total ? ` · ETA ${((p.elapsed / ran) * (p.total - p.done)).toFixed(0)} s` : "";
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${p.done}/${p.total} tasks${p.resumed ? ` (${p.resumed} resumed)` : ""} · ${p.elapsed.toFixed(1)} s${eta}`;
}

/**
 * A progress bar for a study run in a notebook: one display updated in place after every task
 * (`runStudy(spec, { onProgress: notebookStudyProgress("my-study") })`). Outside a kernel it does nothing.
 */
export function notebookStudyProgress(id: string): (p: StudyProgress) => void {
  const d = updatableDisplay(`study-progress-${id}`);
  let shown = false;
  return (p) => {
    const text = formatStudyProgress(p);
    const data = { "text/plain": text, "text/html": `<pre class="schedgame-progress">${text}</pre>` };
    if (shown) d.update(data);
    else d.show(data);
    shown = true;
  };
}
