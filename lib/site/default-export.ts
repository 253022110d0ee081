/**
 * The export notebook 18 reads by default: a folder written by the export script of
 * docs/your-data.md on a real Slurm 22.05 with select/cons_tres and fair share, 240 jobs of four
 * accounts and ten users (its README names the commands and how it was recorded;
 * scripts/record-site-export.ts). Its sibling data/site/fairshare-0 is the same workload under
 * PriorityWeightFairshare=0, the real counterfactual of lib/site/counterfactual.ts.
 */

/** The default export folder, from the project root. */
export const DEFAULT_SITE_EXPORT = "data/site/fairshare-high";
