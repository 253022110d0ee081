import { describe, expect, it } from "vitest";
import { exportRelease } from "../../lib/io/export-release";
import { parseSacct } from "../../lib/io/sacct";
import {
  SACCT_17_11,
  SACCT_19_05,
  SACCT_20_02,
  SACCT_20_11,
  SACCT_21_08,
  SACCT_22_05,
  SACCT_24_05,
} from "./sacct-release-exports";

const release = (text: string) => exportRelease(parseSacct(text, "sacct.txt")).version;

describe("the Slurm release an export's sacct implies", () => {
  it("reads each release's export as a release that prints it that way", () => {
    // ReqMem with c/n and ReqGRES: 17.11 to 20.02, read as its latest
    expect(release(SACCT_17_11)).toBe("20.02");
    expect(release(SACCT_19_05)).toBe("20.02");
    expect(release(SACCT_20_02)).toBe("20.02");
    // ReqMem with c/n, no ReqGRES: up to 20.11 (Flags: from 19.05)
    expect(release(SACCT_20_11)).toBe("20.11");
    // ReqMem without a suffix or SubmitLine: 21.08 on, read as its earliest
    for (const t of [SACCT_21_08, SACCT_22_05, SACCT_24_05]) expect(release(t)).toBe("21.08");
  });
  it("says its basis, and gives none for an export nothing dates", () => {
    expect(exportRelease(parseSacct(SACCT_20_11, "sacct.txt")).basis).toMatch(
      /^Slurm 20\.11, inferred: ReqMem with a c or n suffix \(sacct up to 20\.11\); a Constraints or Flags column/,
    );
    const bare =
      "JobID|State|Submit|Start|End|AllocCPUS\n1|COMPLETED|2021-03-01T10:00:00|2021-03-01T10:00:00|2021-03-01T10:01:00|1";
    expect(exportRelease(parseSacct(bare, "sacct.txt"))).toEqual({
      version: "",
      basis: "nothing in sacct's export dates it: Slurm 22.05's defaults",
    });
    expect(exportRelease().version).toBe("");
  });
});
