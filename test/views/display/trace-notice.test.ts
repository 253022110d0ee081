import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { availableTraces, missingTraceNotice } from "../../../views/display/trace-notice";

describe("traces a notebook needs but cannot find", () => {
  it("the notice names the traces, what they are for and the command that gets them", () => {
    const text = missingTraceNotice(["A-1", "B-2"], "Real logs test the schedulers");
    expect(text).toMatch(
      /^\*\*Traces not found: `A-1`, `B-2`\*\* \(looked in `[^`]+`, `[^`]+`\)\. Real logs test the schedulers; this part is skipped\. /,
    );
    expect(text).toMatch(
      /`npm run traces:download` fetches them into `data\/traces\/` \(needs internet\), or set `SCHEDGAME_TRACES`/,
    );
    expect(missingTraceNotice(["A-1"], "x")).toMatch(/^\*\*Trace not found: `A-1`\*\*/);
  });

  it("keeps the traces found, in order, and the paths that exist; skips empty names", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-trace-notice-"));
    const saved = process.env.SCHEDGAME_TRACES;
    try {
      fs.writeFileSync(path.join(dir, "T-2.swf.gz"), "");
      fs.writeFileSync(path.join(dir, "T-1.swf"), "");
      const file = path.join(dir, "own.swf");
      fs.writeFileSync(file, "");
      process.env.SCHEDGAME_TRACES = dir;
      expect(availableTraces(["T-2", "", "none-such-trace", "T-1", file], "why")).toEqual([
        "T-2",
        "T-1",
        file,
      ]);
      expect(availableTraces([], "why")).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.SCHEDGAME_TRACES;
      else process.env.SCHEDGAME_TRACES = saved;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
