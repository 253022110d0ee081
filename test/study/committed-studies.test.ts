/**
 * The committed study tables (data/studies/<name>.jsonl, read by notebooks 11, 14 and 15) were
 * computed by today's code: each one's stamp holds the code key of studies/<name>.json
 * (study/code-key.ts), so a change to a module a study runs cannot leave its committed numbers
 * behind unnoticed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { studyCodeKey } from "../../study/code-key";
import { readStudySpec } from "../../study/load";

const root = path.resolve(__dirname, "..", "..");
const tables = fs
  .readdirSync(path.join(root, "data", "studies"))
  .filter((f) => f.endsWith(".jsonl"))
  .map((f) => f.replace(/\.jsonl$/, ""));

describe("committed study tables", () => {
  it("are there", () => expect(tables.length).toBeGreaterThan(0));
  for (const name of tables)
    it(`${name} was computed by today's code`, () => {
      const spec = readStudySpec(path.join(root, "studies", `${name}.json`));
      const stampFile = path.join(root, "data", "studies", `${name}.stamp.json`);
      const stamp = fs.existsSync(stampFile) ? JSON.parse(fs.readFileSync(stampFile, "utf8")) : {};
      expect(
        stamp.key,
        `data/studies/${name}.jsonl is not from today's code: npm run study -- studies/${name}.json, then copy ` +
          `data/generated/studies/${name}/merged.jsonl and stamp.json over data/studies/${name}.jsonl and ${name}.stamp.json`,
      ).toBe(studyCodeKey(spec, root));
    });
});
