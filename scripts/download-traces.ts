/**
 * `npm run traces:download [-- <file>…] [--manifest <path>] [--out <dir>] [--force]`
 *
 * Downloads the workload traces listed in the traces manifest (default: `../shared/traces/manifest.json`,
 * else `data/traces/manifest.json`) into the git-ignored `data/traces/`, where `findTrace()` looks first.
 * Parallel Workloads Archive logs come from the archive itself
 * (https://www.cs.huji.ac.il/labs/parallel/workload/l_<dir>/<file>); the two non-archive files
 * (COARE, Lublin) come from the GitHub repository and commit the manifest names, gzipped here when
 * the source is plain `.swf`. Each file's SHA-256 is compared with the manifest's: a difference is
 * reported (the archive may serve a re-compressed copy) but the file is kept, since the job lines
 * are what matter; `npx vitest run test/io` then checks every job count against its header.
 *
 * Needs internet. Without it every download fails with a message naming the URL and the error,
 * and the script exits with status 1. Existing files are skipped unless `--force`.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";

interface ManifestEntry {
  file: string;
  kind: string;
  sha256?: string;
  source?: { repo?: string; path?: string; commit?: string };
}

/** Archive folder of each PWA log (the archive's URL scheme: l_<machine>/<file>). */
const PWA_DIRS: Record<string, string> = {
  "CEA-Curie": "l_cea_curie",
  "CTC-SP2": "l_ctc_sp2",
  HPC2N: "l_hpc2n",
  "KTH-SP2": "l_kth_sp2",
  "LLNL-Atlas": "l_llnl_atlas",
  "SDSC-BLUE": "l_sdsc_blue",
  "SDSC-Par": "l_sdsc_par",
  "SDSC-SP2": "l_sdsc_sp2",
  "Sandia-Ross": "l_sandia_ross",
  "NASA-iPSC": "l_nasa_ipsc",
  RICC: "l_ricc",
};
const PWA_BASE = "https://www.cs.huji.ac.il/labs/parallel/workload";

function urlFor(e: ManifestEntry): { url: string; gzip: boolean } {
  const base = path.basename(e.file);
  if (e.kind.startsWith("real-PWA")) {
    const key = Object.keys(PWA_DIRS).find((k) => base.startsWith(k + "-"));
    if (!key)
      throw new Error(
        `invalid manifest entry: ${JSON.stringify(e.file)}; expected a Parallel Workloads Archive log named <machine>-<year>-…`,
      );
    return { url: `${PWA_BASE}/${PWA_DIRS[key]}/${base}`, gzip: false };
  }
  const s = e.source;
  if (!s?.repo || !s.path || !s.commit)
    throw new Error(
      `invalid manifest entry: ${JSON.stringify(e.file)}; expected source.repo, source.path and source.commit for a non-archive file`,
    );
  return {
    url: `https://raw.githubusercontent.com/${s.repo}/${s.commit}/${s.path}`,
    gzip: !s.path.endsWith(".gz"),
  };
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url, { redirect: "follow", signal: AbortSignal.timeout(120_000) });
  if (!res.ok) throw new Error(`HTTP ${res.status} ${res.statusText}`);
  return Buffer.from(await res.arrayBuffer());
}

function parseArgs(argv: string[]) {
  const o = {
    files: [] as string[],
    manifest: undefined as string | undefined,
    out: path.join(process.cwd(), "data", "traces"),
    force: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--manifest") o.manifest = argv[++i];
    else if (a === "--out") o.out = argv[++i];
    else if (a === "--force") o.force = true;
    else if (a.startsWith("--"))
      throw new Error(`invalid option: ${a}; expected --manifest <path>, --out <dir>, --force or file names`);
    else o.files.push(a);
  }
  return o;
}

async function main(): Promise<number> {
  const o = parseArgs(process.argv.slice(2));
  const candidates = o.manifest
    ? [o.manifest]
    : [
        path.resolve(process.cwd(), "..", "shared", "traces", "manifest.json"),
        path.join(process.cwd(), "data", "traces", "manifest.json"),
      ];
  const manifestPath = candidates.find((p) => fs.existsSync(p));
  if (!manifestPath)
    throw new Error(`invalid manifest: none of ${candidates.join(", ")} exists; pass --manifest <path>`);
  const entries = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as ManifestEntry[];
  const wanted = o.files.length
    ? entries.filter((e) => o.files.some((f) => e.file === f || e.file.startsWith(f)))
    : entries;
  if (o.files.length && wanted.length === 0)
    throw new Error(`invalid file: ${o.files.join(", ")}; expected names from ${manifestPath}`);
  let failed = 0;
  for (const e of wanted) {
    const dest = path.join(o.out, e.file);
    if (fs.existsSync(dest) && !o.force) {
      console.log(`skip ${e.file}: already in ${o.out} (use --force to download again)`);
      continue;
    }
    let src: { url: string; gzip: boolean };
    try {
      src = urlFor(e);
    } catch (err) {
      console.error(`FAILED ${e.file}: ${(err as Error).message}`);
      failed++;
      continue;
    }
    try {
      let bytes = await fetchBytes(src.url);
      if (src.gzip) bytes = zlib.gzipSync(bytes, { level: 9 });
      zlib.gunzipSync(bytes); // refuse to store something that is not a gzip stream
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.writeFileSync(dest, bytes);
      const sha = createHash("sha256").update(bytes).digest("hex");
      const same = !e.sha256 || e.sha256 === sha;
      console.log(
        `ok   ${e.file}: ${bytes.length} bytes from ${src.url}${same ? "" : ` (sha256 ${sha.slice(0, 12)}… differs from the manifest's ${e.sha256!.slice(0, 12)}…: a different compression of the log; run npx vitest run test/io to check its job count)`}`,
      );
    } catch (err) {
      const cause = (err as Error & { cause?: Error }).cause;
      console.error(
        `FAILED ${e.file}: cannot download ${src.url}: ${(err as Error).message}${cause ? ` (${cause.message})` : ""}`,
      );
      failed++;
    }
  }
  if (failed)
    console.error(
      `${failed} of ${wanted.length} trace(s) failed. Without internet, use the shared copies in ../shared/traces (tests find them there) or set SCHEDGAME_TRACES.`,
    );
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).message);
    process.exit(2);
  },
);
