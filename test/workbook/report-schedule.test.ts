import { describe, expect, it } from "vitest";
import { notebookDependencies } from "../../lib/workbook/report";

describe("notebookDependencies", () => {
  it("keeps only the selected notebooks a notebook must wait for", () => {
    const deps = notebookDependencies(["07-main-experiments", "15-real-machines", "16-scorecard"]);
    expect(deps.get("15-real-machines")).toEqual([]);
    expect(deps.get("07-main-experiments")).toEqual([]);
  });
});
