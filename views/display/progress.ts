/**
 * A progress line that updates in place in a notebook (Jupyter's update_display_data): what a long
 * cell is doing while it runs. Outside a kernel it sends nothing.
 */
import { updatableDisplay } from "./display-sink";

/** The text of a progress line: `<label>: done of total (percent)`. */
export function progressText(label: string, done: number, total: number): string {
  const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
  return `${label}: ${done} of ${total} (${pct}%)`;
}

/**
 * A progress callback for a lib function's `onProgress`/`onCell` option: the first call shows the
 * line, later calls update it.
 * @param id the display's id (unique in the notebook)
 */
export function showProgress(id: string, label: string): (done: number, total: number) => void {
  const d = updatableDisplay(id);
  let shown = false;
  return (done, total) => {
    const bundle = { "text/plain": progressText(label, done, total) };
    if (shown) d.update(bundle);
    else d.show(bundle);
    shown = true;
  };
}
