/**
 * The first call of every notebook: loads plotly.js into the front end (so figures are
 * interactive in Notebook 6 and in JupyterLab without the Plotly extension)
 * (see {@link notebookEnvironment} for the project's environment facts).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { showPlotlyLibrary } from "./plot";
import { registerRichResults } from "./rich-result";
import { checkParameters } from "./check-parameters";

/** What a notebook runs on. */
export interface NotebookEnvironment {
  /** The project root (the kernel's working directory). */
  root: string;
  /** Node.js version. */
  node: string;
  /** Versions of the key packages, read from node_modules. */
  packages: Record<string, string>;
}

function packageVersion(root: string, name: string): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version;
  } catch {
    return "not installed";
  }
}

/** The environment facts, without side effects. */
export function notebookEnvironment(root = process.cwd()): NotebookEnvironment {
  const names = ["tslab", "@tslab/typescript-for-tslab", "arquero", "mathjs", "plotly.js-dist-min", "marked"];
  return {
    root,
    node: process.version,
    packages: Object.fromEntries(names.map((n) => [n, packageVersion(root, n)])),
  };
}

/**
 * Checks the notebook's parameters against their rules (PARAMETER_RULES), loads plotly.js into the
 * front end and lets a cell's last expression display richly (tables, figures; see
 * rich-result.ts). Returns nothing, so that it prints nothing as a cell's last expression; call
 * {@link notebookEnvironment} for the versions.
 * @param parameters the parameters cell's values by name, e.g. `{ SEED, W }`
 */
export function setupNotebook(parameters: Record<string, unknown> = {}, root = process.cwd()): void {
  checkParameters(parameters);
  showPlotlyLibrary(root);
  registerRichResults();
}

/** The environment as display rows: one `{package, version}` row per package, Node first. */
export function environmentRows(env: NotebookEnvironment): { package: string; version: string }[] {
  return [
    { package: "node", version: env.node },
    ...Object.entries(env.packages).map(([p, v]) => ({ package: p, version: v })),
  ];
}
