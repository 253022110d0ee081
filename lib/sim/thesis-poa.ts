/**
 * The thesis's published PoA tables (Tables 28 and 29, data/reference/thesis): read as published,
 * Table 28 as rows the Total Value figure can draw, and Table 29's PoA of its ordinary samples.
 */
import * as path from "node:path";
import { readReferenceCsv } from "../io/reference-csv";
import type { PoaRow } from "./poa";
import { projectRoot } from "../util/project-paths";

/** The rows of a thesis PoA table (data/reference/thesis/<name>) as its published strings. */
export function readThesisPoaTable(name: "table28.csv" | "table29.csv", root = projectRoot()) {
  return readReferenceCsv(path.join("data", "reference", "thesis", name), root).records.map((r) => r.values);
}

/** The thesis's Table 28 as rows the Total Value figure can draw (TV_1A and PoA_exact are NaN: not published). */
export function thesisTotalValueRows(root = projectRoot()): PoaRow[] {
  return readThesisPoaTable("table28.csv", root).map((v) => ({
    sample: v.sample,
    jobs: NaN,
    TV: Number(v.TV),
    TV_t0: NaN,
    TV_1B1: Number(v.TV_1B1),
    TV_1B2: Number(v.TV_1B2),
    TV_1B3: Number(v.TV_1B3),
    TV_1A: NaN,
    PoA: Number(v.TV_1B1) / Number(v.TV),
    PoA_exact: NaN,
  }));
}

/**
 * The thesis's Table 29 PoA of its ordinary samples (its special sample_20 left out, as its
 * statistics and the scorecard's Table 29 row do), as printed: TV_1B1 / TV of Table 28 to 2 decimals.
 */
export function thesisOrdinaryPoa(root = projectRoot()): number[] {
  return thesisTotalValueRows(root)
    .filter((r) => r.sample !== "sample_20.txt")
    .map((r) => Math.round(r.PoA * 100) / 100);
}
