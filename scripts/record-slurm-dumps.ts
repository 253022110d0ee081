/**
 * Records real sacct / sshare / sprio output from a local Slurm (needs root and Debian's Slurm +
 * MariaDB packages) into test/fixtures/slurm/, the fixtures of the readers' unit tests.
 *   npx tsx scripts/record-slurm-dumps.ts [outDir]
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { recordSlurmDumps } from "../cluster/slurm-dumps";

async function main(): Promise<void> {
  const out = process.argv[2] ?? path.join(__dirname, "..", "test", "fixtures", "slurm");
  const d = await recordSlurmDumps();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "sacct.txt"), d.sacct);
  fs.writeFileSync(path.join(out, "sshare.txt"), d.sshare);
  fs.writeFileSync(path.join(out, "sprio.txt"), d.sprio);
  fs.writeFileSync(
    path.join(out, "README.md"),
    `Recorded by \`npx tsx scripts/record-slurm-dumps.ts\` on ${d.version} (a 2-node local cluster, cluster/slurm-dumps.ts):\n\n- \`sacct.txt\`: \`sacct --parsable2 --allusers --duplicates --format=${d.sacctFormat}\`\n- \`sshare.txt\`: \`sshare -a -l -P\`\n- \`sprio.txt\`: \`sprio -l\` while jobs pended\n`,
  );
  console.log(`wrote ${out}/{sacct,sshare,sprio}.txt (${d.version})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
