/**
 * The closing cells of notebooks 07–10: the thesis's statements of each section — relations
 * between quantities that no single scorecard row carries (a statement that restates one row's
 * quantity is that row's, scored once) — each tested on the share of samples where it holds, the
 * thesis's own published samples against ours (the statistics samples of the results file), by
 * lib/agreement's `shareAgreement`: it *agrees* (holds as in the thesis), *differs*
 * or is *inconclusive* (views/scorecard/conclusions.ts shows them beside the section's scorecard rows).
 */
import { readThesisTable } from "../io/thesis-tables";
import { thesisTotalValueRows } from "../sim/thesis-poa";
import { type ShareAgreement, shareAgreement } from "../agreement/reference";
import type { ResultRow, ResultsFile } from "./results-file";
import { projectRoot } from "../util/project-paths";

/** A per-sample view: `<metric>_<experiment>` → value. */
export type WideSample = Record<string, number>;

/** A statement of the thesis and its test. */
export interface Claim {
  /** The statement, in the thesis's words where possible, with its section. */
  statement: string;
  /** Per-sample test (true = the sample agrees). */
  test: (s: WideSample) => boolean;
  /** Thesis tables whose columns the test reads. */
  tables: readonly number[];
  /** A candidate cause of a difference, found after seeing the results (shown labelled post-hoc). Defaults to none. */
  why?: string;
}

/** A checked claim. */
export interface CheckedClaim {
  statement: string;
  /** Thesis samples where the statement holds, and how many it has. */
  thesisAgree: number;
  thesisN: number;
  /** Our samples where it holds, and how many. */
  oursAgree: number;
  oursN: number;
  /** ours − thesis share with its interval. */
  difference: number;
  low: number;
  high: number;
  outcome: ShareAgreement["outcome"];
  why?: string;
}

/** Our statistics samples as wide rows (Clarke payments). */
export function wideSamples(rows: readonly ResultRow[], payment = "clarke"): WideSample[] {
  const by = new Map<string, WideSample>();
  for (const r of rows) {
    if (r.payment !== undefined && r.payment !== payment) continue;
    const s = by.get(r.sample as string) ?? {};
    for (const [k, v] of Object.entries(r))
      if (typeof v === "number") s[r.experiment === undefined ? k : `${k}_${r.experiment}`] = v;
    by.set(r.sample as string, s);
  }
  return [...by.values()];
}

/** The thesis's samples of several tables joined on the sample name (special sample 20 left out). */
export function thesisWideSamples(
  tables: readonly number[],
  root = projectRoot(),
  special = "sample_20.txt",
): WideSample[] {
  const by = new Map<string, WideSample>();
  for (const t of tables) {
    for (const r of readThesisTable(t, root).rows) {
      if (r.sample === special) continue;
      const s = by.get(r.sample as string) ?? {};
      for (const [k, v] of Object.entries(r)) if (typeof v === "number") s[k] = v;
      by.set(r.sample as string, s);
    }
  }
  return [...by.values()];
}

/** The thesis's Table 28 samples as wide rows (TV, TV_1B1, TV_1B2, TV_1B3, PoA; special sample left out). */
export function thesisSimSamples(root = projectRoot(), special = "sample_20.txt"): WideSample[] {
  return thesisTotalValueRows(root)
    .filter((r) => r.sample !== special)
    .map((r) => ({ TV: r.TV, TV_1B1: r.TV_1B1, TV_1B2: r.TV_1B2, TV_1B3: r.TV_1B3, PoA: r.PoA }));
}

/** Checks each claim on the thesis's samples and on ours (module comment). */
export function checkClaims(
  claims: readonly Claim[],
  results: ResultsFile,
  options: { root?: string; thesisSamples?: readonly WideSample[] } = {},
): CheckedClaim[] {
  const ours = wideSamples(results.tables.many ?? []);
  return claims.map((c) => {
    const th = c.tables.length ? thesisWideSamples(c.tables, options.root) : (options.thesisSamples ?? []);
    const thesisAgree = th.filter((x) => c.test(x)).length,
      oursAgree = ours.filter((x) => c.test(x)).length;
    const d = shareAgreement(oursAgree, ours.length, thesisAgree, th.length);
    return {
      statement: c.statement,
      thesisAgree,
      thesisN: th.length,
      oursAgree,
      oursN: ours.length,
      difference: d.difference,
      low: d.low,
      high: d.high,
      outcome: d.outcome,
      why: c.why,
    };
  });
}

/** A section's statements checked (notebook 07–10's conclusion). */
export interface SectionStatements {
  /** The notebook whose results it reads. */
  notebook: string;
  /** The thesis's section. */
  section: string;
  claims: CheckedClaim[];
}

/**
 * Every section's statements (Sections 6.3.1–6.4, notebooks 07–10) checked on the results files
 * given, in section order; a notebook without results is left out.
 */
export function sectionStatements(
  results: Readonly<Partial<Record<string, ResultsFile>>>,
  root = projectRoot(),
): SectionStatements[] {
  const sections = [
    ["07-main-experiments", "6.3.1", MAIN_CLAIMS],
    ["08-greedy-modified", "6.3.2", MODIFIED_CLAIMS],
    ["09-priority-model", "6.3.3", PRIORITY_CLAIMS],
    ["10-slurm-simulator", "6.3.4–6.4", SIM_CLAIMS],
  ] as const;
  return sections.flatMap(([notebook, section, claims]) => {
    const r = results[notebook];
    if (!r) return [];
    const thesisSamples = notebook === "10-slurm-simulator" ? thesisSimSamples(root) : undefined;
    return [{ notebook, section, claims: checkClaims(claims, r, { root, thesisSamples }) }];
  });
}

/** The statements of Section 6.3.1 (notebook 07): relations between experiments, in the thesis's words. */
export const MAIN_CLAIMS: readonly Claim[] = [
  {
    statement: "1A and 1B are almost equal: TV_1B ≥ 0.99·TV_1A (6.3.1, Table 10)",
    test: (s) => s.TV_1B >= 0.99 * s.TV_1A,
    tables: [10],
  },
  {
    statement: "3B achieves a lower Total Value than 1B (Table 10)",
    test: (s) => s.TV_3B < s.TV_1B,
    tables: [10],
  },
  {
    statement: "4B achieves a lower Total Value than 1A and 1B: experienced bids are lower (Table 10)",
    test: (s) => s.TV_4B < s.TV_1B,
    tables: [10],
  },
  {
    statement: "the Total Value is lower for 2B than for 4B (6.3.1, Table 10)",
    test: (s) => s.TV_2B < s.TV_4B,
    tables: [10],
  },
  {
    statement: "the payments of 4B are greater than those of 2B in almost all cases (6.3.1, Table 11)",
    test: (s) => s.TP_4B > s.TP_2B,
    tables: [11],
  },
  {
    statement: "3B makes some players pay more than their bid (Table 12)",
    test: (s) => s.PM_3B > 0,
    tables: [12],
  },
  {
    statement: "2B makes some players pay more than their bid (Table 12)",
    test: (s) => s.PM_2B > 0,
    tables: [12],
  },
];

/** The statements of Section 6.3.2 (notebook 08). */
export const MODIFIED_CLAIMS: readonly Claim[] = [
  {
    statement: "the modified greedy reaches at least the original's Total Value (Table 19)",
    test: (s) => s.TV_1B >= s.TV_1B1 && s.TV_4B >= s.TV_4B1,
    tables: [19],
  },
  {
    statement: "with the modified greedy some players pay more than their bid (Table 22)",
    test: (s) => s.PM_1B + s.PM_4B > 0,
    tables: [22],
    why: "PM > 0 appears only where the Clarke re-run of the skipping greedy refills a winner's nodes worse than the original; the share depends on how many jobs are skipped (the twin's joint node/minute shape)",
  },
];

/** The statements of Section 6.3.3 (notebook 09). */
export const PRIORITY_CLAIMS: readonly Claim[] = [
  {
    statement:
      "the priority order gives a lower Total Value than the greedy, for 1B and 4B (Table 24, Figure 20)",
    test: (s) => s.TV_1B < s.TV_1B1 && s.TV_4B < s.TV_4B1,
    tables: [24],
  },
  {
    statement: "many players pay more than their bid under priority (Table 26)",
    test: (s) => s.PM_1B > 0 && s.PM_4B > 0,
    tables: [26],
  },
  {
    statement: "some players are paid by the mechanism under priority (Table 27)",
    test: (s) => s.NC_1B > 0 || s.NC_4B > 0,
    tables: [27],
    why: "negative Clarke payments need the re-run without a winner to do better for the others than with her; with the skipping list that happens only when removing her lets a better-placed wide job in (see the skip/halt table above)",
  },
  {
    statement: "some Total Payments are negative (Table 25)",
    test: (s) => s.TP_1B < 0 || s.TP_4B < 0,
    tables: [25],
    why: "a negative total needs many paid players in one sample; ours has fewer (Table 27's row of the scorecard)",
  },
];

/** The statements of Sections 6.3.4–6.4 (notebook 10). */
export const SIM_CLAIMS: readonly Claim[] = [
  {
    statement:
      "the simulator's Total Value is closer to the priority model's than to the greedy's (6.3.4, Figure 21)",
    test: (s) => Math.abs(s.TV - s.TV_1B3) < Math.abs(s.TV - s.TV_1B1),
    tables: [],
  },
  {
    statement: "the simulator reaches less Total Value than the ideal knapsack model: PoA > 1 (Table 29)",
    test: (s) => s.PoA > 1,
    tables: [],
  },
  {
    statement: "PoA ≤ 2.1, the top of the thesis's Table 29 range",
    test: (s) => s.PoA <= 2.1,
    tables: [],
    why: "see the PoA decomposition: no simulator setting of the BSC template moves our PoA to the thesis's; the gap comes from the jobs (ours are the twin's)",
  },
];
