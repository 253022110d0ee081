/**
 * `sshare -a -l -P` (Slurm's fair-share table, lib/io/slurm-exports.ts's `SSHARE_EXPORT_COMMAND`) →
 * one record per association: the tree comes from the Account column's indentation (one space per
 * level; a user's row is indented one level below its account), numbers as printed (`inf` →
 * Infinity, empty → null, RawShares `parent` → null). Read through lib/io/parsable.ts (`-p`'s
 * trailing `|` too); every missing column is named at once.
 */
import { type ParsableSpec } from "./parsable-layout";
import { readParsable, requireColumns } from "./parsable";
import { SSHARE_EXPORT_COMMAND } from "./slurm-exports";
import { invalidField } from "../util/errors";

/** One sshare row. Numbers as printed (LevelFS "inf" → Infinity; empty → null). */
export interface SshareRecord {
  account: string;
  user: string;
  /** Depth in the tree: the root account 0. */
  depth: number;
  /** The parent account (a user's is its account); null for the root. */
  parent: string | null;
  /** RawShares; null when empty or `parent` (the association uses its parent's). */
  rawShares: number | null;
  /** NormShares, null when empty. */
  normShares: number | null;
  /** RawUsage, CPU·s as sshare truncates it (0 when empty). */
  rawUsage: number;
  /** NormUsage: usage relative to the root's, 6 decimals (finer than RawUsage, which sshare truncates to an integer); 0 when empty. */
  normUsage: number;
  /** EffectvUsage, null when empty. */
  effectiveUsage: number | null;
  fairShare: number | null;
  levelFs: number | null;
  /** 1-based line in the file. */
  line: number;
}

const NUMBER = (v: string) => /^\s*(|inf|parent|-?\d+(\.\d+)?(e[+-]?\d+)?)\s*$/i.test(v);

/** sshare's table as the generic reader reads it. */
export const SSHARE_SPEC: ParsableSpec = Object.freeze({
  what: "sshare -a -l -P output",
  command: SSHARE_EXPORT_COMMAND,
  known: [
    "Cluster",
    "Account",
    "User",
    "Partition",
    "RawShares",
    "NormShares",
    "RawUsage",
    "NormUsage",
    "EffectvUsage",
    "FairShare",
    "LevelFS",
    "GrpTRESMins",
    "TRESRunMins",
  ],
  validators: Object.fromEntries(
    ["RawShares", "NormShares", "RawUsage", "NormUsage", "EffectvUsage", "FairShare", "LevelFS"].map((c) => [
      c,
      NUMBER,
    ]),
  ),
});

const REQUIRED = ["Account", "User", "RawShares", "RawUsage", "NormUsage", "FairShare", "LevelFS"].map(
  (c) => [c],
);

/**
 * Parses `sshare -a -l -P` (or `-p`) output.
 * @throws `<file>:1: invalid header: …` naming every missing column; `<file>:<line>: invalid <column>: …`
 *   for a value that is not a number, `inf` or empty
 */
export function parseSshare(text: string, file = "sshare"): SshareRecord[] {
  const t = readParsable(text, file, SSHARE_SPEC);
  requireColumns(t, REQUIRED, SSHARE_SPEC);
  const at = (name: string) => t.columns.indexOf(name);
  const stack: string[] = [];
  return t.rows.map((row) => {
    const get = (name: string) => (at(name) >= 0 ? row.values[at(name)] : "");
    const num = (field: string): number | null => {
      const v = get(field).trim();
      if (v === "" || v === "parent") return null;
      if (v === "inf") return Infinity;
      const x = Number(v);
      if (!Number.isFinite(x))
        throw invalidField(file, row.line, field, get(field), "a number, inf or empty");
      return x;
    };
    const acctRaw = get("Account"),
      user = get("User").trim();
    const depth = acctRaw.length - acctRaw.trimStart().length;
    const account = acctRaw.trim();
    let parent: string | null;
    if (user === "") {
      stack[depth] = account;
      stack.length = depth + 1;
      parent = depth === 0 ? null : (stack[depth - 1] ?? null);
    } else parent = account;
    return {
      account,
      user,
      depth,
      parent,
      rawShares: num("RawShares"),
      normShares: num("NormShares"),
      rawUsage: num("RawUsage") ?? 0,
      normUsage: num("NormUsage") ?? 0,
      effectiveUsage: num("EffectvUsage"),
      fairShare: num("FairShare"),
      levelFs: num("LevelFS"),
      line: row.line,
    };
  });
}
