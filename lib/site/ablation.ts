/**
 * What each part of the machine model is worth on a site's own data: the replay under the site's
 * settings run again with one part turned off at a time (lib/site/machine.ts MODEL_PARTS: jobs'
 * memory, GPUs and features, per-core sharing, the topology, bf_continue, the timing model), over the
 * same paired runs as the full model (lib/site/fidelity.ts: run r of each with the same eligible
 * instants within their recorded seconds), and
 * per part the share of jobs started within one bf_interval of their real start and each account's
 * median wait, each with its paired change against the full model (lib/agreement `effect`: the share
 * by its sign, a wait against ±one bf_interval). A part with nothing to turn off on this site (no
 * job asks memory, no topology, bf_continue not set) is not run and says so.
 */
import { type Effect, effect } from "../agreement/effect";
import { type MeanInterval, meanInterval } from "../util/interval";
import { type ModelPart, MODEL_PARTS } from "./machine";
import type { Replay } from "./replay";
import type { SiteModel } from "./site";
import { fidelityReplays } from "./fidelity";
import { type WhatIfOptions, whatIfRuns } from "./what-if";

/** One account's median wait with a part off, and its change against the full model (seconds). */
export interface AblationAccount {
  account: string;
  realMedianWait: number;
  medianWait: MeanInterval;
  dMedian: Effect;
}

/** One part turned off. */
export interface AblationRow {
  part: ModelPart;
  /** Jobs whose request the part reads (memory, GPUs, features, sharing), or "every job" (topology, bf_continue, timing). */
  touches: number | "every job";
  /** False when the site has nothing for it to turn off (then it is not run: the figures are the full model's). */
  inPlay: boolean;
  /** Share of jobs within one bf_interval of their real start, with the part off. */
  withinInterval: MeanInterval;
  /** Its paired change against the full model (off − full). */
  dWithin: Effect;
  accounts: AblationAccount[];
}

/** The full model's figures and each part's row. */
export interface Ablation {
  runs: number;
  full: {
    withinInterval: MeanInterval;
    accounts: { account: string; realMedianWait: number; medianWait: MeanInterval }[];
  };
  rows: AblationRow[];
}

const within = (r: Replay) =>
  r.jobs.filter((j) => Math.abs(j.start - j.realStart) <= r.settings.bfInterval).length / r.jobs.length;

/** The jobs (or "every job") a part reads on a site, and whether it is in play there. */
export function partInPlay(
  site: SiteModel,
  full: Replay,
  part: ModelPart,
): { touches: number | "every job"; inPlay: boolean } {
  const jobs = full.simulation.result.jobs;
  const count = (f: (t: NonNullable<(typeof jobs)[number]["tres"]>) => boolean) =>
    jobs.filter((j) => j.tres !== undefined && f(j.tres)).length;
  const n = (k: number) => ({ touches: k, inPlay: k > 0 });
  switch (part) {
    case "memory":
      return n(count((t) => t.memPerNodeMiB > 0 || (t.memPerCpuMiB ?? 0) > 0));
    case "GPUs":
      return n(count((t) => t.gpusPerNode > 0));
    case "features":
      return n(count((t) => t.constraint !== ""));
    case "per-core sharing":
      return n(count((t) => !t.exclusive));
    case "topology":
      return { touches: "every job", inPlay: site.machine.topology !== undefined };
    case "bf_continue":
      return { touches: "every job", inPlay: full.settings.bfContinue === true && full.settings.backfill };
    case "timing model":
      return { touches: "every job", inPlay: true };
  }
}

/**
 * A site's ablation (see the module comment).
 * @param options the what-if's runs, seed and jitter; `full`, the full model's runs already replayed
 *   with those options (lib/site/fidelity.ts fidelityReplays: notebook 18's fidelity runs); `parts`, the parts to turn off (Defaults to all);
 *   `onPart`, called after each part (progress)
 */
export function siteAblation(
  site: SiteModel,
  options: WhatIfOptions & {
    full?: readonly Replay[];
    parts?: readonly ModelPart[];
    onPart?: (done: number, total: number) => void;
  } = {},
): Ablation {
  const o = whatIfRuns(site.settings, options);
  const full = options.full ?? fidelityReplays(site, options);
  const fullWithin = full.map(within);
  const band = site.settings.bfInterval;
  const accountsOf = (runs: readonly Replay[]) =>
    runs[0].real.accounts.map((a, k) => ({
      account: a.account,
      realMedianWait: a.medianWait,
      waits: runs.map((r) => r.accounts[k].medianWait),
    }));
  const fullAccounts = accountsOf(full);
  const parts = options.parts ?? MODEL_PARTS;
  const rows = parts.map((part, i): AblationRow => {
    const { touches, inPlay } = partInPlay(site, full[0], part);
    const runs = inPlay ? fidelityReplays(site, options, [part]) : full;
    const w = runs.map(within);
    const accounts = accountsOf(runs).map((a, k) => ({
      account: a.account,
      realMedianWait: a.realMedianWait,
      medianWait: meanInterval(a.waits),
      dMedian: effect(
        a.waits.map((x, r) => x - fullAccounts[k].waits[r]),
        band,
      ),
    }));
    options.onPart?.(i + 1, parts.length);
    return {
      part,
      touches,
      inPlay,
      withinInterval: meanInterval(w),
      dWithin: effect(w.map((x, r) => x - fullWithin[r])),
      accounts,
    };
  });
  return {
    runs: o.runs,
    full: {
      withinInterval: meanInterval(fullWithin),
      accounts: fullAccounts.map((a) => ({
        account: a.account,
        realMedianWait: a.realMedianWait,
        medianWait: meanInterval(a.waits),
      })),
    },
    rows,
  };
}
