/**
 * The published numbers of seed 004 (Section 5.2), kept in `data/reference/auctions/bye-results.csv`:
 * `metric,FS,PS,GV`, one row per statistic, `#` comment lines, blank cells where the seed gives no value.
 */
import {
  type ReferenceCsv,
  type ReferenceRecord,
  readReferenceCsv,
  referenceNumber,
} from "../io/reference-csv";
import { projectRoot } from "../util/project-paths";

/** The project-relative path of the seed's published results. */
export const BYE_RESULTS_PATH = "data/reference/auctions/bye-results.csv";

/** One published statistic per mechanism (NaN where the seed gives none). */
export interface ReferenceStatistic {
  metric: string;
  fs: number;
  ps: number;
  gv: number;
}

/** Reads the seed's results (relative to the project root, the kernel's working directory). */
export function readByeResults(file = BYE_RESULTS_PATH, root = projectRoot()): ReferenceStatistic[] {
  return _statistics(readReferenceCsv(file, root, COLUMNS));
}

const COLUMNS = ["metric", "FS", "PS", "GV"];

function _statistics(table: ReferenceCsv): ReferenceStatistic[] {
  const get = (r: ReferenceRecord, col: string) => referenceNumber(table, r, col, { blank: NaN });
  return table.records.map((r) => ({
    metric: r.values.metric,
    fs: get(r, "FS"),
    ps: get(r, "PS"),
    gv: get(r, "GV"),
  }));
}
