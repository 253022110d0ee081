/** The scorecard's input dependencies (lib/scorecard/dependencies.ts) as display rows. */
import { DEPENDENCIES } from "../../lib/scorecard/dependencies";

/** {@link DEPENDENCIES} as display rows: the input, what it states, where it holds, the rows it fixes and how. */
export function dependencyTable(): Record<string, string>[] {
  return DEPENDENCIES.map((d) => ({
    input: d.input,
    "what it states": d.statement,
    "holds on":
      d.sources === "every source"
        ? "every source"
        : d.sources.map((v) => (v === 2 ? "twin (v2)" : `twin-v${v}`)).join(", "),
    "rows it fixes (by construction)": d.rows.map((r) => `Table ${r.table} ${r.column}`).join(", "),
    how: d.how,
  }));
}
