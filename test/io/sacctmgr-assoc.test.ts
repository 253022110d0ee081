import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSacctmgrAssociations } from "../../lib/io/sacctmgr-assoc";
import { SACCTMGR_ASSOC_EXPORT_COMMAND } from "../../lib/io/slurm-exports";

// `sacctmgr -P show associations tree` with sacctmgr's default columns: an account indented one space
// per level below its parent, a user's association with its account indented one level further
// (slurmdb_tree_name_get); Share "parent"; QOS lists; MaxWall as [D-]HH:MM:SS.
const DEFAULT_FORMAT = [
  "Cluster|Account|User|Partition|Share|Priority|GrpJobs|GrpTRES|GrpSubmit|GrpWall|GrpTRESMins|MaxJobs|MaxTRES|MaxTRESPerNode|MaxSubmit|MaxWall|MaxTRESMins|QOS|Def QOS|GrpTRESRunMins",
  "hpc|root|||1|||||||||||||normal||",
  "hpc| root|root||1|||||||||||||normal||",
  "hpc| physics|||40|||cpu=2000||||||||||normal,long|normal|",
  "hpc|  theory|||3|||||||||||||normal,long|normal|",
  "hpc|   theory|alice||parent|||||||50||||2-00:00:00||normal,long|normal|",
  "hpc|   theory|bob|gpu|1||||||||gres/gpu=4|||||normal,long|normal|",
  "hpc| chem|||20|10||||||||||||normal||",
  "hpc|  chem|carol||1|||||||||||12:00:00||normal||",
].join("\n");

describe("parseSacctmgrAssociations", () => {
  it("reads the tree from the indentation, shares (or parent), QOS, limits", () => {
    const rows = parseSacctmgrAssociations(DEFAULT_FORMAT, "assoc.txt");
    expect(rows.map((r) => [r.account, r.user, r.partition, r.kind, r.parent, r.depth, r.shares])).toEqual([
      ["root", "", "", "account", null, 0, 1],
      ["root", "root", "", "user", "root", 1, 1],
      ["physics", "", "", "account", "root", 1, 40],
      ["theory", "", "", "account", "physics", 2, 3],
      ["theory", "alice", "", "user", "theory", 3, "parent"],
      ["theory", "bob", "gpu", "user", "theory", 3, 1],
      ["chem", "", "", "account", "root", 1, 20],
      ["chem", "carol", "", "user", "chem", 2, 1],
    ]);
    expect(rows[4]).toEqual({
      cluster: "hpc",
      account: "theory",
      user: "alice",
      partition: "",
      kind: "user",
      parent: "theory",
      depth: 3,
      shares: "parent",
      priority: NaN,
      qos: ["normal", "long"],
      defaultQos: "normal",
      grpTres: "",
      maxTres: "",
      maxWall: 2 * 86400,
      line: 6,
    });
    expect(rows[2].grpTres).toBe("cpu=2000");
    expect(rows[5].maxTres).toBe("gres/gpu=4");
    expect(rows[6].priority).toBe(10);
    expect(rows[7].maxWall).toBe(12 * 3600);
  });
  it("takes the parent from ParentName when the export has it (the export's own columns, recorded on Slurm 22.05)", () => {
    const file = path.join(__dirname, "..", "fixtures", "slurm", "export", "assoc.txt");
    const rows = parseSacctmgrAssociations(fs.readFileSync(file, "utf8"), file);
    expect(rows.map((r) => [r.cluster, r.account, r.user, r.parent, r.depth, r.shares, r.qos])).toEqual([
      ["local", "root", "", null, 0, 1, ["normal"]],
      ["local", "root", "root", "root", 1, 1, ["normal"]],
      ["local", "chem", "", "root", 1, 1, ["normal"]],
      ["local", "chem", "root", "chem", 2, 1, ["normal"]],
      ["local", "physics", "", "root", 1, 3, ["normal"]],
      ["local", "physics", "root", "physics", 2, 2, ["normal"]],
    ]);
  });
  it("names every missing column, a bad Share, Priority or MaxWall, and an account without its parent", () => {
    expect(() => parseSacctmgrAssociations("Cluster|Account\nhpc|root\n", "a.txt")).toThrow(
      `a.txt:1: invalid header: "Cluster|Account"; expected the columns Account, User, Share; missing User, Share (re-export with ${SACCTMGR_ASSOC_EXPORT_COMMAND})`,
    );
    expect(() => parseSacctmgrAssociations(DEFAULT_FORMAT.replace("|40|", "|forty|"), "a.txt")).toThrow(
      /^a\.txt:4: invalid Share: "forty"; expected a whole number of shares or parent$/,
    );
    expect(() => parseSacctmgrAssociations(DEFAULT_FORMAT.replace("|20|10|", "|20|high|"), "a.txt")).toThrow(
      /^a\.txt:8: invalid Priority: "high"; expected a whole number or empty$/,
    );
    expect(() => parseSacctmgrAssociations(DEFAULT_FORMAT.replace("12:00:00", "noon"), "a.txt")).toThrow(
      /^a\.txt:9: invalid MaxWall: "noon"; expected \[D-\]HH:MM:SS or empty$/,
    );
    expect(() => parseSacctmgrAssociations("Account|User|Share\n  lost||1\n", "a.txt")).toThrow(
      /^a\.txt:2: invalid Account: "  lost"; expected an account below its parent \(show associations tree\)$/,
    );
  });
});
