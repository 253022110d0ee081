import { describe, expect, it } from "vitest";
import { buildAssociationTree, rollUpUsage, type AssociationRow } from "../../lib/slurm/associations";
import { normaliseAssociations } from "../../lib/slurm/normalisation";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { parseReferenceCsv } from "../../lib/io/reference-csv";

const table1 = () =>
  buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), { root: "bsc_es" });

describe("buildAssociationTree", () => {
  it("builds Table 1 as a plane tree in input order", () => {
    const t = table1();
    expect(t.order).toEqual([
      "bsc_es",
      "bsc30",
      "bsc3090",
      "bsc3092",
      "bsc32",
      "bsc3285",
      "bsc3288",
      "bsc3200",
    ]);
    expect(t.users).toEqual(["bsc3090", "bsc3092", "bsc3285", "bsc3288", "bsc3200"]);
    expect(t.nodes.get("bsc3285")!.depth).toBe(2);
    expect(t.nodes.get("bsc3285")!.parent).toBe("bsc32");
  });

  const base: AssociationRow[] = [
    { entity: "a", parent: "root", kind: "account", shares: 1 },
    { entity: "u", parent: "a", kind: "user", shares: 1, usage: 5 },
  ];
  it.each([
    [
      [...base, { entity: "u", parent: "a", kind: "user", shares: 1 }],
      /invalid association "u": duplicate name/,
    ],
    [
      [...base, { entity: "v", parent: "nowhere", kind: "user", shares: 1 }],
      /invalid association "v": unknown parent "nowhere"/,
    ],
    [[...base, { entity: "v", parent: "a", kind: "user", shares: -1 }], /invalid association "v": shares -1/],
    [
      [...base, { entity: "v", parent: "a", kind: "user", shares: 1, usage: -3 }],
      /invalid association "v": usage -3/,
    ],
    [
      [...base, { entity: "v", parent: "u", kind: "user", shares: 1 }],
      /invalid association "v": parent "u" is a user/,
    ],
    [
      [...base, { entity: "v", parent: "a", kind: "group" as never, shares: 1 }],
      /invalid association "v": kind "group"/,
    ],
    [
      [
        ...base,
        { entity: "x", parent: "y", kind: "account", shares: 1 },
        { entity: "y", parent: "x", kind: "account", shares: 1 },
      ],
      /invalid association "x": is on a cycle/,
    ],
    [
      [...base, { entity: "s", parent: "s", kind: "account", shares: 1 }],
      /invalid association "s": is its own parent/,
    ],
    [
      [...base, { entity: "root", parent: "a", kind: "account", shares: 1 }],
      /invalid association "root": same name as the root/,
    ],
  ])("rejects malformed trees naming the entity (%#)", (rows, re) => {
    expect(() => buildAssociationTree(rows as AssociationRow[])).toThrow(re);
  });
});

describe("normalisation", () => {
  it("normalises Table 1 among siblings and along the path (Section 2.1.2)", () => {
    const n = normaliseAssociations(table1());
    expect(n.get("bsc30")!.levelShares).toBe(3 / 8);
    expect(n.get("bsc32")!.levelShares).toBe(5 / 8);
    expect(n.get("bsc3285")!.levelShares).toBe(0.5);
    expect(n.get("bsc3285")!.normShares).toBe((0.5 * 5) / 8);
    expect(n.get("bsc32")!.rawUsage).toBe(9000);
    expect(n.get("bsc32")!.levelUsage).toBeCloseTo(9000 / 10500, 15);
    expect(n.get("bsc3090")!.levelUsage).toBeCloseTo(1 / 3, 15);
    expect(n.get("bsc3090")!.normUsage).toBeCloseTo(500 / 10500, 15);
  });
  it("rolls own usage up to every ancestor and rejects unknown names", () => {
    const t = table1();
    const u = rollUpUsage(
      t,
      new Map([
        ["bsc3090", 7],
        ["bsc32", 3],
      ]),
    );
    expect(u.get("bsc30")).toBe(7);
    expect(u.get("bsc32")).toBe(3);
    expect(u.get("bsc_es")).toBe(10);
    expect(() => rollUpUsage(t, new Map([["ghost", 1]]))).toThrow(
      /invalid usage of ghost: 1; expected an association in the tree/,
    );
    expect(() => rollUpUsage(t, new Map([["bsc3090", NaN]]))).toThrow(/invalid usage of bsc3090: NaN/);
  });
  it("gives zero level usage when the parent has none", () => {
    const t = buildAssociationTree([{ entity: "u", parent: "root", kind: "user", shares: 0 }]);
    const n = normaliseAssociations(t).get("u")!;
    expect(n.levelUsage).toBe(0);
    expect(n.levelShares).toBe(0);
  });
});

describe("CSV readers", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-assoc-"));
  const parseAssociationCsv = (text: string, file = "t.csv") => {
    fs.writeFileSync(path.join(dir, file), text);
    return readAssociationCsv(file, dir);
  };
  it("reports file, line and field", () => {
    expect(() =>
      parseAssociationCsv("entity,parent,kind,shares,usage\n# c\nx,root,user,abc,1\n", "t.csv"),
    ).toThrow(/^t\.csv:3: invalid shares: "abc"; expected a number >= 0$/);
    expect(() => parseAssociationCsv("entity,parent,kind,shares,usage\nx,root,admin,1,1\n", "t.csv")).toThrow(
      /^t\.csv:2: invalid kind: "admin"/,
    );
    expect(() => parseReferenceCsv("a,b\n1,2,3\n", "r.csv")).toThrow(
      /^r\.csv:2: invalid row: "1,2,3"; expected 2 comma-separated fields/,
    );
    expect(() => parseAssociationCsv("entity,parent\n", "h.csv")).toThrow(/^h\.csv:1: invalid header/);
  });
  it("parses quoted fields and blank usage", () => {
    expect(parseReferenceCsv('a,b\n"x, y","q""z"\n').records[0].values).toEqual({ a: "x, y", b: 'q"z' });
    expect(parseAssociationCsv("entity,parent,kind,shares,usage\nx,root,account,3,\n")[0].usage).toBe(0);
  });
});
