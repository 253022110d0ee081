/**
 * Records the site workload of cluster/site-workload.ts on the local Slurm under both settings of
 * cluster/site-recording.ts (at the same time, on two private clusters; needs root and Debian's
 * Slurm + MariaDB packages) and writes each export into data/site/<setting>/ with a README naming
 * how it was made. data/site/fairshare-high/ is notebook 18's default export.
 *   npx tsx scripts/record-site-export.ts [outDir]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { SITE_SETTINGS, type SiteSettingName, recordSite } from "../cluster/site-recording";
import { SLURM_EXPORT_SCRIPT } from "../lib/io/slurm-exports";

async function main(): Promise<void> {
  const root = process.argv[2] ?? path.join(__dirname, "..", "data", "site");
  const names = Object.keys(SITE_SETTINGS) as SiteSettingName[];
  const recordings = await Promise.all(names.map((n) => recordSite(n)));
  for (const r of recordings) {
    const out = path.join(root, r.setting);
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out, { recursive: true });
    for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(out, name), text);
    fs.writeFileSync(
      path.join(out, "README.md"),
      `Recorded by \`npx tsx scripts/record-site-export.ts\` on ${r.version}: 8 nodes of 4 cores with select/cons_tres, the multifactor priority with Fair Tree and PriorityWeightFairshare=${SITE_SETTINGS[r.setting]}, four accounts and ten users (cluster/site-workload.ts), the seeded workload of whole-node jobs of seconds (cluster/site-recording.ts; ${r.wallSeconds} s of wall time), then the export script of docs/your-data.md (the private cluster's temp state folder written as \`<state>\` in config.txt):\n\n\`\`\`sh\n${SLURM_EXPORT_SCRIPT}\n\`\`\`\n`,
    );
    console.log(`wrote ${Object.keys(r.files).length} files to ${out} (${r.version}, ${r.wallSeconds} s)`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
