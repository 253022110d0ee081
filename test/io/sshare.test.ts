import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSshare } from "../../lib/io/sshare";
import { SSHARE_EXPORT_COMMAND } from "../../lib/io/slurm-exports";

// `sshare -a -l -P` from the local Slurm 22.05.8 of `npm run check:slurm` (seed 1)
const SSHARE = fs.readFileSync(path.join(__dirname, "..", "fixtures", "cluster", "sshare-22.05.txt"), "utf8");

describe("parseSshare", () => {
  it("reads the tree from the indentation and the numbers as printed", () => {
    const rows = parseSshare(SSHARE);
    expect(rows.map((r) => [r.account, r.user, r.depth, r.parent])).toEqual([
      ["root", "", 0, null],
      ["root", "root", 1, "root"],
      ["bio", "", 1, "root"],
      ["bio", "root", 2, "bio"],
      ["chem", "", 1, "root"],
      ["chem", "root", 2, "chem"],
      ["physics", "", 1, "root"],
      ["lab", "", 2, "physics"],
      ["lab", "root", 3, "lab"],
      ["theory", "", 2, "physics"],
      ["theory", "root", 3, "theory"],
    ]);
    expect(rows[1]).toMatchObject({ rawShares: 1, rawUsage: 0, fairShare: 1, levelFs: Infinity });
    expect(rows[7]).toEqual({
      account: "lab",
      user: "",
      depth: 2,
      parent: "physics",
      rawShares: 1,
      normShares: 0.333333,
      rawUsage: 372,
      normUsage: 0.412604,
      effectiveUsage: 0.547716,
      fairShare: null,
      levelFs: 0.608588,
      line: 9,
    });
    expect(rows[0]).toMatchObject({ rawShares: null, normUsage: 0, effectiveUsage: 1, levelFs: null });
  });
  it("reads sshare -a -l -p (a trailing | on every line) the same", () => {
    const p = SSHARE.replace(/\n/g, "|\n");
    expect(parseSshare(p)).toEqual(parseSshare(SSHARE));
  });
  it("names the file, line and field of a bad value, and every missing column at once", () => {
    expect(() =>
      parseSshare("Account|User|RawShares|RawUsage|NormUsage|FairShare|LevelFS\nroot||x|1|1||\n", "s.txt"),
    ).toThrow(/^s\.txt:2: invalid RawShares: "x"; expected a number, inf or empty$/);
    expect(() => parseSshare("Account|User\nroot|\n", "s.txt")).toThrow(
      `s.txt:1: invalid header: "Account|User"; expected the columns Account, User, RawShares, RawUsage, NormUsage, FairShare, LevelFS; missing RawShares, RawUsage, NormUsage, FairShare, LevelFS (re-export with ${SSHARE_EXPORT_COMMAND})`,
    );
    expect(() => parseSshare("", "s.txt")).toThrow(
      /^s\.txt:1: invalid header: ""; expected sshare -a -l -P output: a header line, then rows \(sshare -a -l -P\)$/,
    );
  });
});
