/** Small association trees shared by the slurm tests. */
import type { AssociationRow } from "../../lib/slurm/associations";

/**
 * The SchedMD tie-rule tree: two accounts with equal shares and usage (their users tie across
 * accounts), a user `x` directly under root, and a zero-share user `z` without usage.
 */
export const SCHEDMD_TIE_ROWS: readonly AssociationRow[] = Object.freeze([
  { entity: "A", parent: "root", kind: "account", shares: 1 },
  { entity: "a1", parent: "A", kind: "user", shares: 1, usage: 10 },
  { entity: "a2", parent: "A", kind: "user", shares: 1, usage: 30 },
  { entity: "B", parent: "root", kind: "account", shares: 1 },
  { entity: "b1", parent: "B", kind: "user", shares: 1, usage: 10 },
  { entity: "b2", parent: "B", kind: "user", shares: 1, usage: 30 },
  { entity: "x", parent: "root", kind: "user", shares: 1, usage: 40 },
  { entity: "z", parent: "root", kind: "user", shares: 0, usage: 0 },
] as AssociationRow[]);
