/**
 * The twin's run-time overruns (lib/twin/job-core.ts, step 4): run times swapped between final
 * jobs until exactly the published number run longer than their wallclock, every marginal kept.
 */
import type { Rng } from "../util/rng";
import { invariantViolated } from "../util/errors";

/** Swaps rtime between final jobs until exactly `target` have rtime > minutes (marginals unchanged). */
export function fixOverruns(minutes: Float64Array, rtime: Float64Array, target: number, rng: Rng): void {
  const n = minutes.length;
  const over = (i: number) => rtime[i] > minutes[i];
  let count = 0;
  const violators: number[] = [];
  for (let i = 0; i < n; i++)
    if (over(i)) {
      count++;
      violators.push(i);
    }
  const byMinutes = Array.from({ length: n }, (_, i) => i).sort((a, b) => minutes[a] - minutes[b] || a - b);
  const firstWithMinutes = (v: number) => {
    let lo = 0,
      hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (minutes[byMinutes[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const i of violators) {
    if (count <= target) break;
    const from = firstWithMinutes(rtime[i]);
    for (let tries = 0; tries < 400 && from < n; tries++) {
      const j = byMinutes[from + Math.floor(rng.next() * (n - from))];
      if (j !== i && !over(j) && rtime[j] <= minutes[i]) {
        const t = rtime[i];
        rtime[i] = rtime[j];
        rtime[j] = t;
        count--;
        break;
      }
    }
  }
  for (let tries = 0; count < target && tries < 10_000_000; tries++) {
    const i = Math.floor(rng.next() * n),
      j = Math.floor(rng.next() * n);
    if (i !== j && !over(i) && !over(j) && rtime[j] > minutes[i] && rtime[i] <= minutes[j]) {
      const t = rtime[i];
      rtime[i] = rtime[j];
      rtime[j] = t;
      count++;
    }
  }
  if (count !== target) throw invariantViolated(`twin: ${count} jobs with rtime > minutes, wanted ${target}`);
}
