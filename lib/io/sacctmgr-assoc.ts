/**
 * `sacctmgr -P show associations tree format=…` (lib/io/slurm-exports.ts's
 * `SACCTMGR_ASSOC_EXPORT_COMMAND`; sacctmgr's default columns read too) → one row per association:
 * cluster, account, user (empty for an account's own association), partition, the parent account,
 * the depth and the shares. With `tree`, sacctmgr indents an account one space per level below its
 * parent and prints a user's association with its account indented one level further
 * (`slurmdb_tree_name_get` in Slurm's slurmdb_defs.c); the parent is ParentName when the export has
 * it, else the account one level up in that indentation. Share `parent` (the association uses its
 * parent's shares) is kept as the word.
 */
import { type ParsableSpec } from "./parsable-layout";
import { readParsable, requireColumns } from "./parsable";
import { SACCTMGR_ASSOC_EXPORT_COMMAND } from "./slurm-exports";
import { slurmDuration } from "./slurm-time";
import { invalidField } from "../util/errors";

/** One association. */
export interface SacctmgrAssociation {
  cluster: string;
  account: string;
  /** The user; "" for an account's own association. */
  user: string;
  partition: string;
  kind: "account" | "user";
  /** The parent account (a user's is its account); null for a tree's root. */
  parent: string | null;
  /** Depth in the tree (the root 0), from the indentation; 0 throughout without `tree`. */
  depth: number;
  /** Raw shares (Share), or "parent" for an association that uses its parent's. */
  shares: number | "parent";
  /** Priority, NaN when empty. */
  priority: number;
  /** QOS names allowed. */
  qos: string[];
  /** Default QOS ("" when none). */
  defaultQos: string;
  /** GrpTRES and MaxTRES as printed ("" when none). */
  grpTres: string;
  maxTres: string;
  /** MaxWall, seconds; NaN when none. */
  maxWall: number;
  /** 1-based line in the file. */
  line: number;
}

const COUNT = (v: string) => /^\d*$/.test(v.trim());

/** sacctmgr's association table as the generic reader reads it. */
export const SACCTMGR_ASSOC_SPEC: ParsableSpec = Object.freeze({
  what: "sacctmgr -P show associations tree output",
  command: SACCTMGR_ASSOC_EXPORT_COMMAND,
  known: [
    ...(
      "Cluster Account User Partition ParentName ParentID Share Priority GrpJobs GrpJobsAccrue GrpTRES " +
      "GrpSubmit GrpWall GrpTRESMins GrpTRESRunMins MaxJobs MaxJobsAccrue MaxTRES MaxTRESPerNode MaxSubmit " +
      "MaxWall MaxTRESMins MaxTRESRunMins QOS ID LFT RGT"
    ).split(" "),
    "Def QOS",
  ],
  validators: { Share: (v: string) => /^\s*(\d*|parent)\s*$/.test(v), Priority: COUNT, ID: COUNT },
});

/**
 * Parses sacctmgr's association table (see the module comment).
 * @throws `<file>:1: invalid header: …` naming every missing column (Account, User, Share); `<file>:<line>:
 *   invalid <column>: …` for a bad Share, Priority or MaxWall, or an account whose parent neither
 *   ParentName nor the tree's indentation gives
 */
export function parseSacctmgrAssociations(text: string, file = "sacctmgr"): SacctmgrAssociation[] {
  const t = readParsable(text, file, SACCTMGR_ASSOC_SPEC);
  requireColumns(t, [["Account"], ["User"], ["Share"]], SACCTMGR_ASSOC_SPEC);
  const at = (name: string) => t.columns.indexOf(name);
  const hasParent = at("ParentName") >= 0;
  const stack: string[] = [];
  return t.rows.map((row) => {
    const get = (name: string) => (at(name) >= 0 ? row.values[at(name)] : "");
    const acctRaw = get("Account"),
      user = get("User").trim(),
      account = acctRaw.trim();
    const depth = acctRaw.length - acctRaw.trimStart().length;
    let parent: string | null;
    if (user !== "") parent = account;
    else {
      stack[depth] = account;
      stack.length = depth + 1;
      parent = hasParent ? get("ParentName").trim() || null : depth === 0 ? null : (stack[depth - 1] ?? null);
      if (parent === null && depth > 0)
        throw invalidField(
          file,
          row.line,
          "Account",
          acctRaw,
          "an account below its parent (show associations tree)",
        );
    }
    const share = get("Share").trim();
    if (!/^(\d+|parent)$/.test(share))
      throw invalidField(file, row.line, "Share", share, "a whole number of shares or parent");
    const priority = get("Priority").trim();
    if (!/^\d*$/.test(priority))
      throw invalidField(file, row.line, "Priority", priority, "a whole number or empty");
    const wall = get("MaxWall").trim();
    const maxWall = slurmDuration(wall);
    if (wall !== "" && Number.isNaN(maxWall))
      throw invalidField(file, row.line, "MaxWall", wall, "[D-]HH:MM:SS or empty");
    return {
      cluster: get("Cluster").trim(),
      account,
      user,
      partition: get("Partition").trim(),
      kind: user === "" ? "account" : "user",
      parent,
      depth,
      shares: share === "parent" ? "parent" : Number(share),
      priority: priority === "" ? NaN : Number(priority),
      qos: get("QOS").trim() === "" ? [] : get("QOS").trim().split(","),
      defaultQos: get("Def QOS").trim(),
      grpTres: get("GrpTRES").trim(),
      maxTres: get("MaxTRES").trim(),
      maxWall,
      line: row.line,
    };
  });
}
