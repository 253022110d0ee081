import { describe, expect, it } from "vitest";
import { readByeResults } from "../../lib/auction/reference";

describe("readByeResults(file, root)", () => {
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
