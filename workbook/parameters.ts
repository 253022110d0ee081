/**
 * Notebook parameters, papermill's convention: the first cell tagged `parameters` holds the
 * defaults; injected values go into a cell tagged `injected-parameters` placed right after it
 * (replaced in place when one exists), written as TypeScript declarations of JSON literals —
 * values are never evaluated as code. Each tslab cell is its own module, so redeclaring a
 * `const` there shadows the default for every later cell.
 */
import { type Notebook, type NotebookCell, cellSource, cellTags, toLines } from "./notebook";

/** A parameter value: any JSON value. */
export type ParameterValue =
  null | boolean | number | string | ParameterValue[] | { [k: string]: ParameterValue };

/** The names declared at top level of a parameters cell (`const|let|var NAME`). */
export function declaredParameters(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/^(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)/gm))
    names.push(m[1]);
  return names;
}

/** Index of the first cell tagged `parameters`, or -1. */
export function parametersCellIndex(nb: Notebook): number {
  return nb.cells.findIndex((c) => c.cell_type === "code" && cellTags(c).includes("parameters"));
}

/** The source of the injected cell for the given values. */
export function injectedSource(params: Record<string, ParameterValue>): string {
  const lines = Object.entries(params).map(([k, v]) => `const ${k} = ${JSON.stringify(v)};`);
  return ["// Parameters", ...lines].join("\n");
}

/**
 * A copy of the notebook with `params` injected (papermill layout) and `metadata.papermill.parameters`
 * set. With no params, the notebook is returned with only the metadata set.
 * @throws `invalid parameter <name> for <notebook>: …` naming the known parameters, for an unknown name;
 *   `invalid notebook <notebook>: …` when params are given but no cell is tagged `parameters`
 */
export function injectParameters(
  nb: Notebook,
  params: Record<string, ParameterValue>,
  notebookName = "<notebook>",
): Notebook {
  const names = Object.keys(params);
  const idx = parametersCellIndex(nb);
  const known = idx >= 0 ? declaredParameters(cellSource(nb.cells[idx])) : [];
  for (const n of names) {
    if (!/^[A-Za-z_$][\w$]*$/.test(n))
      throw new Error(
        `invalid parameter name for ${notebookName}: ${JSON.stringify(n)}; expected an identifier`,
      );
    if (idx < 0)
      throw new Error(
        `invalid notebook ${notebookName}: no cell is tagged "parameters", so ${n} cannot be set`,
      );
    if (!known.includes(n))
      throw new Error(
        `invalid parameter ${n} for ${notebookName}; known parameters: ${known.join(", ") || "(none)"}`,
      );
    const bad = nonFinite(params[n], n);
    if (bad)
      throw new Error(
        `invalid parameter ${bad.path} for ${notebookName}: ${bad.value}; expected a finite JSON literal (JSON has no Infinity or NaN, so it would become null)`,
      );
  }
  const cells = nb.cells.slice();
  if (names.length) {
    const injected: NotebookCell = {
      cell_type: "code",
      id: "injected-parameters",
      metadata: { tags: ["injected-parameters"] },
      source: toLines(injectedSource(params)),
      outputs: [],
      execution_count: null,
    };
    const existing = cells.findIndex((c) => cellTags(c).includes("injected-parameters"));
    if (existing >= 0) cells[existing] = injected;
    else cells.splice(idx + 1, 0, injected);
  }
  const papermill = { ...(nb.metadata.papermill ?? {}), parameters: params, default_parameters: {} };
  return { ...nb, metadata: { ...nb.metadata, papermill }, cells };
}

/** The first number in a parameter value that JSON cannot carry (±Infinity, NaN), with its path. */
function nonFinite(v: unknown, at: string): { path: string; value: string } | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? undefined : { path: at, value: String(v) };
  if (Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) {
      const b = nonFinite(v[k], `${at}[${k}]`);
      if (b) return b;
    }
  } else if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      const b = nonFinite(x, `${at}.${k}`);
      if (b) return b;
    }
  }
  return undefined;
}

/**
 * Parses one CLI `--param <notebook>:<name>=<JSON literal>` argument.
 * @throws `invalid --param …` when the form or the JSON is wrong
 */
export function parseParamArg(arg: string): { notebook: string; name: string; value: ParameterValue } {
  const m = /^([^:=]+):([A-Za-z_$][\w$]*)=(.*)$/s.exec(arg);
  if (!m)
    throw new Error(
      `invalid --param: ${JSON.stringify(arg)}; expected <notebook>:<name>=<JSON literal>, e.g. 01-slurm-priority:SEED=7`,
    );
  let value: ParameterValue;
  try {
    value = JSON.parse(m[3]);
  } catch {
    throw new Error(
      `invalid --param ${m[1]}:${m[2]}: ${JSON.stringify(m[3])} is not a JSON literal (strings need quotes: '"text"')`,
    );
  }
  const bad = nonFinite(value, m[2]);
  if (bad)
    throw new Error(
      `invalid --param ${m[1]}:${bad.path}: ${JSON.stringify(m[3])} holds ${bad.value}; expected a finite JSON literal (it would become null)`,
    );
  return { notebook: m[1].replace(/\.ipynb$/, ""), name: m[2], value };
}
