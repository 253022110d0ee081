/**
 * The committed study tables (data/studies/<name>.jsonl, read by notebooks 11, 14 and 15) were
 * computed by today's code: each one's stamp holds the code key of studies/<name>.json
 * (study/code-key.ts), so a change to a module a study runs cannot leave its committed numbers
 * behind unnoticed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
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

describe("committed results files (the scorecard study's)", () => {
  const dir = path.join(root, "data", "studies", "scorecard");
  const files = fs.existsSync(dir)
    ? fs.readdirSync(dir).flatMap((s) =>
        fs
          .readdirSync(path.join(dir, s))
          .filter((f) => f.endsWith(".json.gz"))
          .map((f) => path.join(dir, s, f)),
      )
    : [];
  it("are there: a fresh clone reads the scorecard study as it reads the others", () =>
    expect(files.length).toBeGreaterThan(0));
  for (const file of files)
    it(`${path.relative(root, file)} is the text its content stamp names`, () => {
      const stamp = JSON.parse(fs.readFileSync(file.replace(/\.json\.gz$/, ".study.json"), "utf8"));
      const text = gunzipSync(fs.readFileSync(file)).toString("utf8");
      expect(createHash("sha256").update(text).digest("hex")).toBe(stamp.sha256);
      expect(JSON.parse(text).notebook).toBe(stamp.settings.notebook);
    });
});
