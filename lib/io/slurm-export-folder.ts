/**
 * A folder written by the export script (lib/io/slurm-exports.ts's `SLURM_EXPORT_SCRIPT`, shown in
 * docs/your-data.md) read whole, each file by its reader: sacct.txt (lib/io/sacct.ts), sshare.txt
 * (sshare.ts), assoc.txt (sacctmgr-assoc.ts), config.txt (scontrol-config.ts), nodes.txt
 * (sinfo-nodes.ts). A file that is absent is left out and named in `missing`; a file that is there
 * but malformed stops with its reader's error.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { type SacctDump, type SacctOptions, readSacct } from "./sacct";
import { type SacctmgrAssociation, parseSacctmgrAssociations } from "./sacctmgr-assoc";
import { readFileBytes } from "./read-file";
import { type ScontrolConfig, parseScontrolConfig } from "./scontrol-config";
import { type SinfoNode, parseSinfoNodes } from "./sinfo-nodes";
import { SLURM_EXPORT_FILES } from "./slurm-exports";
import { type SshareRecord, parseSshare } from "./sshare";
import { invalidArgument } from "../util/errors";

/** A read export folder; a part is undefined when its file is absent. */
export interface SlurmExport {
  dir: string;
  sacct?: SacctDump;
  sshare?: SshareRecord[];
  associations?: SacctmgrAssociation[];
  config?: ScontrolConfig;
  nodes?: SinfoNode[];
  /** The export's files that are absent (plain or `.gz`). */
  missing: string[];
}

/**
 * Reads an export folder (see the module comment).
 * @param options the sacct reader's options (columns of a header-less export, delimiter). Defaults to none.
 * @throws `invalid dir: …` when the folder holds none of the files; the readers' errors for a malformed file
 */
export function readSlurmExport(dir: string, options: { sacct?: SacctOptions } = {}): SlurmExport {
  const find = (name: string) =>
    [name, `${name}.gz`].map((n) => path.join(dir, n)).find((p) => fs.existsSync(p));
  const text = (p: string) => readFileBytes(p, "Slurm export file").toString("utf8");
  const out: SlurmExport = { dir, missing: [] };
  const files = SLURM_EXPORT_FILES;
  const read = <T>(name: string, parse: (p: string) => T): T | undefined => {
    const p = find(name);
    if (p === undefined) out.missing.push(name);
    return p === undefined ? undefined : parse(p);
  };
  out.sacct = read(files.sacct, (p) => readSacct(p, options.sacct));
  out.sshare = read(files.sshare, (p) => parseSshare(text(p), p));
  out.associations = read(files.associations, (p) => parseSacctmgrAssociations(text(p), p));
  out.config = read(files.config, (p) => parseScontrolConfig(text(p), p));
  out.nodes = read(files.nodes, (p) => parseSinfoNodes(text(p), p));
  if (out.missing.length === Object.keys(files).length)
    throw invalidArgument(
      "dir",
      dir,
      `a folder holding the export script's files ${Object.values(files).join(", ")} (docs/your-data.md)`,
    );
  return out;
}
