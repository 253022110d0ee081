/**
 * A Slurm site's export folder read whole, each file by its reader: sacct's jobs (lib/io/sacct.ts),
 * sshare (sshare.ts), sacctmgr's associations (sacctmgr-assoc.ts), `scontrol show config`
 * (scontrol-config.ts), sinfo's nodes (sinfo-nodes.ts), and the site's own `slurm.conf` with its
 * includes, gres.conf and topology.conf (slurm-conf.ts, read as slurm-conf-site.ts gives it).
 * slurm.conf stands in for `scontrol show config` and for sinfo's nodes where the folder has not
 * them (either source alone gives the settings and the nodes); with both, the running
 * configuration's are read and slurm.conf adds what they cannot say (the topology, and each node's
 * Weight where sinfo's table has no WEIGHT column). A file is found by the name the export
 * script gives it (lib/io/slurm-exports.ts's `SLURM_EXPORT_FILES`, plain or `.gz`), else by its
 * content (sacct's, sshare's, sacctmgr's and sinfo's header lines, scontrol's first line), so a
 * site's own file names work too; a file named as the script names it is read before others of its
 * kind (they are named in `notes`), and two files of one kind without that name are an error. A part whose file
 * is absent is left out and named in `missing`; a file that is there but malformed stops with its
 * reader's error; a file of no known kind is named in `notes`.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { type SacctDump, type SacctOptions, readSacct } from "./sacct";
import { type SacctmgrAssociation, parseSacctmgrAssociations } from "./sacctmgr-assoc";
import { readFileBytes } from "./read-file";
import { type ScontrolConfig, parseScontrolConfig } from "./scontrol-config";
import { type SinfoNode, parseSinfoNodes } from "./sinfo-nodes";
import { exportRelease } from "./export-release";
import { parseScontrolTopology } from "./scontrol-topology";
import { type SlurmConfSite, slurmConfSite } from "./slurm-conf-site";
import type { Topology } from "./topology-conf";
import { readSlurmConf } from "./slurm-conf";
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
  /** topology/tree's switches (`scontrol show topology`, else slurm.conf's topology.conf). */
  topology?: Topology;
  /** The site's slurm.conf (with its includes, gres.conf and topology.conf) as the replay reads it. */
  slurmConf?: SlurmConfSite;
  /** The parts whose file is absent, by the export script's file name (a part slurm.conf gives is not). */
  missing: string[];
  /** The files read, absolute. */
  files: string[];
  /** What reading found to say: files of no known kind, which file gave which part. */
  notes: string[];
}

/** The parts of an export, by the export script's file names. */
export type ExportPart = keyof typeof SLURM_EXPORT_FILES;

/** Each part's test of a file's first line(s), for files not named as the export script names them. */
const CONTENT: Readonly<Record<ExportPart, (head: string) => boolean>> = {
  sacct: (h) => /^JobID(Raw)?[|\t\u001f]/.test(h),
  sshare: (h) => /^Account\|User\|RawShares\|/.test(h),
  associations: (h) => /^Cluster\|Account\|User\|/.test(h),
  config: (h) => /^Configuration data as of /.test(h),
  nodes: (h) => /^NODELIST\|/.test(h) || /^(NODELIST|HOSTNAMES)\s*\|?\s*PARTITION/.test(h),
  topology: (h) => /^SwitchName=\S+ Level=\d+ /.test(h),
};

/** The first line of a file's text (gunzipped when gzip; "" when it cannot be read). */
function firstLine(file: string): string {
  try {
    const fd = fs.openSync(file, "r");
    const buf = Buffer.alloc(65536);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    fs.closeSync(fd);
    let b = buf.subarray(0, n);
    if (b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b)
      b = zlib.gunzipSync(b, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return b
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/, 1)[0];
  } catch {
    return "";
  }
}

/**
 * Which file of `dir` holds each part (see the module comment), and the files of no known kind.
 * @throws `invalid dir: …` when two files hold one part
 */
export function exportFiles(dir: string): {
  parts: Partial<Record<ExportPart, string>>;
  unknown: string[];
  also: string[];
} {
  const names = fs
    .readdirSync(dir)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
  const parts: Partial<Record<ExportPart, string>> = {};
  const byName = new Set<string>();
  for (const [part, name] of Object.entries(SLURM_EXPORT_FILES) as [ExportPart, string][]) {
    const f = [name, `${name}.gz`].find((n) => names.includes(n));
    if (f) {
      parts[part] = path.join(dir, f);
      byName.add(f);
    }
  }
  const unknown: string[] = [],
    also: string[] = [];
  for (const f of names) {
    if (byName.has(f)) continue;
    const head = firstLine(path.join(dir, f));
    const part = (Object.keys(CONTENT) as ExportPart[]).find((p) => CONTENT[p](head));
    if (!part) {
      unknown.push(f);
      continue;
    }
    if (parts[part] && byName.has(path.basename(parts[part]!))) {
      also.push(`${f} (${part}; ${path.basename(parts[part]!)} is read)`);
      continue;
    }
    if (parts[part])
      throw invalidArgument(
        "dir",
        dir,
        `one file per part of the export; ${path.basename(parts[part]!)} and ${f} both hold ${part} (name the one to read ${SLURM_EXPORT_FILES[part]}, or move the other out of the folder)`,
      );
    parts[part] = path.join(dir, f);
  }
  return { parts, unknown, also };
}

/** Whether `dir` holds a part of a Slurm export (by name or content) or a slurm.conf. */
export function slurmExportHolds(dir: string): boolean {
  return Object.keys(exportFiles(dir).parts).length > 0 || slurmConfFile(dir) !== undefined;
}

/**
 * The slurm.conf of a folder: `slurm.conf`, else the one `*.conf` file that sets ClusterName,
 * SlurmctldHost or ControlMachine (a site's own name for it); undefined when there is none.
 */
export function slurmConfFile(dir: string): string | undefined {
  const named = path.join(dir, "slurm.conf");
  if (fs.existsSync(named)) return named;
  const confs = fs
    .readdirSync(dir)
    .filter(
      (f) =>
        /\.conf$/.test(f) &&
        !/^(gres|topology|cgroup|slurmdbd|acct_gather|plugstack|job_container|oci|helpers|knl_generic|burst_buffer|mpi)\.conf$/.test(
          f,
        ),
    )
    .sort()
    .filter((f) => {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      return /^\s*(ClusterName|SlurmctldHost|ControlMachine)\s*=/im.test(text);
    });
  return confs.length === 1 ? path.join(dir, confs[0]) : undefined;
}

/**
 * Reads an export folder (see the module comment).
 * @param options the sacct reader's options (columns of a header-less export, delimiter). Defaults to none.
 * @throws `invalid dir: …` when the folder holds none of the parts, or two files of one part; the
 *   readers' errors for a malformed file
 */
export function readSlurmExport(dir: string, options: { sacct?: SacctOptions } = {}): SlurmExport {
  const { parts, unknown, also } = exportFiles(dir);
  const text = (p: string) => readFileBytes(p, "Slurm export file").toString("utf8");
  const out: SlurmExport = { dir, missing: [], files: [], notes: [] };
  const read = <T>(part: ExportPart, parse: (p: string) => T): T | undefined => {
    const p = parts[part];
    if (p === undefined) {
      out.missing.push(SLURM_EXPORT_FILES[part]);
      return undefined;
    }
    out.files.push(p);
    if (path.basename(p).replace(/\.gz$/, "") !== SLURM_EXPORT_FILES[part])
      out.notes.push(`${path.basename(p)} read as ${SLURM_EXPORT_FILES[part]} (by its content)`);
    return parse(p);
  };
  out.sacct = read("sacct", (p) => readSacct(p, options.sacct));
  out.sshare = read("sshare", (p) => parseSshare(text(p), p));
  out.associations = read("associations", (p) => parseSacctmgrAssociations(text(p), p));
  out.config = read("config", (p) => parseScontrolConfig(text(p), p));
  out.nodes = read("nodes", (p) => parseSinfoNodes(text(p), p));
  out.topology = read("topology", (p) => parseScontrolTopology(text(p), p));
  const confFile = slurmConfFile(dir);
  if (confFile) {
    // slurm.conf does not say its release; its defaults follow the release sacct's export implies
    const release = out.config?.version
      ? { version: out.config.version, basis: "" }
      : exportRelease(out.sacct);
    const conf = readSlurmConf(confFile, { version: release.version });
    const site = (out.slurmConf = slurmConfSite(conf, release.version));
    if (release.basis) out.notes.push(`slurm.conf's defaults: ${release.basis}`);
    out.files.push(confFile);
    const given = (part: ExportPart, what: string) => {
      out.missing = out.missing.filter((m) => m !== SLURM_EXPORT_FILES[part]);
      out.notes.push(`${what} from ${path.basename(confFile)} (no ${SLURM_EXPORT_FILES[part]})`);
    };
    if (!out.config) {
      out.config = site.config;
      given("config", "the settings");
    }
    if (!out.nodes) {
      out.nodes = site.nodes;
      given("nodes", "the nodes");
    } else if (out.nodes.every((n) => n.weight === undefined)) {
      const weight = new Map(site.nodes.map((n) => [n.node, n.weight]));
      out.nodes = out.nodes.map((n) =>
        weight.get(n.node) === undefined ? n : { ...n, weight: weight.get(n.node) },
      );
      out.notes.push(
        `each node's Weight from ${path.basename(confFile)} (${SLURM_EXPORT_FILES.nodes} has no WEIGHT column)`,
      );
    }
    if (site.topology && !out.topology) {
      out.topology = site.topology;
      out.missing = out.missing.filter((m) => m !== SLURM_EXPORT_FILES.topology);
      out.notes.push(`the topology from ${path.basename(confFile)}'s topology.conf`);
    }
  }
  if (out.files.length === 0)
    throw invalidArgument(
      "dir",
      dir,
      `a folder holding the export script's files ${Object.values(SLURM_EXPORT_FILES).join(", ")} (docs/your-data.md)`,
    );
  if (also.length)
    out.notes.push(`not read, the export script's file of the same part is: ${also.join(", ")}`);
  // slurm.conf and its companions are read through slurm.conf; the others are named
  const throughConf = new Set(confFile ? [path.basename(confFile), "gres.conf", "topology.conf"] : []);
  const other = unknown.filter((f) => !throughConf.has(f));
  if (other.length) out.notes.push(`not read (no known kind): ${other.join(", ")}`);
  return out;
}
