import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { listNotebooks } from "../../../workbook/report";
import {
  NOTEBOOK_MAP,
  NOTEBOOK_PARTS,
  OTHER_PART,
  groupNotebooks,
  notebookMapRows,
} from "../../../views/display/notebook-map";

describe("groupNotebooks", () => {
  it("lists every notebook of the map exactly once, parts in their order", () => {
    const names = NOTEBOOK_MAP.map((e) => e.notebook);
    const groups = groupNotebooks(names);
    const listed = groups.flatMap((g) => g.notebooks.map((n) => n.name));
    expect([...listed].sort()).toEqual([...names].sort());
    expect(new Set(listed).size).toBe(listed.length);
    expect(groups.map((g) => g.part)).toEqual(NOTEBOOK_PARTS.filter((p) => groups.some((g) => g.part === p)));
    expect(groups.find((g) => g.part === OTHER_PART)).toBeUndefined();
  });

  it("keeps the notebooks in their file order: each part is a run of consecutive notebooks", () => {
    const committed = listNotebooks(path.resolve(__dirname, "../../../notebooks"));
    const listed = groupNotebooks(committed).flatMap((g) => g.notebooks.map((n) => n.name));
    expect(listed).toEqual(committed);
    const names = NOTEBOOK_MAP.map((e) => e.notebook);
    expect(groupNotebooks(names).flatMap((g) => g.notebooks.map((n) => n.name))).toEqual([...names].sort());
  });

  it("has an entry for every committed notebook (a new notebook gets its part here)", () => {
    const committed = listNotebooks(path.resolve(__dirname, "../../../notebooks"));
    expect(committed.filter((n) => !NOTEBOOK_MAP.some((e) => e.notebook === n))).toEqual([]);
  });

  it("puts a notebook the map lacks into the last group, Other, and leaves out empty parts", () => {
    const groups = groupNotebooks(["99-new-appendix", "05-games-and-mechanisms", "01-slurm-priority"]);
    expect(groups).toEqual([
      {
        part: "Background: Slurm priority and scheduling (§2–3)",
        notebooks: [{ name: "01-slurm-priority", entry: NOTEBOOK_MAP[1] }],
      },
      {
        part: "Games and mechanisms (§5)",
        notebooks: [{ name: "05-games-and-mechanisms", entry: NOTEBOOK_MAP[5] }],
      },
      { part: "Other", notebooks: [{ name: "99-new-appendix", entry: undefined }] },
    ]);
  });

  it("refuses a repeated name", () => {
    expect(() => groupNotebooks(["00-workbook", "00-workbook"])).toThrow(
      /^invalid notebook names: 00-workbook repeated; expected each once$/,
    );
  });
});

describe("notebookMapRows", () => {
  it("names each part on its first row only, one row per notebook", () => {
    const rows = notebookMapRows();
    expect(rows.length).toBe(NOTEBOOK_MAP.length);
    expect(rows.filter((r) => r.part !== "").map((r) => r.part)).toEqual(
      NOTEBOOK_PARTS.filter((p) => NOTEBOOK_MAP.some((e) => e.part === p)),
    );
    expect(rows[0]).toEqual({
      part: "The workbook",
      notebook: "00-workbook",
      reproduces: "—",
      shows: NOTEBOOK_MAP[0].content,
    });
  });
});
