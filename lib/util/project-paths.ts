/**
 * Where the project's files are: the one module that reads the working directory and the
 * environment for paths. Every default folder of lib (published references, generated caches and
 * results, traces, site exports, committed studies) is a field of {@link projectPaths}; a function
 * that reads or writes a file takes its root from {@link projectRoot} when the caller gives none.
 * - the root: `SCHEDGAME_ROOT` when set, else the working directory (notebooks and scripts run from
 *   the project root);
 * - traces: `SCHEDGAME_TRACES` (when set), `data/traces/` (`npm run traces:download`), then the
 *   shared copy beside the project, `../shared/traces/`.
 */
import * as path from "node:path";

/** The project's folders, absolute. */
export interface ProjectPaths {
  root: string;
  /** Published tables and figures: `data/reference/`. */
  reference: string;
  /** The thesis's: `data/reference/thesis/`. */
  thesisReference: string;
  /** Generated data, caches and results (git-ignored): `data/generated/`. */
  generated: string;
  /** The folders searched for trace files, in order. */
  traces: string[];
  /** Committed site exports: `data/site/`. */
  site: string;
  /** Committed study tables: `data/studies/`. */
  studies: string;
}

/** The project root: `SCHEDGAME_ROOT`, else the working directory. */
export function projectRoot(): string {
  const env = process.env.SCHEDGAME_ROOT;
  return env ? path.resolve(env) : process.cwd();
}

/** The project's folders under `root` (see the module comment). */
export function projectPaths(root = projectRoot()): ProjectPaths {
  const data = path.join(root, "data");
  const traces = [path.join(data, "traces"), path.resolve(root, "..", "shared", "traces")];
  const env = process.env.SCHEDGAME_TRACES;
  return {
    root,
    reference: path.join(data, "reference"),
    thesisReference: path.join(data, "reference", "thesis"),
    generated: path.join(data, "generated"),
    // each folder once (SCHEDGAME_TRACES may name one of the others)
    traces: env ? [...new Set([path.resolve(root, env), ...traces])] : traces,
    site: path.join(data, "site"),
    studies: path.join(data, "studies"),
  };
}
