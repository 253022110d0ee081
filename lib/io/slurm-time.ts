/**
 * Slurm's time values as its commands print them (sacct(1), scontrol(1)):
 *
 * - durations (`Elapsed`, `Timelimit`, `PriorityDecayHalfLife`, …): every form sbatch's `--time`
 *   accepts and sacct prints — `minutes`, `minutes:seconds`, `hours:minutes:seconds`, `days-hours`,
 *   `days-hours:minutes`, `days-hours:minutes:seconds`, the seconds optionally with a fraction
 *   (sacct's CPU times `MM:SS.mmm`); the words for no value (`UNLIMITED`, `Partition_Limit`,
 *   `INVALID`, `INFINITE`, `NONE`, empty) read as missing;
 * - instants (`Submit`, `Start`, `End`, `Eligible`): ISO `YYYY-MM-DDTHH:MM:SS` (or a space for the
 *   `T`) read as UTC — only differences matter — or whole epoch seconds (`SLURM_TIME_FORMAT=%s`);
 *   `Unknown`, `None` and empty read as missing.
 */

/** The words Slurm prints for a duration or limit without a value. */
export const NO_DURATION = /^(|UNLIMITED|Partition_Limit|INVALID|INFINITE|NONE)$/i;

/** The words Slurm prints for an instant without a value. */
export const NO_TIME = /^(|Unknown|None)$/i;

const DURATION =
  /^(?:(\d+)-(\d+)(?::(\d+)(?::(\d+(?:\.\d+)?))?)?|(\d+)(?::(\d+(?:\.\d+)?))?(?::(\d+(?:\.\d+)?))?)$/;

/**
 * A Slurm duration → seconds (see the module comment for the forms); a word for no value, or any
 * other text, → NaN (use {@link isSlurmDuration} to tell them apart).
 */
export function slurmDuration(v: string): number {
  const m = DURATION.exec(v.trim());
  if (!m) return NaN;
  if (m[1] !== undefined)
    return Number(m[1]) * 86400 + Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  // Without days: one part is minutes, two are minutes:seconds, three hours:minutes:seconds.
  if (m[6] === undefined) return Number(m[5]) * 60;
  if (m[7] === undefined) return Number(m[5]) * 60 + Number(m[6]);
  if (!/^\d+$/.test(m[6])) return NaN;
  return Number(m[5]) * 3600 + Number(m[6]) * 60 + Number(m[7]);
}

/** True when `v` is a duration or one of the words for no value ({@link NO_DURATION}). */
export function isSlurmDuration(v: string): boolean {
  return NO_DURATION.test(v.trim()) || !Number.isNaN(slurmDuration(v));
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})$/;

/** A Slurm instant → epoch seconds (ISO read as UTC, or epoch seconds); Unknown / None / empty / other → NaN. */
export function slurmTime(v: string): number {
  const t = v.trim();
  const m = ISO.exec(t);
  if (m)
    return (
      Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000
    );
  return /^\d{9,11}$/.test(t) ? Number(t) : NaN;
}

/** True when `v` is an instant or one of the words for none ({@link NO_TIME}). */
export function isSlurmTime(v: string): boolean {
  return NO_TIME.test(v.trim()) || !Number.isNaN(slurmTime(v));
}
