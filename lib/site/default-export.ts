/**
 * The export notebook 18 reads by default: a site's export of jobs of minutes recorded on a real
 * Slurm 22.05 (data/site/cons-tres-minutes: 310 jobs of four accounts and ten users on nine unlike
 * nodes under select/cons_tres, topology/tree and fair share, with the cluster's own slurm.conf
 * beside the export script's files; its README says how it was recorded, each figure computed).
 * The pair data/site/fairshare-0 and fairshare-high is the real counterfactual of
 * lib/site/counterfactual.ts.
 */

/** The default export folder, from the project root. */
export const DEFAULT_SITE_EXPORT = "data/site/cons-tres-minutes";
