/**
 * How a cell's last expression is displayed (the kernel's `execute_result`): an arquero table or a
 * danfo.js DataFrame/Series as a table, a figure object ({data: [...], layout}) as a Plotly figure, anything else as Node's REPL prints it.
 * kernel/jupyter-shim.cjs calls the function that {@link registerRichResults} installs; without it
 * (outside a notebook that ran setupNotebook) the shim prints text only.
 */
import { inspect } from "node:util";
import type { ColumnTable } from "arquero";
import type { MimeBundle } from "./display-sink";
import { plotBundle, type PlotFigure } from "./plot";
import { isDataFrame, isSeries } from "../../lib/io/dataframe";
import { tableBundle } from "./table";

/** The global the kernel shim looks for. */
export const RICH_RESULT_HOOK = "__schedgameRichResult";

function isTable(v: unknown): v is ColumnTable {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as ColumnTable).numRows === "function" &&
    typeof (v as ColumnTable).columnNames === "function" &&
    typeof (v as ColumnTable).objects === "function"
  );
}

function isFigure(v: unknown): v is PlotFigure {
  if (typeof v !== "object" || v === null || !Array.isArray((v as PlotFigure).data)) return false;
  const d = (v as PlotFigure).data as unknown[];
  return (
    d.length > 0 &&
    d.every(
      (t) => typeof t === "object" && t !== null && ("type" in t || "x" in t || "y" in t || "values" in t),
    )
  );
}

/** The MIME bundle of a cell's last value. */
export function richResult(value: unknown): MimeBundle {
  if (isTable(value) || isDataFrame(value) || isSeries(value)) return tableBundle(value, { limit: 20 });
  if (isFigure(value)) return plotBundle(value);
  return { "text/plain": inspect(value) };
}

/** Installs {@link richResult} where the kernel shim finds it (called by setupNotebook). */
export function registerRichResults(): void {
  (globalThis as Record<string, unknown>)[RICH_RESULT_HOOK] = richResult;
}
