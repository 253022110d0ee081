import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { compareSshareFairTree, sshareCheckSize } from "../../lib/slurm/sshare-check";
import { parseSshare } from "../../lib/io/sshare";

// `sshare -a -l -P` from the local Slurm 22.05.8 of `npm run check:slurm` (seed 1)
const SSHARE = fs.readFileSync(path.join(__dirname, "..", "fixtures", "cluster", "sshare-22.05.txt"), "utf8");

describe("compareSshareFairTree", () => {
  it("agrees with Slurm 22.05's sshare on every association of the recorded tree", () => {
    const cmp = compareSshareFairTree(parseSshare(SSHARE));
    expect(cmp.length).toBe(10);
    expect(cmp.every((r) => r.agrees)).toBe(true);
    expect(cmp.filter((r) => r.kind === "user").map((r) => [r.entity, r.oursFairShare])).toEqual([
      ["root@root", 1],
      ["root@bio", 0.6],
      ["root@chem", 0.8],
      ["root@lab", 0.2],
      ["root@theory", 0.4],
    ]);
    expect(
      Math.max(...cmp.map((r) => (Number.isFinite(r.levelFsRelDiff) ? r.levelFsRelDiff : 0))),
    ).toBeLessThan(1e-5);
  });
  it("flags a changed FairShare", () => {
    const bad = SSHARE.replace("|0.600000|1.000000|", "|0.400000|1.000000|");
    const cmp = compareSshareFairTree(parseSshare(bad));
    expect(cmp.filter((r) => !r.agrees).map((r) => r.entity)).toEqual(["root@bio"]);
  });
  it("rejects rows that do not start at the root", () => {
    expect(() => compareSshareFairTree([])).toThrow(
      /^invalid records: 0; expected sshare rows starting with the root account$/,
    );
  });
});

describe("sshareCheckSize", () => {
  it("size the comparison: associations, users, usage and the ∞ = ∞ comparisons apart (notebook 01's dump)", () => {
    const dump = fs.readFileSync(path.join(__dirname, "..", "fixtures", "slurm", "sshare.txt"), "utf8");
    const records = parseSshare(dump);
    const check = compareSshareFairTree(records);
    expect(sshareCheckSize(records, check)).toEqual({
      associations: 5,
      agree: 5,
      accounts: 2,
      userAssociations: 3,
      users: 1,
      rawUsage: 54,
      infinite: 3,
      nonTrivial: 2,
      nonTrivialAgree: 2,
    });
  });
  it("the recorded five-account tree has more non-trivial comparisons", () => {
    const records = parseSshare(SSHARE);
    const z = sshareCheckSize(records, compareSshareFairTree(records));
    expect([z.associations, z.accounts, z.userAssociations, z.users]).toEqual([10, 5, 5, 1]);
    expect(z.infinite + z.nonTrivial).toBe(10);
  });
});
