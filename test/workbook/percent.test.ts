import { describe, expect, it } from "vitest";
import { notebookFromPercent, percentFromNotebook } from "../../workbook/percent";
import { clearOutputs } from "../../workbook/notebook";

describe("percent notebooks", () => {
  const script =
    '// %% [markdown]\n// # T\n//\n// text\n// %% tags=["parameters"]\nconst A = 1;\n\n// %%\nconsole.log(A);\n';
  it("notebookFromPercent builds cells with tags and markdown stripped of comment marks", () => {
    const nb = notebookFromPercent(script);
    expect(nb.cells.map((c) => [c.cell_type, c.source])).toEqual([
      ["markdown", ["# T\n", "\n", "text"]],
      ["code", ["const A = 1;"]],
      ["code", ["console.log(A);"]],
    ]);
    expect(nb.cells[1].metadata).toEqual({ tags: ["parameters"] });
    expect(nb.metadata.kernelspec.name).toBe("schedgame");
  });
  it("round-trips through percentFromNotebook", () => {
    const nb = notebookFromPercent(script);
    expect(notebookFromPercent(percentFromNotebook(nb))).toEqual(nb);
  });
  it("keeps a cell's id and other metadata through the round trip", () => {
    const text =
      '// %% id="cell-findings" tags=["findings"] schedgame={"index_outputs":2}\nshow();\n\n// %% [markdown] id="intro"\n// # x\n';
    const nb = notebookFromPercent(text);
    expect(nb.cells.map((c) => c.id)).toEqual(["cell-findings", "intro"]);
    expect(nb.cells[0].metadata).toEqual({ tags: ["findings"], schedgame: { index_outputs: 2 } });
    expect(percentFromNotebook(nb)).toBe(text);
    expect(() => notebookFromPercent("// %% id=7\nx\n", "s.ts")).toThrow(
      /^invalid cell marker s\.ts:1: id 7 is not a JSON string/,
    );
  });
  it("names the line of a malformed marker", () => {
    expect(() => notebookFromPercent("// %% [markdown]\n// x\n// %% tags=oops\n", "s.ts")).toThrow(
      /^invalid cell marker s\.ts:3: /,
    );
  });
  it("clearOutputs empties outputs and papermill metadata", () => {
    const nb = notebookFromPercent(script);
    nb.cells[2].outputs = [{ output_type: "stream", name: "stdout", text: "1" }];
    nb.cells[2].metadata.papermill = { status: "completed" };
    const c = clearOutputs(nb);
    expect(c.cells[2].outputs).toEqual([]);
    expect(c.cells[2].metadata).toEqual({});
  });
});
