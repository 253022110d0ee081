/**
 * The association tables (Table 1's form: `entity,parent,kind,shares,usage`), read by the one
 * reader of the published tables (lib/io/reference-csv.ts).
 */
import { type ReferenceCsv, readReferenceCsv, referenceNumber } from "../io/reference-csv";
import { invalidField } from "../util/errors";
import type { AssociationRow } from "./associations";
import { projectRoot } from "../util/project-paths";

const COLUMNS = ["entity", "parent", "kind", "shares"];

/**
 * Reads an association table `entity,parent,kind,shares,usage` (Table 1's form; usage may be blank
 * = 0, CPU·s), the path relative to the project root.
 * @throws `<file>:<line>: invalid <field>: …` for a missing column, a bad kind or a bad number
 */
export function readAssociationCsv(file: string, root = projectRoot()): AssociationRow[] {
  return _associations(readReferenceCsv(file, root, COLUMNS));
}

function _associations(table: ReferenceCsv): AssociationRow[] {
  const { file } = table;
  return table.records.map((r) => {
    const { values, line } = r;
    const kind = values.kind;
    if (kind !== "account" && kind !== "user")
      throw invalidField(file, line, "kind", kind, '"account" or "user"');
    if (!values.entity) throw invalidField(file, line, "entity", values.entity, "a non-empty name");
    if (!values.parent) throw invalidField(file, line, "parent", values.parent, "a non-empty name");
    const shares = referenceNumber(table, r, "shares", { min: 0 });
    return {
      entity: values.entity,
      parent: values.parent,
      kind,
      shares,
      usage: referenceNumber(table, r, "usage", { min: 0, blank: 0 }),
    };
  });
}
