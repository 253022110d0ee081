/** The committed notebooks follow the house rules: no outputs, the schedgame kernel, a markdown
 * intro, an import cell, exactly one parameters cell followed by setupNotebook({ …its names }), no
 * checkParameters or casts in notebook code, no function or class definitions. */
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { cellSource, cellTags, parseNotebook } from "../../workbook/notebook";
import { listNotebooks } from "../../workbook/report";

const dir = path.resolve(__dirname, "../../notebooks");
const names = listNotebooks(dir);

describe("committed notebooks", () => {
  it("exist", () => {
    expect(names).toContain("00-workbook");
  });
  for (const name of names) {
    describe(name, () => {
      const nb = parseNotebook(fs.readFileSync(path.join(dir, `${name}.ipynb`), "utf8"), name);
      const code = nb.cells.filter((c) => c.cell_type === "code");
      it("is named NN-slug and uses the schedgame kernel", () => {
        expect(name).toMatch(/^\d\d-[a-z0-9-]+$/);
        expect(nb.metadata.kernelspec?.name).toBe("schedgame");
      });
      it("has no outputs or execution counts", () => {
        expect(code.filter((c) => (c.outputs ?? []).length > 0 || c.execution_count != null).length).toBe(0);
      });
      it("opens with a markdown intro, then an import cell", () => {
        expect(nb.cells[0].cell_type).toBe("markdown");
        expect(cellSource(code[0])).toMatch(/from "\.\/lib\/index"/);
      });
      it("has exactly one parameters cell, checked by the setup call right after it", () => {
        const k = code.findIndex((c) => cellTags(c).includes("parameters"));
        expect(code.filter((c) => cellTags(c).includes("parameters")).length).toBe(1);
        expect(cellSource(code[k + 1])).toMatch(/^setupNotebook\(\{/);
        const names = [...cellSource(code[k + 1]).matchAll(/\b([A-Z][A-Z0-9_]*): \1\b/g)].map((m) => m[1]);
        const declared = [...cellSource(code[k]).matchAll(/^const ([A-Z][A-Z0-9_]*)/gm)].map((m) => m[1]);
        expect(names.filter((n) => !declared.includes(n))).toEqual([]);
        expect(code.filter((c) => /checkParameters\(/.test(cellSource(c)))).toEqual([]);
      });
      it("defines no functions or classes (logic lives in lib/)", () => {
        const definition =
          /^\s*(export\s+)?((async\s+)?function\b|class\b|(const|let|var)\s+\w+\s*(:[^=]+)?=\s*(async\s*)?(\([^)]*\)|\w+)\s*(:[^=]+)?=>)/m;
        const offenders = code.map(cellSource).filter((s) => definition.test(s));
        expect(offenders).toEqual([]);
      });
    });
  }
});
