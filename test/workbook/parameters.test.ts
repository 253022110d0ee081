import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { parseNotebook } from "../../workbook/notebook";
import { declaredParameters, injectParameters, parseParamArg } from "../../workbook/parameters";

const fixture = (f: string) =>
  parseNotebook(fs.readFileSync(path.join(__dirname, "../fixtures/parameters", f), "utf8"), f);

describe("injectParameters", () => {
  it("injectParameters(nb, params) produces the papermill cell layout of the hand-written expected notebook", () => {
    const out = injectParameters(fixture("input.ipynb"), { SEED: 7, WEIGHTS: { age: 5, fairshare: [1, 2] } });
    expect(out).toEqual(fixture("expected.ipynb"));
  });

  it("replaces an existing injected-parameters cell in place instead of adding a second one", () => {
    const once = injectParameters(fixture("input.ipynb"), { SEED: 7 });
    const twice = injectParameters(once, { SEED: 9 });
    const injected = twice.cells.filter((c) => c.metadata.tags?.includes("injected-parameters"));
    expect(injected).toHaveLength(1);
    expect(twice.cells.indexOf(injected[0])).toBe(2);
    expect(injected[0].source).toEqual(["// Parameters\n", "const SEED = 9;"]);
  });

  it("writes values as JSON literals, never as code", () => {
    const out = injectParameters(fixture("input.ipynb"), { SOURCE: 'x"; process.exit(1); "' });
    expect(out.cells[2].source).toEqual(["// Parameters\n", 'const SOURCE = "x\\"; process.exit(1); \\"";']);
  });

  it("rejects an unknown parameter name and lists the known ones", () => {
    expect(() => injectParameters(fixture("input.ipynb"), { SEEDS: 1 }, "nb")).toThrow(
      /^invalid parameter SEEDS for nb; known parameters: SEED, SOURCE, WEIGHTS$/,
    );
  });

  it("rejects parameters for a notebook without a parameters cell", () => {
    const nb = fixture("input.ipynb");
    nb.cells[1].metadata = {};
    expect(() => injectParameters(nb, { SEED: 1 }, "nb")).toThrow(
      /invalid notebook nb: no cell is tagged "parameters"/,
    );
  });
});

describe("declaredParameters", () => {
  it("finds top-level const/let/var names only", () => {
    expect(
      declaredParameters(
        "const A = 1; // x\nlet b = 2;\n  const notTop = 3;\nvar C_1 = {};\nexport const D = 4;",
      ),
    ).toEqual(["A", "b", "C_1", "D"]);
  });
});

describe("parseParamArg", () => {
  it("parses <notebook>:<name>=<JSON>", () => {
    expect(parseParamArg('01-slurm-priority.ipynb:TREE="a.csv"')).toEqual({
      notebook: "01-slurm-priority",
      name: "TREE",
      value: "a.csv",
    });
    expect(parseParamArg("00-workbook:W=[1,2]")).toEqual({
      notebook: "00-workbook",
      name: "W",
      value: [1, 2],
    });
  });
  it("rejects a non-JSON value with a hint about quoting", () => {
    expect(() => parseParamArg("nb:SOURCE=twin")).toThrow(
      /invalid --param nb:SOURCE: "twin" is not a JSON literal/,
    );
  });
  it("rejects a malformed argument", () => {
    expect(() => parseParamArg("SEED=1")).toThrow(
      /^invalid --param: "SEED=1"; expected <notebook>:<name>=<JSON literal>/,
    );
  });
});

describe("non-finite numbers are refused, naming the parameter", () => {
  it("--param X=1e400 is not silently null", () => {
    expect(() => parseParamArg("07-main-experiments:W=1e400")).toThrow(
      /^invalid --param 07-main-experiments:W: "1e400" holds Infinity; expected a finite JSON literal \(it would become null\)$/,
    );
    expect(() => parseParamArg('10-slurm-simulator:MACHINE={"nodes":-1e999}')).toThrow(
      /^invalid --param 10-slurm-simulator:MACHINE\.nodes: .* holds -Infinity/,
    );
  });
});
