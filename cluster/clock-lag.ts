/**
 * How far this host's time(NULL) lags its exact clock at a whole second. glibc's time() reads the
 * kernel's coarse clock (the vDSO's CLOCK_REALTIME_COARSE), which moves at the timer tick, so for
 * the first milliseconds of a second it still reads the second before. slurmctld stamps a job's
 * start and end with time(NULL) and its log lines with gettimeofday (exact), so a pass or cycle a
 * few milliseconds after a whole second logs that second and starts its jobs in the one before.
 * Measured by spinning across whole seconds and noting when time() turns over (python3's ctypes
 * calls libc's time(); time.time() is the exact clock). A thread woken from idle can see the new
 * second up to about a millisecond sooner (its wake-up updates the clock): that part is host noise.
 */
import { runCommand } from "./daemons";

// per whole second: sleep to 20 ms before it, spin until time() turns over, print the exact clock's lead
const SCRIPT = `
import ctypes, sys, time
libc = ctypes.CDLL(None)
libc.time.restype = ctypes.c_long
for _ in range(int(sys.argv[1])):
    x = int(time.time()) + 1
    time.sleep(max(0.0, x - 0.02 - time.time()))
    while libc.time(None) < x:
        pass
    print("%.6f" % (time.time() - x))
`;

/** The lag (s) at each of `seconds` consecutive whole seconds. @throws naming python3 when it cannot run */
export async function measureClockLag(seconds = 3): Promise<number[]> {
  const r = await runCommand("python3", ["-c", SCRIPT, String(seconds)], { timeoutMs: (seconds + 5) * 1000 });
  const lags = r.stdout.trim().split("\n").map(Number);
  if (r.status !== 0 || lags.length !== seconds || !lags.every((x) => x >= 0 && x < 0.5))
    throw new Error(
      `measuring time()'s lag with python3 failed (${r.status}): ${(r.stderr || r.stdout).trim()}; install python3 (Debian package python3)`,
    );
  return lags;
}

/** The median of measured lags, 0 when none were measured (a recording made before they were). */
export function clockLagOf(samples: readonly number[] | undefined): number {
  if (!samples?.length) return 0;
  const s = [...samples].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
