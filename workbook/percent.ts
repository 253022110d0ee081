/**
 * The "percent" script form of a notebook (as jupytext writes it for TypeScript), for authoring
 * notebooks as text:
 *
 *     // %% [markdown]
 *     // # Title
 *     // %% tags=["parameters"]
 *     const SEED = 1;
 *     // %%
 *     showTable(...)
 *
 * `// %%` starts a code cell; `// %% [markdown]` a markdown cell whose lines drop their leading
 * `// `. After the marker, `key=<JSON>` pairs (no spaces inside the JSON): `id="cell-findings"` sets
 * the cell's id (else `cell-<n>`), `tags=[...]` sets `metadata.tags`, any other key sets that
 * metadata field (e.g. `schedgame={"index_outputs":2}`), so a notebook survives the round trip.
 */
import { type Notebook, type NotebookCell, cellSource, cellTags, toLines } from "./notebook";

const MARKER = /^\/\/ %%(?:\s+\[(markdown|md)\])?((?:\s+[A-Za-z_]\w*=\S+)*)\s*$/;

/** The kernelspec metadata every schedgame notebook carries. */
export const SCHEDGAME_KERNELSPEC = {
  name: "schedgame",
  display_name: "schedgame (TypeScript)",
  language: "typescript",
};

/**
 * Builds a notebook from percent-format text.
 * @param text the script
 * @param file its name, for error messages
 * @throws `invalid cell marker <file>:<line>: …` for a malformed `// %%` line
 */
export function notebookFromPercent(text: string, file = "<script>"): Notebook {
  const cells: NotebookCell[] = [];
  let current:
    | { type: "code" | "markdown"; id?: string; metadata: Record<string, unknown>; lines: string[] }
    | undefined;
  const flush = () => {
    if (!current) return;
    const lines = current.lines.slice();
    while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
    while (lines.length && lines[0].trim() === "") lines.shift();
    const body = current.type === "markdown" ? lines.map((l) => l.replace(/^\/\/ ?/, "")) : lines;
    const metadata = current.metadata;
    const source = toLines(body.join("\n"));
    const id = current.id ?? `cell-${cells.length + 1}`;
    cells.push(
      current.type === "code"
        ? { cell_type: "code", id, metadata, source, outputs: [], execution_count: null }
        : { cell_type: "markdown", id, metadata, source },
    );
  };
  text.split("\n").forEach((line, i) => {
    if (!line.startsWith("// %%")) {
      if (!current) {
        if (line.trim() === "") return;
        throw new Error(`invalid script ${file}:${i + 1}: text before the first "// %%" marker`);
      }
      current.lines.push(line);
      return;
    }
    const m = MARKER.exec(line);
    if (!m)
      throw new Error(
        `invalid cell marker ${file}:${i + 1}: ${line}; expected "// %%", "// %% [markdown]" or "// %% tags=[...]"`,
      );
    const metadata: Record<string, unknown> = {};
    let id: string | undefined;
    for (const [, key, value] of (m[2] ?? "").matchAll(/([A-Za-z_]\w*)=(\S+)/g)) {
      let v: unknown;
      try {
        v = JSON.parse(value);
      } catch {
        throw new Error(`invalid cell marker ${file}:${i + 1}: ${key}=${value} is not JSON`);
      }
      if (key === "tags" && !(Array.isArray(v) && v.every((t) => typeof t === "string")))
        throw new Error(`invalid cell marker ${file}:${i + 1}: tags ${value} are not a JSON list of strings`);
      if (key === "id" && typeof v !== "string")
        throw new Error(`invalid cell marker ${file}:${i + 1}: id ${value} is not a JSON string`);
      if (key === "id") id = v as string;
      else metadata[key] = v;
    }
    flush();
    current = { type: m[1] ? "markdown" : "code", id, metadata, lines: [] };
  });
  flush();
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {
      kernelspec: SCHEDGAME_KERNELSPEC,
      language_info: { name: "typescript", file_extension: ".ts", mimetype: "text/typescript" },
    },
    cells,
  };
}

/** Writes a notebook back as percent-format text (outputs are dropped). */
export function percentFromNotebook(nb: Notebook): string {
  return nb.cells
    .filter((c) => c.cell_type !== "raw")
    .map((c) => {
      const tags = cellTags(c);
      const rest = Object.entries(c.metadata ?? {}).filter(([k]) => k !== "tags");
      const pairs = [
        ...(c.id ? [`id=${JSON.stringify(c.id)}`] : []),
        ...(tags.length ? [`tags=${JSON.stringify(tags)}`] : []),
        ...rest.map(([k, v]) => `${k}=${JSON.stringify(v)}`),
      ];
      const head = `// %%${c.cell_type === "markdown" ? " [markdown]" : ""}${pairs.map((p) => ` ${p}`).join("")}`;
      const src = cellSource(c).replace(/\n$/, "");
      const body =
        c.cell_type === "markdown"
          ? src
              .split("\n")
              .map((l) => (l ? `// ${l}` : "//"))
              .join("\n")
          : src;
      return `${head}\n${body}\n`;
    })
    .join("\n");
}
