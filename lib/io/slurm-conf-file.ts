/**
 * The file grammar of slurm.conf, gres.conf and topology.conf, as Slurm's parser reads it
 * (src/common/parse_config.c):
 *
 * - `_get_next_line`: a `#` not escaped by an odd run of `\` starts a comment; a line whose text
 *   (comment stripped) ends in an odd run of `\` (trailing blanks allowed) continues on the next,
 *   the last `\` dropped; then every `\` escapes the character after it (`\#` → `#`, `\\` → `\`).
 *   The joined line counts from its first physical line; empty lines are skipped.
 * - `_keyvalue_regex`: `Key[op]=Value` with optional blanks around `=`, the key of letters, digits,
 *   `_` and `.`, the op one of `+ - * /`, the value either `"…"` (blanks allowed, quotes dropped) or
 *   a run of non-blanks — so `SchedulerParameters==bf_max_job_user=20` has the value
 *   `=bf_max_job_user=20`. Keys are case-insensitive.
 * - `s_p_parse_file`: one pair per line, except the keys whose handler reads the rest of the line
 *   (NodeName, PartitionName, …: `lines` of the spec); whatever is left must be blank.
 * - `_parse_include_directive`: `Include <file>` (case-insensitive), `%c` replaced by ClusterName in
 *   lower case; a relative name is looked for beside the including file (Slurm before 23.02) or
 *   beside the main file (23.02 and later, `get_extra_conf_path`); globs are refused (24.05 says so,
 *   older releases fail to open the literal name).
 *
 * Two deviations, both to refuse what is surely a mistake: a value that opens a quote it never
 * closes is refused (Slurm keeps `"abc` as a literal when no blank follows), and a typed value that
 * Slurm's handler refuses (`CPUs=many`) stops the read (Slurm logs it and drops the value).
 */
import * as path from "node:path";
import { invalidField } from "../util/errors";
import { nearestNames } from "../util/nearest-names";

/** How a key's value is read (parse_config.h's S_P_* types). */
export type ConfValueType = "string" | "u16" | "u32" | "u64" | "bool" | "array";

/** The keys of one file kind: top-level keys, and the keys that take a line of pairs. */
export interface ConfSpec {
  /** The file kind, for errors ("slurm.conf"). */
  what: string;
  /** Top-level keys (canonical spelling) → type. */
  keys: Readonly<Record<string, ConfValueType>>;
  /** Keys whose handler reads the rest of the line → the keys it takes. */
  lines: Readonly<Record<string, Readonly<Record<string, ConfValueType>>>>;
}

/** One `Key=Value` pair. */
export interface ConfPair {
  /** The key in the spec's canonical spelling. */
  key: string;
  /** The value, quotes dropped. */
  value: string;
  /** The operator before `=` ("" for plain `=`). */
  op: string;
}

/** One entry of a file: a top-level pair, with the rest of its line's pairs for a line key. */
export interface ConfEntry extends ConfPair {
  /** The file it is in (an included file's path) and its 1-based line. */
  file: string;
  line: number;
  /** The line's further pairs (line keys only; [] otherwise). */
  pairs: ConfPair[];
}

/** How to read a file and its includes. */
export interface ConfReadOptions {
  /** The text of an included file, undefined when it does not exist. Defaults to none (every include missing). */
  read?: (file: string) => string | undefined;
  /** Slurm version ("20.11", …); 23.02 and later resolve relative includes beside the main file. Defaults to "" (beside the including file). */
  version?: string;
}

const PAIR = /^\s*([A-Za-z0-9_.]+)\s*([-*+/]?)=\s*(?:"([^"]*)"(?=\s|$)|(\S+))/;

/** The logical lines of a file's text (see the module comment): 1-based line and text. */
export function confLines(text: string): { line: number; text: string }[] {
  const phys = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const out: { line: number; text: string }[] = [];
  for (let i = 0; i < phys.length;) {
    const first = i;
    let joined = "";
    for (;;) {
      const stripped = stripComment(phys[i++]);
      const m = /(\\+)\s*$/.exec(stripped);
      if (m && m[1].length % 2 === 1 && i < phys.length) {
        joined += stripped.slice(0, m.index + m[1].length - 1);
        continue;
      }
      joined += m && m[1].length % 2 === 1 ? stripped.slice(0, m.index + m[1].length - 1) : stripped;
      break;
    }
    const unescaped = joined.replace(/\\(.?)/g, "$1");
    if (unescaped !== "") out.push({ line: first + 1, text: unescaped });
  }
  return out;
}

function stripComment(line: string): string {
  let bs = 0;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === "#" && bs % 2 === 0) return line.slice(0, i);
    bs = line[i] === "\\" ? bs + 1 : 0;
  }
  return line;
}

/** The canonical spelling of `key` in `table` (case-insensitive), or undefined. */
export function canonicalKey(table: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const low = key.toLowerCase();
  return Object.keys(table).find((k) => k.toLowerCase() === low);
}

/**
 * A whole number as Slurm's `s_p_handle_uint*` reads it (strtoul base 0: `0x` hex, a leading 0
 * octal; a `k` suffix ×1024 for u32/u64; UNLIMITED or INFINITE → Infinity); NaN when refused.
 */
export function confNumber(value: string, type: "u16" | "u32" | "u64"): number {
  if (/^(UNLIMITED|INFINITE)$/i.test(value)) return Infinity;
  const m = /^(0x[0-9a-f]+|0[0-7]*|[1-9]\d*)(k?)$/i.exec(value);
  if (!m || (m[2] !== "" && type === "u16")) return NaN;
  const n =
    (/^0x/i.test(m[1]) ? parseInt(m[1], 16) : /^0./.test(m[1]) ? parseInt(m[1], 8) : Number(m[1])) *
    (m[2] ? 1024 : 1);
  return n > { u16: 0xffff, u32: 0xffffffff, u64: Number.MAX_SAFE_INTEGER }[type] ? NaN : n;
}

/** A boolean as `s_p_handle_boolean` reads it (YES/UP/TRUE/1, NO/DOWN/FALSE/0); undefined when refused. */
export function confBoolean(value: string): boolean | undefined {
  return /^(yes|up|true|1)$/i.test(value) ? true : /^(no|down|false|0)$/i.test(value) ? false : undefined;
}

function checkValue(file: string, line: number, key: string, value: string, type: ConfValueType) {
  if (type === "bool" && confBoolean(value) === undefined)
    throw invalidField(file, line, key, value, "YES or NO (also UP/DOWN, TRUE/FALSE, 1/0)");
  if ((type === "u16" || type === "u32" || type === "u64") && Number.isNaN(confNumber(value, type)))
    throw invalidField(
      file,
      line,
      key,
      value,
      `a whole number${type === "u16" ? " up to 65535" : ""} or UNLIMITED`,
    );
}

/** Reads the pairs of `rest` into `pairs` by `table`; returns what is left (blank when all read). */
function readPairs(
  rest: string,
  table: Readonly<Record<string, ConfValueType>>,
  owner: string,
  where: { file: string; line: number },
  pairs: ConfPair[],
): string {
  for (;;) {
    const m = PAIR.exec(rest);
    if (!m) return rest;
    const key = canonicalKey(table, m[1]);
    if (!key)
      throw invalidField(
        where.file,
        where.line,
        `${owner} key`,
        m[1],
        `one of ${owner}'s keys (nearest: ${nearestNames(m[1], Object.keys(table)).join(", ")})`,
      );
    const value = pairValue(m, where, key);
    checkValue(where.file, where.line, key, value, table[key]);
    pairs.push({ key, value, op: m[2] });
    rest = rest.slice(m[0].length);
  }
}

function pairValue(m: RegExpExecArray, where: { file: string; line: number }, key: string): string {
  if (m[3] !== undefined) return m[3];
  if (m[4].startsWith('"') && !/^"[^"]*"/.test(m[4]))
    throw invalidField(
      where.file,
      where.line,
      key,
      m[4],
      'a closing " (the value opens a quote it never closes)',
    );
  return m[4];
}

/**
 * The entries of a file (see the module comment), includes read in place.
 * @throws `<file>:<line>: invalid key: …; expected …` naming the nearest known keys; `invalid line: …`
 *   for a line that is not `Key=Value` or has text after its pair; `invalid <Key>: …` for an
 *   unterminated quote or a value of the wrong type; `invalid Include: …` for a missing include, a
 *   glob, or `%c` without ClusterName; `invalid <LineKey> key: …` for an unknown key in a line
 */
export function parseConfFile(
  text: string,
  file: string,
  spec: ConfSpec,
  options: ConfReadOptions = {},
): ConfEntry[] {
  const entries: ConfEntry[] = [];
  _parse(text, file, file, spec, options, entries, 0);
  return entries;
}

function _parse(
  text: string,
  file: string,
  main: string,
  spec: ConfSpec,
  options: ConfReadOptions,
  entries: ConfEntry[],
  depth: number,
): void {
  const all = {
    ...spec.keys,
    ...Object.fromEntries(Object.keys(spec.lines).map((k) => [k, "array" as const])),
  };
  for (const { line, text: l } of confLines(text)) {
    const where = { file, line };
    const inc = /^include\s+(\S+)(.*)$/is.exec(l);
    if (inc) {
      if (inc[2].trim() !== "")
        throw invalidField(file, line, "line", inc[2].trim(), "nothing after Include <file>");
      const target = includePath(inc[1], where, main, entries, options.version ?? "");
      if (depth >= 16)
        throw invalidField(file, line, "Include", inc[1], "includes nested at most 16 deep (a loop?)");
      const body = options.read?.(target);
      if (body === undefined)
        throw invalidField(file, line, "Include", inc[1], `a file that exists (looked for ${target})`);
      _parse(body, target, main, spec, options, entries, depth + 1);
      continue;
    }
    const m = PAIR.exec(l);
    if (!m) {
      if (l.trim() === "") continue;
      throw invalidField(
        file,
        line,
        "line",
        l.trim().slice(0, 80),
        `Key=Value (${spec.what} has no line without "=")`,
      );
    }
    const key = canonicalKey(all, m[1]);
    if (!key)
      throw invalidField(
        file,
        line,
        "key",
        m[1],
        `a ${spec.what} key (nearest: ${nearestNames(m[1], Object.keys(all)).join(", ")})`,
      );
    const value = pairValue(m, where, key);
    checkValue(file, line, key, value, all[key]);
    const entry: ConfEntry = { key, value, op: m[2], file, line, pairs: [] };
    let rest = l.slice(m[0].length);
    if (spec.lines[key]) rest = readPairs(rest, spec.lines[key], key, where, entry.pairs);
    if (rest.trim() !== "")
      throw invalidField(
        file,
        line,
        "line",
        rest.trim().slice(0, 80),
        spec.lines[key]
          ? `${key}'s Key=Value pairs`
          : `one Key=Value per line (only ${Object.keys(spec.lines).join(", ")} take several)`,
      );
    entries.push(entry);
  }
}

function includePath(
  name: string,
  where: { file: string; line: number },
  main: string,
  entries: readonly ConfEntry[],
  version: string,
): string {
  if (name.includes("*"))
    throw invalidField(where.file, where.line, "Include", name, "one file name (Slurm reads no glob)");
  let out = name;
  if (out.includes("%c")) {
    const cluster = [...entries].reverse().find((e) => e.key === "ClusterName");
    if (!cluster)
      throw invalidField(
        where.file,
        where.line,
        "Include",
        name,
        "ClusterName set before an Include with %c",
      );
    out = out.split("%c").join(cluster.value.toLowerCase());
  }
  if (path.isAbsolute(out)) return out;
  const m = /^(\d+)\.(\d+)/.exec(version);
  const late = m !== null && Number(m[1]) * 100 + Number(m[2]) >= 2302;
  return path.join(path.dirname(late ? main : where.file), out);
}
