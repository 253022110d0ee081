/**
 * Raw usage per user and per account as the simulator accrues it, with Slurm's decay
 * (notes §1b): every PriorityCalcPeriod, usage_raw *= decay^(t − last), decay = 1 − 0.693/half-life;
 * each running job adds run_delta · decay^run_delta · procs (CPU·s, billing = allocated CPUs);
 * a job's last partial slice is added when it ends. Accounts get the usage of their users' jobs.
 * This is the simulator's bookkeeping only; fair-share factors are computed from it by the
 * priority function (lib/slurm when configured).
 */

/** Per-user / per-account decayed raw usage (CPU·s). */
export class UsageLedger {
  /** Raw usage per user. */
  readonly users = new Map<string, number>();
  /** Raw usage per account. */
  readonly accounts = new Map<string, number>();
  /** Total raw usage (the root association). */
  root = 0;
  /** Per-second decay factor (1 = no decay). */
  readonly decay: number;

  /** @param halfLife PriorityDecayHalfLife in seconds; 0 disables decay */
  constructor(halfLife: number) {
    this.decay = halfLife > 0 ? 1 - 0.693 / halfLife : 1;
  }

  /** Multiplies every usage by decay^elapsed. */
  applyDecay(elapsed: number): void {
    if (this.decay === 1 || elapsed <= 0) return;
    const f = Math.max(Number.MIN_VALUE, Math.pow(this.decay, elapsed));
    for (const [k, v] of this.users) this.users.set(k, v * f);
    for (const [k, v] of this.accounts) this.accounts.set(k, v * f);
    this.root *= f;
  }

  /** Adds `runDelta` seconds of a job with `procs` CPUs (decayed as Slurm does). */
  accrue(user: string, account: string, procs: number, runDelta: number): void {
    if (runDelta <= 0) return;
    const add = runDelta * Math.pow(this.decay, runDelta) * procs;
    this.users.set(user, (this.users.get(user) ?? 0) + add);
    this.accounts.set(account, (this.accounts.get(account) ?? 0) + add);
    this.root += add;
  }

  /** Usage of a user (0 when unknown). */
  user(name: string): number {
    return this.users.get(name) ?? 0;
  }

  /** Usage of an account (0 when unknown). */
  account(name: string): number {
    return this.accounts.get(name) ?? 0;
  }
}
