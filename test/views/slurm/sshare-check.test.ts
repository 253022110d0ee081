import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSshare } from "../../../lib/io/sshare";
import { compareSshareFairTree } from "../../../lib/slurm/sshare-check";
import { sshareCheckText } from "../../../views/slurm/sshare-check";

describe("sshareCheckText", () => {
  it("states the comparison's size: associations, users, usage and the ∞ = ∞ comparisons apart (notebook 01's dump)", () => {
    const dump = fs.readFileSync(path.join(__dirname, "..", "..", "fixtures", "slurm", "sshare.txt"), "utf8");
    const records = parseSshare(dump);
    const check = compareSshareFairTree(records);
    expect(sshareCheckText(records, check)).toBe(
      "Our Fair Tree vs `sshare` on a small dump — 2 accounts and 3 user associations of 1 Unix user under the " +
        "root, 54 CPU·s of raw usage in all (sshare lists no nodes): 5 of 5 associations agree, but 3 of those 5 " +
        "LevelFS comparisons are ∞ = ∞ (no usage: equal whatever the algorithm), so 2 of 2 non-trivial LevelFS " +
        "comparisons agree; FairShare agrees for 3 of 3 user associations. A check of the algorithm on a toy tree, " +
        "not at scale.",
    );
  });
});
