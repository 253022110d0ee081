/** The PoA sensitivity sweeps (lib/sim/sensitivity.ts) as display rows. */
import type { PoaSensitivity } from "../../lib/sim/sensitivity";

/** All sweep points as display rows: sweep, value, meanPoA, ci95 (half-width). */
export function sensitivityRows(
  s: PoaSensitivity,
): { sweep: string; value: number; meanPoA: number; ci95: number }[] {
  return [...s.backfill, ...s.queueDepth, ...s.planned, ...s.contenders].map((p) => ({
    sweep: p.series,
    value: p.x,
    meanPoA: p.y,
    ci95: p.err,
  }));
}
