import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findTrace, listTraces, requireTrace } from "../../lib/io/trace-paths";

describe("finding trace files", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "sg-trace-paths-"));
  const traces = path.join(root, "data", "traces");
  fs.mkdirSync(path.join(traces, "synthetic"), { recursive: true });
  for (const f of ["B-1.swf.gz", "A-2.swf", "synthetic/m_8.swf.gz", "notes.md"])
    fs.writeFileSync(path.join(traces, f), "");
  fs.writeFileSync(path.join(root, "own.swf"), "");
  const saved = process.env.SCHEDGAME_TRACES;
  delete process.env.SCHEDGAME_TRACES;
  afterAll(() => {
    if (saved !== undefined) process.env.SCHEDGAME_TRACES = saved;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("findTrace: a path to a .swf/.swf.gz file, else a name in the trace folders, with or without its extension", () => {
    expect(findTrace("own.swf", root)).toBe(path.join(root, "own.swf"));
    expect(findTrace("B-1", root)).toBe(path.join(traces, "B-1.swf.gz"));
    expect(findTrace("A-2.swf", root)).toBe(path.join(traces, "A-2.swf"));
    expect(findTrace("synthetic/m_8", root)).toBe(path.join(traces, "synthetic", "m_8.swf.gz"));
    expect(findTrace("C-3", root)).toBeUndefined();
    expect(() => requireTrace("C-3", root)).toThrow(
      /^invalid trace: "C-3"; not found in .*npm run traces:download/,
    );
  });

  it("listTraces: the first folder with traces and their names, synthetic/ included, sorted", () => {
    expect(listTraces(root)).toEqual({ dir: traces, names: ["A-2", "B-1", "synthetic/m_8"] });
  });
});
