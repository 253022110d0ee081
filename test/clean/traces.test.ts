/**
 * Every shared trace (the first trace folder that has them, synthetic/ included): jobs read = data lines, every job is
 * accounted for by the cleaning log (kept, or removed by a named step), and a source that keeps no
 * job stops with an error naming the step — never a silent empty table.
 */
import * as fs from "node:fs";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { cleanSource } from "../../lib/clean/clean-source";
import { readSource } from "../../lib/source/readers";
import { readSwf } from "../../lib/io/swf";
import { findTrace } from "../../lib/io/trace-paths";
import { sharedTraceNames } from "../shared-traces";

const names = sharedTraceNames();

function dataLines(file: string): number {
  let buf = fs.readFileSync(file);
  if (buf[0] === 0x1f && buf[1] === 0x8b) buf = zlib.gunzipSync(buf);
  let n = 0;
  for (const line of buf.toString("utf8").split(/\r\n?|\n/)) {
    const t = line.trim();
    if (t !== "" && !t.startsWith(";")) n++;
  }
  return n;
}

if (names.length === 0) it.skip("every shared trace (none found: run 'npm run traces:download')", () => {});
describe.skipIf(names.length === 0)("every shared trace", () => {
  for (const name of names) {
    it(`${name}: jobs read = data lines; every job kept or removed by a named step`, () => {
      const file = findTrace(name)!;
      const trace = readSwf(file);
      const lines = dataLines(file);
      expect(trace.jobs).toBe(lines);
      expect(trace.dataLines).toBe(lines);
      const src = readSource(name, { traceCache: false }); // the raw parse here; the cache has its own tests (test/io/swf-cache.test.ts)
      expect(src.jobs.numRows()).toBe(lines);
      let cleaning;
      try {
        cleaning = cleanSource(src);
      } catch (e) {
        // The only allowed failure: the kept-jobs guard, naming the step and the field.
        expect((e as Error).message).toMatch(
          new RegExp(`^invalid source ${name}: cleaning kept \\d+ of ${lines} jobs .*step ".+" .* — field: `),
        );
        return;
      }
      const log = cleaning.log.filter((r) => r.stage === "jobs");
      expect(log[0].rowsIn).toBe(lines);
      for (const r of log) expect(r.rowsIn).toBe(r.rowsOut + r.removed);
      const removed = log.reduce((a, r) => a + r.removed, 0);
      expect(cleaning.jobs.final.numRows() + removed).toBe(lines);
      expect(cleaning.jobs.final.numRows()).toBeGreaterThan(0);
    }, 120_000);
  }
});
