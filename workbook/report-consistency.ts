/**
 * Checks of an executed report that fail on a class of error, not on one sentence: a findings or
 * headline cell holding a placeholder where a number belongs (—, undefined, NaN); a quantity of the
 * scorecard quoted with two values, or on two scales, across the report's notebooks; a comparison
 * table row whose two settings are equal; an index that does not list the notebooks in their order.
 * Each check returns the problems it finds (empty: it passes); `npm test` runs them on report/
 * after the notebooks (scripts/test.ts).
 *
 * A quantity is a published column, `<metric>_<experiment>` of one thesis table, scored where the
 * thesis first printed it (lib/scorecard/tiers.ts) on one job source. Its mentions are read where
 * the views write them: tables with a `quantity` and an `ours` column (the summaries of notebooks
 * 07–10, the scorecard and headline tables), and sentences that name the quantity and then `ours N`
 * or `ours / thesis R [a, b]` / `ours − thesis D [a, b]` in the same clause. The table is the one
 * the line or caption names, else the notebook's table holding that column; the source is the
 * notebook's SOURCE, or the calibrated twin's for the rest of a paragraph that names it.
 */
import { readThesisTable } from "../lib/io/thesis-tables";
import { readThesisPoaTable } from "../lib/sim/thesis-poa";
import { MECHANISM_TABLES } from "../lib/scorecard/mechanism-rows";
import { firstPrinted } from "../lib/scorecard/tiers";
import { type Notebook, type NotebookOutput, cellTags } from "./notebook";

/** One problem found: where, and what. */
export interface ReportProblem {
  notebook: string;
  check: "placeholder" | "two values" | "equal settings" | "notebook order";
  what: string;
}

const text = (o: NotebookOutput): { md?: string; html?: string } => {
  if (o.output_type !== "display_data" && o.output_type !== "execute_result") return {};
  const d = o.data as Record<string, unknown>;
  const md = typeof d["text/markdown"] === "string" ? (d["text/markdown"] as string) : undefined;
  const html = typeof d["text/html"] === "string" ? (d["text/html"] as string) : undefined;
  return md !== undefined ? { md } : { html };
};

/** The outputs of a notebook's cells tagged `findings` or `headline` (what the index shows). */
function indexedOutputs(nb: Notebook): NotebookOutput[] {
  return nb.cells
    .filter((c) => c.cell_type === "code" && cellTags(c).some((t) => t === "findings" || t === "headline"))
    .flatMap((c) => c.outputs ?? []);
}

/** An HTML table's caption, header and rows (cell texts). */
interface HtmlTable {
  caption: string;
  header: string[];
  rows: string[][];
}

const unescape = (s: string) =>
  s
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();

/** The tables of an HTML text (schedgame's showTable markup). */
export function htmlTables(html: string): HtmlTable[] {
  return [...html.matchAll(/<table[^>]*>([\s\S]*?)<\/table>/g)].map((m) => {
    const body = m[1];
    const caption = unescape(/<caption>([\s\S]*?)<\/caption>/.exec(body)?.[1] ?? "");
    const header = [
      ...(/<thead>([\s\S]*?)<\/thead>/.exec(body)?.[1] ?? "").matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g),
    ].map((h) => unescape(h[1]));
    const rows = [
      ...(/<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1] ?? "").matchAll(/<tr>([\s\S]*?)<\/tr>/g),
    ].map((r) => [...r[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => unescape(c[1])));
    return { caption, header, rows };
  });
}

// a value left as a placeholder: a dash standing for a number, or a missing or undefined number
const PLACEHOLDER_WORD = /\b(undefined|NaN|Infinity)\b/;
const PLACEHOLDER_DASH = [/(^|[\s([:=])—(?=\s*([,;)\]]|$))/m, /\b(of|is|ours|thesis|to|from)\s+—(?=\s)/];
const NUMBER_COLUMN = /^(ours|thesis|ours \/ thesis.*|ratio|mean.*|value)$/i;

/** Findings and headline outputs that hold a placeholder where a number belongs. */
export function placeholderProblems(name: string, nb: Notebook): ReportProblem[] {
  const out: ReportProblem[] = [];
  for (const o of indexedOutputs(nb)) {
    const { md, html } = text(o);
    if (md !== undefined) {
      for (const line of md.split("\n")) {
        const hit = PLACEHOLDER_WORD.exec(line) ?? PLACEHOLDER_DASH.map((r) => r.exec(line)).find(Boolean);
        if (hit)
          out.push({
            notebook: name,
            check: "placeholder",
            what: `"${line.slice(Math.max(0, hit.index - 60), hit.index + 40).trim()}"`,
          });
      }
    }
    for (const t of html ? htmlTables(html) : [])
      t.rows.forEach((row) =>
        row.forEach((cell, k) => {
          const numberColumn = NUMBER_COLUMN.test(t.header[k] ?? "");
          if (PLACEHOLDER_WORD.test(cell) || (numberColumn && /^(—|–|-)$/.test(cell)))
            out.push({
              notebook: name,
              check: "placeholder",
              what: `table "${t.caption}", column ${t.header[k]}: "${cell}" in row ${row[0]}`,
            });
        }),
      );
  }
  return out;
}

/** Comparison tables (`from` and `to` columns) with a row that switches a setting to itself. */
export function equalSettingProblems(name: string, nb: Notebook): ReportProblem[] {
  const out: ReportProblem[] = [];
  for (const o of nb.cells.flatMap((c) => c.outputs ?? [])) {
    const { html } = text(o);
    for (const t of html ? htmlTables(html) : []) {
      const [from, to] = [t.header.indexOf("from"), t.header.indexOf("to")];
      if (from < 0 || to < 0) continue;
      for (const row of t.rows)
        if (row[from] !== "—" && row[from] === row[to])
          out.push({
            notebook: name,
            check: "equal settings",
            what: `table "${t.caption}": row ${row.slice(0, 2).join(" ")} compares ${row[from]} with itself`,
          });
    }
  }
  return out;
}

/** One quoted value of a quantity. */
export interface Mention {
  notebook: string;
  /** `<source> Table <n> <column>`, the column where the thesis first printed it. */
  key: string;
  /** "ours": our mean; "ratio" or "difference": the comparison's midpoint on that scale. */
  kind: "ours" | "ratio" | "difference";
  /** The value as written, and its number. */
  written: string;
  value: number;
  /** Decimals written. */
  decimals: number;
}

const QUANTITY = /\b(TV|TP|TW|AD|PM|SP|JP|NC)_(1A|1B1|1B2|1B3|1B|2B|3B|4B1|4B)\b/g;
const NUMBER = /[−-]?\d[\d,]*(?:\.\d+)?/;

const parseNumber = (s: string) => {
  const t = s.replace(/,/g, "").replace("−", "-");
  return { value: Number(t), decimals: (t.split(".")[1] ?? "").length };
};

/** The thesis tables a notebook reports (notebooks 07–09: MECHANISM_TABLES; 10: 28 and 29). */
function notebookTables(name: string): number[] {
  if (name.startsWith("10-")) return [28, 29];
  return Object.keys(MECHANISM_TABLES)
    .map(Number)
    .filter((t) => MECHANISM_TABLES[t].notebook === name);
}

/** The columns of thesis table `table` (10–29). */
function thesisColumns(table: number, root?: string): string[] {
  if (table >= 10 && table <= 27) return readThesisTable(table, root).columns;
  if (table === 28 || table === 29)
    return Object.keys(readThesisPoaTable(`table${table}.csv`, root)[0] ?? {});
  return [];
}

/** The key of column `column` named in `table` (or in the notebook's table holding it), where first printed. */
function keyOf(
  source: string,
  table: number | undefined,
  column: string,
  name: string,
  root?: string,
): string {
  const tables = table !== undefined ? [table] : notebookTables(name);
  const t = tables.find((x) => thesisColumns(x, root).includes(column)) ?? tables[0];
  if (t === undefined) return `${source} ? ${column}`;
  const first = firstPrinted(t, column);
  return first ? `${source} Table ${first.table} ${first.column}` : `${source} Table ${t} ${column}`;
}

/** The mentions of scorecard quantities in a notebook's outputs (module comment). */
export function quantityMentions(
  name: string,
  nb: Notebook,
  options: { calibrated?: string; root?: string } = {},
): Mention[] {
  const source = String(nb.metadata?.papermill?.parameters?.SOURCE ?? "twin");
  const calibrated = options.calibrated ?? "twin-v5";
  const out: Mention[] = [];
  const push = (key: string, kind: Mention["kind"], written: string) => {
    const n = NUMBER.exec(written);
    if (!n) return;
    const { value, decimals } = parseNumber(n[0]);
    if (Number.isFinite(value))
      out.push({ notebook: name, key, kind, written: written.trim(), value, decimals });
  };
  for (const o of nb.cells.flatMap((c) => c.outputs ?? [])) {
    const { md, html } = text(o);
    for (const paragraph of (md ?? "").split(/\n\s*\n/)) {
      const switchAt = paragraph.indexOf(calibrated);
      for (const line of paragraph.split("\n")) {
        const lineStart = paragraph.indexOf(line);
        const tokens = [...line.matchAll(QUANTITY)];
        tokens.forEach((m, k) => {
          const at = m.index ?? 0;
          const end = Math.min(
            tokens[k + 1]?.index ?? line.length,
            ...[";", ". ", "\n"].map((d) => {
              const i = line.indexOf(d, at);
              return i < 0 ? line.length : i;
            }),
          );
          const clause = line.slice(at + m[0].length, end);
          const tables = [...line.slice(0, end).matchAll(/Table (\d+)/g)];
          const table = tables.length ? Number(tables[tables.length - 1][1]) : undefined;
          const src = switchAt >= 0 && lineStart + at > switchAt ? calibrated : source;
          const key = keyOf(src, table, m[0], name, options.root);
          // "ours 0.87" (a value), not "ours 200/200" (a share of samples) nor "ours / thesis"
          const ours = /\bours (?![/−-])([−-]?\d[\d,]*(?:\.\d+)?)(?![\d,.]*\s*\/)/.exec(clause);
          if (ours) push(key, "ours", ours[1]);
          const cmp = /(?:ours \/ thesis|ours − thesis)\s+(Δ\s*)?([−-]?\d[\d,]*(?:\.\d+)?)/.exec(clause);
          if (cmp) push(key, cmp[0].startsWith("ours −") || cmp[1] ? "difference" : "ratio", cmp[2]);
        });
      }
    }
    for (const t of html ? htmlTables(html) : []) {
      const q = t.header.indexOf("quantity");
      const ours = t.header.indexOf("ours");
      const ratio = t.header.findIndex((h) => h.startsWith("ours / thesis"));
      const item = t.header.indexOf("item");
      if (q < 0 || ours < 0) continue;
      const captionTable = /Table (\d+)/.exec(t.caption)?.[1];
      for (const row of t.rows) {
        const m = /^(TV|TP|TW|AD|PM|SP|JP|NC)_(1A|1B1|1B2|1B3|1B|2B|3B|4B1|4B)\b/.exec(row[q] ?? "");
        if (!m) continue;
        const named =
          (item >= 0 ? /Table (\d+)/.exec(row[item])?.[1] : undefined) ?? /Table (\d+)/.exec(row[q])?.[1];
        const table = Number(named ?? captionTable ?? NaN);
        const key = keyOf(source, Number.isFinite(table) ? table : undefined, m[0], name, options.root);
        push(key, "ours", row[ours]);
        if (ratio >= 0 && NUMBER.test(row[ratio] ?? ""))
          push(
            key,
            row[ratio].trim().startsWith("Δ") ? "difference" : "ratio",
            row[ratio].replace(/^Δ\s*/, ""),
          );
      }
    }
  }
  return out;
}

/** Two written values agree when they round to the same number, within one unit, at the coarser one's precision. */
const sameValue = (a: Mention, b: Mention) => {
  const scale = 10 ** Math.min(a.decimals, b.decimals);
  return Math.abs(Math.round(a.value * scale) - Math.round(b.value * scale)) <= 1;
};

/** Quantities quoted with two values, or on two scales, across the mentions (module comment). */
export function twoValueProblems(mentions: readonly Mention[]): ReportProblem[] {
  const out: ReportProblem[] = [];
  const keys = [...new Set(mentions.map((m) => m.key))];
  for (const key of keys) {
    const mine = mentions.filter((m) => m.key === key);
    const scales = [...new Set(mine.filter((m) => m.kind !== "ours").map((m) => m.kind))];
    if (scales.length > 1)
      out.push({
        notebook: [...new Set(mine.map((m) => m.notebook))].join(", "),
        check: "two values",
        what: `${key} is compared on two scales: ${mine
          .filter((m) => m.kind !== "ours")
          .map((m) => `${m.kind} ${m.written} (${m.notebook})`)
          .join(" and ")}`,
      });
    for (const kind of ["ours", "ratio", "difference"] as const) {
      const vs = mine.filter((m) => m.kind === kind);
      const other = vs.find((v) => !sameValue(v, vs[0]));
      if (other)
        out.push({
          notebook: `${vs[0].notebook}, ${other.notebook}`,
          check: "two values",
          what: `${key} (${kind}) is ${vs[0].written} in ${vs[0].notebook} and ${other.written} in ${other.notebook}`,
        });
    }
  }
  return out;
}

/**
 * The index's notebooks table lists the notebooks in their file order (`names`, sorted), each once.
 */
export function indexOrderProblems(indexHtml: string, names: readonly string[]): ReportProblem[] {
  const table = indexHtml.slice(indexHtml.indexOf('id="notebooks"'));
  const listed = [...table.matchAll(/<td><a href="([^"]+)\.html">/g)].map((m) => m[1]);
  const expected = [...names].filter((n) => listed.includes(n)).sort();
  return listed.join(",") === expected.join(",")
    ? []
    : [
        {
          notebook: "index.html",
          check: "notebook order",
          what: `the index lists ${listed.join(", ")}; their order is ${expected.join(", ")}`,
        },
      ];
}

/** Every check on a report's executed notebooks (by name) and its index (module comment). */
export function reportProblems(
  notebooks: readonly { name: string; nb: Notebook }[],
  indexHtml?: string,
  options: { calibrated?: string; root?: string } = {},
): ReportProblem[] {
  const scored = /^(07|08|09|10|16)-/;
  return [
    ...notebooks.flatMap(({ name, nb }) => placeholderProblems(name, nb)),
    ...notebooks.flatMap(({ name, nb }) => equalSettingProblems(name, nb)),
    ...twoValueProblems(
      notebooks
        .filter((n) => scored.test(n.name))
        .flatMap(({ name, nb }) => quantityMentions(name, nb, options)),
    ),
    ...(indexHtml === undefined
      ? []
      : indexOrderProblems(
          indexHtml,
          notebooks.map((n) => n.name),
        )),
  ];
}
