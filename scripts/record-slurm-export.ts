/**
 * Runs the export script of docs/your-data.md on a local Slurm (needs root and Debian's Slurm +
 * MariaDB packages; cluster/slurm-export.ts) and writes what it printed into
 * test/fixtures/slurm/export/, the fixtures of the readers' tests, with a README naming the commands.
 *   npx tsx scripts/record-slurm-export.ts [outDir]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { SACCT_VARIANTS, recordSlurmExport } from "../cluster/slurm-export";
import { SLURM_EXPORT_SCRIPT } from "../lib/io/slurm-exports";

async function main(): Promise<void> {
  const out = process.argv[2] ?? path.join(__dirname, "..", "test", "fixtures", "slurm", "export");
  const r = await recordSlurmExport();
  fs.mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(r.files)) fs.writeFileSync(path.join(out, name), text);
  const variants = Object.entries(SACCT_VARIANTS)
    .map(([name, args]) => `- \`${name}\`: \`sacct ${args}\``)
    .join("\n");
  fs.writeFileSync(
    path.join(out, "README.md"),
    `Recorded by \`npx tsx scripts/record-slurm-export.ts\` on ${r.version} (a 2-node local cluster of 2 cores each, cluster/slurm-export.ts): the jobs there, then the export script of docs/your-data.md (lib/io/slurm-exports.ts), which wrote sacct.txt, sshare.txt, assoc.txt, config.txt (the private cluster's temp state folder written as \`<state>\`) and nodes.txt:\n\n\`\`\`sh\n${SLURM_EXPORT_SCRIPT}\n\`\`\`\n\nand the same jobs as sacct prints them in other shapes:\n\n${variants}\n`,
  );
  console.log(`wrote ${Object.keys(r.files).length} files to ${out} (${r.version})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
