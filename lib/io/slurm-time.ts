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

const digits = (t: string, from: number, to: number): number => {
  let v = 0;
  for (let i = from; i < to; i++) {
    const c = t.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return NaN;
    v = v * 10 + c;
  }
  return v;
};

/** A Slurm instant → epoch seconds (ISO read as UTC, or epoch seconds); Unknown / None / empty / other → NaN. */
export function slurmTime(v: string): number {
  const t = v.length === 19 ? v : v.trim();
  // YYYY-MM-DDTHH:MM:SS read by position (sacct prints millions of them); other text falls through.
  if (
    t.length === 19 &&
    t[4] === "-" &&
    t[7] === "-" &&
    (t[10] === "T" || t[10] === " ") &&
    t[13] === ":" &&
    t[16] === ":"
  ) {
    const s =
      Date.UTC(
        digits(t, 0, 4),
        digits(t, 5, 7) - 1,
        digits(t, 8, 10),
        digits(t, 11, 13),
        digits(t, 14, 16),
        digits(t, 17, 19),
      ) / 1000;
    if (!Number.isNaN(s)) return s;
  }
  return /^\d{9,11}$/.test(t) ? Number(t) : NaN;
}

/** True when `v` is an instant or one of the words for none ({@link NO_TIME}). */
export function isSlurmTime(v: string): boolean {
  return NO_TIME.test(v.trim()) || !Number.isNaN(slurmTime(v));
}
