import { describe, expect, it } from "vitest";
import { parseByeResults, readByeResults } from "../../lib/auction/reference";

describe("parseByeResults(text, file)", () => {
  it("reads the seed's table, blank cells as NaN", () => {
    const r = parseByeResults(
      "# comment\nmetric,FS,PS,GV\nincomplete_frames_mean,4.90,3.85,6.38\nruns_all_frames_complete_pct,25.7,,\n",
    );
    expect(r).toEqual([
      { metric: "incomplete_frames_mean", fs: 4.9, ps: 3.85, gv: 6.38 },
      { metric: "runs_all_frames_complete_pct", fs: 25.7, ps: NaN, gv: NaN },
    ]);
  });

  it("names file, line and field on bad data", () => {
    expect(() => parseByeResults("metric,FS,PS,GV\nx,1,abc,2\n", "bye.csv")).toThrow(
      /^bye\.csv:2: invalid PS: "abc"; expected a number or an empty cell$/,
    );
    expect(() => parseByeResults("metric,FS,PS,GV\nx,1,2\n", "bye.csv")).toThrow(
      /^bye\.csv:2: invalid row: "x,1,2"; expected 4 comma-separated fields \(metric,FS,PS,GV\)$/,
    );
    expect(() => parseByeResults("metric,FS,PS\n", "bye.csv")).toThrow(
      /^bye\.csv:1: invalid header: "metric,FS,PS"; expected columns metric,FS,PS,GV$/,
    );
  });

  it("reads data/reference/auctions/bye-results.csv", () => {
    const r = readByeResults();
    expect(r.find((x) => x.metric === "incomplete_frames_mean")).toEqual({
      metric: "incomplete_frames_mean",
      fs: 4.9,
      ps: 3.85,
      gv: 6.38,
    });
  });
});
