/**
 * Slurm hostlists, the compressed node lists of slurm.conf (NodeName=, PartitionName's Nodes=,
 * topology.conf), gres.conf's File=, and sacct's NodeList, read by the grammar of Slurm's
 * `hostlist_create` (src/common/hostlist.c, `_hostlist_create_bracketed`): tokens split at commas,
 * spaces and tabs outside brackets; a token's last `[…]` holds a list of numbers and `lo-hi` ranges,
 * each padded to its low bound's width (`n[08-10]` → n08, n09, n10); the text before it may hold
 * more bracket groups, expanded outer first (`rack[1-2]-n[1-2]` → rack1-n1, rack1-n2, rack2-n1,
 * rack2-n2); text after the last `]` is a suffix (`n[1-2]-ib`, Slurm 23.11 and later). Names keep
 * the list's order and repeats (Slurm does not sort them).
 */
import { invalidArgument } from "../util/errors";

/** Slurm's limit on the hosts of one range (`MAX_RANGE`, 64 Ki). */
const MAX_RANGE = 64 * 1024;

/** The tokens of a hostlist: split at separators outside brackets; "" when a bracket is unclosed. */
function tokens(list: string): string[] {
  const out: string[] = [];
  let depth = 0,
    cur = "";
  for (const c of list) {
    if (c === "[") depth++;
    else if (c === "]") depth = Math.max(0, depth - 1);
    if (depth === 0 && /[,\s]/.test(c)) {
      if (cur !== "") out.push(cur);
      cur = "";
    } else cur += c;
  }
  if (cur !== "") out.push(cur);
  return out;
}

/** The numbers of one bracket's body (`01-03,7`) as padded strings, or the reason it is bad. */
function rangeList(body: string): string[] | string {
  const out: string[] = [];
  for (const part of body.split(",")) {
    const r = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!r) return `range "${part}" is not a number or lo-hi`;
    const lo = Number(r[1]),
      hi = Number(r[2] ?? r[1]);
    if (lo > hi) return `range "${part}" runs backwards`;
    if (hi - lo + 1 > MAX_RANGE) return `range "${part}" has more than ${MAX_RANGE} hosts`;
    for (let k = lo; k <= hi; k++) out.push(String(k).padStart(r[1].length, "0"));
  }
  return out;
}

/** The names of one token, or the reason it is bad. */
function expandToken(tok: string): string[] | string {
  const open = tok.lastIndexOf("[");
  if (open < 0) return tok.includes("]") ? `"]" without "["` : [tok];
  const close = tok.indexOf("]", open);
  if (close < 0) return `"[" without "]"`;
  const numbers = rangeList(tok.slice(open + 1, close));
  if (typeof numbers === "string") return numbers;
  const suffix = tok.slice(close + 1);
  if (suffix.includes("[") || suffix.includes("]")) return `stray bracket after "]"`;
  const prefixes = tok.slice(0, open).includes("[") ? expandToken(tok.slice(0, open)) : [tok.slice(0, open)];
  if (typeof prefixes === "string") return prefixes;
  return prefixes.flatMap((p) => numbers.map((n) => p + n + suffix));
}

/**
 * The node names of a hostlist (see the module comment), refusing what Slurm refuses.
 * @throws `invalid hostlist: …; expected …` naming the bad token and why (an unclosed bracket, a
 *   range that is not `lo-hi` of whole numbers, a backward range, more than 65536 hosts in a range)
 */
export function parseHostlist(list: string): string[] {
  const out: string[] = [];
  for (const tok of tokens(list)) {
    const names = expandToken(tok);
    if (typeof names === "string")
      throw invalidArgument(
        "hostlist",
        list,
        `Slurm's hostlist form such as n[01-10,12],gpu01 (${names} in "${tok}")`,
      );
    out.push(...names);
  }
  return out;
}

/**
 * The node names of a Slurm hostlist, as {@link parseHostlist} reads them: `n[1-3,5],m7` → n1, n2,
 * n3, n5, m7; a range keeps its zero padding (`c[08-10]` → c08, c09, c10); "None assigned" (a job
 * that never ran) → none. A malformed token (which Slurm itself never prints) gives no name.
 */
export function expandHostlist(list: string): string[] {
  if (list.trim() === "None assigned") return [];
  const out: string[] = [];
  for (const tok of tokens(list)) {
    const names = expandToken(tok);
    if (typeof names !== "string") out.push(...names);
  }
  return out;
}
