/**
 * danfo.js DataFrames beside our arquero tables: the pandas-like exploration of a job table
 * (`describe()`, `valueCounts()`, `groupby().agg()`) on the cleaned jobs or a user's own log.
 * danfojs-node is loaded on first use (about two CPU seconds, TensorFlow.js included) through
 * {@link danfo}, which also puts TensorFlow.js in production mode so it prints no banner or warning.
 */
import * as aq from "arquero";
import type { ColumnTable } from "arquero";
import type { DataFrame, Series } from "danfojs-node";
import { invalidArgument } from "../util/errors";
import { once } from "../util/once";

/** The danfojs-node module's exports (`DataFrame`, `Series`, `readCSV`, `toCSV`, …). */
export type DanfoModule = typeof import("danfojs-node");

/** The danfojs-node module, required on the first call (TensorFlow.js in production mode). */
export const danfo: () => DanfoModule = once(() => {
  const dfd = require("danfojs-node") as DanfoModule;
  dfd.tensorflow.enableProdMode();
  return dfd;
});

/** Whether a value is a danfo.js DataFrame (recognised without loading danfo.js). */
export function isDataFrame(v: unknown): v is DataFrame {
  return (
    typeof v === "object" &&
    v !== null &&
    (v as { $isSeries?: unknown }).$isSeries === false &&
    Array.isArray((v as DataFrame).columns) &&
    Array.isArray((v as DataFrame).index)
  );
}

/** Whether a value is a danfo.js Series (recognised without loading danfo.js). */
export function isSeries(v: unknown): v is Series {
  return (
    typeof v === "object" &&
    v !== null &&
    (v as { $isSeries?: unknown }).$isSeries === true &&
    Array.isArray((v as Series).values) &&
    Array.isArray((v as Series).index)
  );
}

/** An arquero table (or an array of row objects) as a danfo.js DataFrame, column by column. */
export function toDataFrame(rows: ColumnTable | readonly object[]): DataFrame {
  const table = Array.isArray(rows) ? aq.from(rows as object[]) : (rows as ColumnTable);
  if (typeof (table as ColumnTable)?.columnNames !== "function") {
    throw invalidArgument("rows", rows, "an arquero table or an array of row objects");
  }
  const names = table.columnNames();
  if (names.length === 0) throw invalidArgument("rows", "a table with no columns", "at least one column");
  const columns = Object.fromEntries(names.map((n) => [n, Array.from(table.array(n) as ArrayLike<unknown>)]));
  return new (danfo().DataFrame)(columns);
}

/**
 * A danfo.js DataFrame or Series as an arquero table. `index` names a first column holding the
 * frame's index (e.g. "statistic" for `describe()`, "value" for `valueCounts()`); without it the
 * index is dropped. A Series becomes one column named after the Series ("value" when unnamed).
 * Columns keep the frame's order.
 */
export function fromDataFrame(frame: DataFrame | Series, options: { index?: string } = {}): ColumnTable {
  const { index } = options;
  if (index !== undefined && (typeof index !== "string" || index === "")) {
    throw invalidArgument("index", index, "a column name (a non-empty string)");
  }
  const columns: Record<string, unknown[]> = {};
  const order: string[] = [];
  const add = (name: string, values: unknown[]) => {
    if (name in columns) throw invalidArgument("index", index, `a name other than the column "${name}"`);
    columns[name] = values;
    order.push(name);
  };
  if (index !== undefined) add(index, [...frame.index]);
  if (isSeries(frame)) {
    const own = frame.columns?.[0] as string | undefined;
    const name = own === undefined || own === "0" ? "value" : own;
    add(name, [...(frame.values as unknown[])]);
  } else if (isDataFrame(frame)) {
    const values = frame.values as unknown[][];
    frame.columns.forEach((c, j) =>
      add(
        c,
        values.map((row) => row[j]),
      ),
    );
  } else throw invalidArgument("frame", frame, "a danfo.js DataFrame or Series");
  return aq.table(columns, order);
}

/** Whether a frame's index is other than the row numbers 0, 1, …, n − 1 (then it is worth showing). */
export function hasLabelledIndex(frame: DataFrame | Series): boolean {
  return frame.index.some((v, i) => v !== i);
}
