/**
 * A Slurm site's export folder (lib/io/slurm-export-folder.ts: sacct's jobs with any of sshare,
 * sacctmgr's associations, `scontrol show config`, sinfo's nodes, the site's own slurm.conf and
 * its companions, each file found by its name or its content), and `"live"`: the export script
 * of docs/your-data.md run now on this machine's Slurm (lib/io/slurm-export-live.ts), into a fresh
 * folder under the system's temp folder. Its jobs are sacct's (lib/source/sacct-reader.ts); the
 * machine is the configured nodes' (sinfo or slurm.conf) when the folder has them, else the one
 * the jobs imply.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { type SlurmExport, readSlurmExport, slurmExportHolds } from "../io/slurm-export-folder";
import { runSlurmExport } from "../io/slurm-export-live";
import { sinfoMachine } from "../io/sinfo-nodes";
import { invalidArgument } from "../util/errors";
import { sacctSource } from "./sacct-reader";
import type { ReadSourceOptions, Source, SourceReader, SourceSpec } from "./source";

/** A read export as a source. @throws `invalid export: …` when it holds no sacct export */
export function exportSource(spec: SourceSpec, exp: SlurmExport, options: ReadSourceOptions): Source {
  if (!exp.sacct)
    throw invalidArgument(
      "export",
      exp.dir,
      "a folder with sacct's jobs (sacct.txt, or any file beginning with sacct --parsable2's header; the export script of docs/your-data.md)",
    );
  const configured = exp.nodes?.length ? sinfoMachine(exp.nodes) : undefined;
  const machine = { ...configured, ...options.machine };
  const src = sacctSource(spec, exp.sacct, machine, { kind: "slurm", export: exp });
  const files = [...new Set([...exp.files, ...src.files])];
  return { ...src, files, description: `Slurm export ${exp.dir}: ${src.description}` };
}

/** The export folder's reader. */
export const SLURM_EXPORT_READER: SourceReader = {
  kind: "slurm-export",
  reads:
    "a Slurm export folder (sacct.txt with any of sshare.txt, assoc.txt, config.txt, nodes.txt, slurm.conf)",
  claim(text, resolved) {
    if (!fs.existsSync(resolved) || !fs.statSync(resolved).isDirectory()) return undefined;
    return slurmExportHolds(resolved) ? { kind: "slurm-export", text, path: resolved } : undefined;
  },
  read(spec, options) {
    // the folder named as the text names it (a site's label, what its study results are keyed by)
    const exp = readSlurmExport(spec.path!, { sacct: options.sacct });
    return exportSource(spec, { ...exp, dir: spec.text }, options);
  },
};

/** `"live"`: the export run now on this machine's Slurm. */
export const LIVE_EXPORT_READER: SourceReader = {
  kind: "live",
  reads: '"live" (the export script run now, where Slurm\'s commands are on PATH)',
  claim: (text) => (text === "live" ? { kind: "live", text } : undefined),
  read(spec, options) {
    const dir = runSlurmExport(fs.mkdtempSync(path.join(os.tmpdir(), "slurm-export-")));
    return exportSource({ ...spec, path: dir }, readSlurmExport(dir, { sacct: options.sacct }), options);
  },
};
