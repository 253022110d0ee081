/**
 * The readers, and the one place a source's text is parsed: {@link parseSource} asks each reader
 * of {@link SOURCE_READERS} in turn whether it reads the text (the twin's names, `"live"`,
 * `"sacct:<file>"`, a folder of Autosubmit files or of a Slurm export, a file by its content, an SWF
 * trace's path or name) and {@link readSource} reads it with that reader. A user's own format is a
 * {@link SourceReader} passed in `readers` (docs/extending.md), or added to the list in its own file.
 */
import * as path from "node:path";
import { traceDirectories } from "../io/trace-paths";
import { invalidArgument } from "../util/errors";
import { projectRoot } from "../util/project-paths";
import { AUTOSUBMIT_READER } from "./autosubmit-reader";
import { JOBCOMP_READER } from "./jobcomp-reader";
import { SACCT_READER } from "./sacct-reader";
import { LIVE_EXPORT_READER, SLURM_EXPORT_READER } from "./slurm-export-reader";
import type { ReadSourceOptions, Source, SourceReader, SourceSpec } from "./source";
import { SWF_READER } from "./swf-reader";
import { TWIN_READER } from "./twin-reader";

/** The readers, in the order they are asked. */
export const SOURCE_READERS: readonly SourceReader[] = Object.freeze([
  TWIN_READER,
  LIVE_EXPORT_READER,
  SACCT_READER,
  AUTOSUBMIT_READER,
  SLURM_EXPORT_READER,
  JOBCOMP_READER,
  SWF_READER,
]);

/** Options of {@link parseSource}. */
export interface ParseSourceOptions {
  /** Project root: a relative path is read from it, traces are looked up under it. Defaults to lib/util/project-paths.ts's. */
  root?: string;
  /** The readers asked, in order. Defaults to {@link SOURCE_READERS}. */
  readers?: readonly SourceReader[];
}

/**
 * The spec of a source's text: the first reader that reads it.
 * @throws `invalid source: …` naming what each reader reads (and where traces are looked up) when none does
 */
export function parseSource(text: string, options: ParseSourceOptions = {}): SourceSpec {
  if (typeof text !== "string" || text.trim() === "")
    throw invalidArgument("source", text, readersList(options.readers ?? SOURCE_READERS));
  const root = options.root ?? projectRoot();
  const resolved = path.resolve(root, text);
  for (const r of options.readers ?? SOURCE_READERS) {
    const spec = r.claim(text, resolved, root);
    if (spec) return spec;
  }
  throw invalidArgument(
    "source",
    text,
    `${readersList(options.readers ?? SOURCE_READERS)}; traces are looked up in ${traceDirectories(root).join(", ")} ('npm run traces:download' fetches the public ones, or set SCHEDGAME_TRACES)`,
  );
}

function readersList(readers: readonly SourceReader[]): string {
  return `one of: ${readers.map((r) => r.reads).join("; ")}`;
}

/**
 * Reads a source: its text (parsed by {@link parseSource}) or a spec.
 * @throws `invalid source: …` as parseSource does, or when no reader reads the spec's kind; the reader's errors
 */
export function readSource(
  source: string | SourceSpec,
  options: ReadSourceOptions & { readers?: readonly SourceReader[] } = {},
): Source {
  const readers = options.readers ?? SOURCE_READERS;
  const spec = typeof source === "string" ? parseSource(source, { root: options.root, readers }) : source;
  const reader = readers.find((r) => r.kind === spec.kind);
  if (!reader) throw invalidArgument("source", spec.kind, readersList(readers));
  return reader.read(spec, options);
}
