import { describe, expect, it } from "vitest";
import { checkKept } from "../../lib/clean/kept";
import { parseSwf } from "../../lib/io/swf";
import { swfToJobTable, swfMachine } from "../../lib/io/swf-jobs";
import { cleanSource } from "../../lib/clean/clean-source";
import type { Source } from "../../lib/source/source";
import type { LogRow } from "../../lib/clean/pipeline";

const row = (step: string, rowsIn: number, rowsOut: number): LogRow => ({
  stage: "jobs",
  step,
  rule: `${step} rule`,
  kind: "filter",
  rowsIn,
  rowsOut,
  removed: rowsIn - rowsOut,
  changed: 0,
});

describe("checkKept", () => {
  it("passes at ≥ 1% kept; names the step that removed most, its field and the fix otherwise", () => {
    expect(() => checkKept("x", [row("status", 100, 50), row("times-known", 50, 1)])).not.toThrow();
    expect(() => checkKept("x", [row("status", 1000, 900), row("times-known", 900, 0)])).toThrow(
      /^invalid source x: cleaning kept 0 of 1000 jobs \(0%, below 1%\); step "times-known" \(times-known rule\) removed 900 — field: the wait and run times \(SWF fields 3 and 4; .*SWF_MISSING_WAIT = "zero"/,
    );
    // Kept none: the step that emptied the table is blamed even when an earlier one removed more (LLNL-Atlas: status 21,863, then times-known the last 18,412).
    expect(() => checkKept("x", [row("status", 1000, 100), row("times-known", 100, 0)])).toThrow(
      /^invalid source x: cleaning kept 0 of 1000 jobs .*step "times-known" \(times-known rule\) removed 100 — field: the wait and run times/,
    );
    expect(() => checkKept("x", [row("status", 1000, 5)])).toThrow(
      /^invalid source x: cleaning kept 5 of 1000 jobs \(0\.50%, below 1%\); step "status"/,
    );
    expect(() => checkKept("x", [row("status", 0, 0)])).toThrow(
      /^invalid source x: it holds no job; expected at least one job line$/,
    );
  });
});

describe("a log without wait times cleans to an error naming the cause, not to 0 jobs", () => {
  // Literal fixture: field 3 (wait) is −1 on every line.
  const LOG = [
    "; MaxNodes: 4",
    "; MaxProcs: 4",
    "1 0 -1 60 1 -1 -1 1 120 -1 1 1 1 -1 1 -1 -1 -1",
    "2 10 -1 30 2 -1 -1 2 60 -1 1 2 1 -1 1 -1 -1 -1",
  ].join("\n");
  const trace = parseSwf(LOG, "nowait.swf");
  const src = (missingWait: "missing" | "zero"): Source => {
    const machine = swfMachine(trace);
    return {
      spec: { kind: "swf", text: "nowait.swf" },
      description: "test",
      synthetic: false,
      files: [],
      jobs: swfToJobTable(trace, { missingWait }),
      machine: { ...machine, coresPerNode: 1 },
      cleaning: { rules: "log", minProcs: 1, status: "COMPLETED" },
      readLog: [],
    };
  };
  it("missing waits: the error names times-known and SWF_MISSING_WAIT", () => {
    expect(() => cleanSource(src("missing"))).toThrow(
      /^invalid source nowait\.swf: cleaning kept 0 of 2 jobs .*step "times-known".*SWF_MISSING_WAIT = "zero"/,
    );
  });
  it('with SWF_MISSING_WAIT = "zero" both jobs are kept', () => {
    expect(cleanSource(src("zero")).jobs.final.numRows()).toBe(2);
  });
});
