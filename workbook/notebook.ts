/**
 * The Jupyter notebook document (nbformat 4.5) as plain typed JSON: what the runner reads,
 * executes and writes, and what the report renders. Only the fields schedgame touches are typed;
 * everything else is carried through untouched.
 */
import type { MimeBundle } from "../views/display/display-sink";

/** One output of a code cell. */
export type NotebookOutput =
  | { output_type: "stream"; name: "stdout" | "stderr"; text: string | string[] }
  | { output_type: "display_data"; data: MimeBundle; metadata: Record<string, unknown>; transient?: unknown }
  | {
      output_type: "execute_result";
      data: MimeBundle;
      metadata: Record<string, unknown>;
      execution_count: number | null;
    }
  | { output_type: "error"; ename: string; evalue: string; traceback: string[] };

/** A notebook cell. `source` may be a string or a list of lines, as nbformat allows. */
export interface NotebookCell {
  cell_type: "code" | "markdown" | "raw";
  id?: string;
  metadata: Record<string, any>;
  source: string | string[];
  outputs?: NotebookOutput[];
  execution_count?: number | null;
  attachments?: unknown;
}

/** A whole notebook. */
export interface Notebook {
  nbformat: number;
  nbformat_minor: number;
  metadata: Record<string, any>;
  cells: NotebookCell[];
}

/** The cell's source as one string. */
export function cellSource(cell: NotebookCell): string {
  return Array.isArray(cell.source) ? cell.source.join("") : cell.source;
}

/** Splits text into nbformat's list-of-lines form (each line keeps its "\n"). */
export function toLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines.length === 1 && lines[0] === "" ? [] : lines;
}

/** The tags of a cell (`metadata.tags`), or an empty list. */
export function cellTags(cell: NotebookCell): string[] {
  const tags = cell.metadata?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
}

/**
 * Parses notebook JSON text.
 * @param text the .ipynb file content
 * @param file the file name, used in error messages
 * @throws `invalid notebook <file>: …` when the JSON or its shape is wrong
 */
export function parseNotebook(text: string, file = "<notebook>"): Notebook {
  let nb: any;
  try {
    nb = JSON.parse(text);
  } catch (e) {
    throw new Error(`invalid notebook ${file}: not JSON (${(e as Error).message})`);
  }
  if (!nb || typeof nb !== "object" || !Array.isArray(nb.cells)) {
    throw new Error(`invalid notebook ${file}: expected an object with a "cells" list`);
  }
  if (nb.nbformat !== 4) throw new Error(`invalid notebook ${file}: nbformat ${nb.nbformat}, expected 4`);
  nb.cells.forEach((c: any, i: number) => {
    if (!c || !["code", "markdown", "raw"].includes(c.cell_type)) {
      throw new Error(
        `invalid notebook ${file}: cell ${i + 1} has cell_type ${JSON.stringify(c?.cell_type)}`,
      );
    }
    c.metadata ??= {};
  });
  nb.metadata ??= {};
  return nb as Notebook;
}

/** Serialises a notebook as Jupyter does (1-space indent, trailing newline). */
export function formatNotebook(nb: Notebook): string {
  return JSON.stringify(nb, null, 1) + "\n";
}

/** A copy of the notebook with every code cell's outputs and execution count cleared. */
export function clearOutputs(nb: Notebook): Notebook {
  return {
    ...nb,
    metadata: Object.fromEntries(Object.entries(nb.metadata).filter(([k]) => k !== "papermill")),
    cells: nb.cells.map((c) => {
      if (c.cell_type !== "code") return c;
      const metadata = Object.fromEntries(
        Object.entries(c.metadata).filter(([k]) => k !== "papermill" && k !== "execution"),
      );
      return { ...c, metadata, outputs: [], execution_count: null };
    }),
  };
}
