/**
 * The export notebook 18 reads by default: a folder written by the export script of
 * docs/your-data.md on a real Slurm 22.05 (its README names the commands and how it was recorded).
 */

/** The default export folder, from the project root. */
export const DEFAULT_SITE_EXPORT = "test/fixtures/slurm/export";
