import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readThesisSection4, thesisBeta } from "../../lib/io/thesis-section4";

const dirs: string[] = [];
function folder(summaries: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thesis-beta-"));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, "summaries.csv"), summaries);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const HEADER =
  "# caption\nfigure,field,min,q1,median,mean,q3,max\nfig11_jobs_88047,nnodes,1,14,16,16.84,16,72\n";

describe("thesisBeta", () => {
  it("reads the β the thesis quotes in Section 7 from summaries.csv", () => {
    expect(thesisBeta()).toBe(0.0174);
  });
  it("leaves the figures' summaries as they were (the β row is its own entry)", () => {
    const ref = readThesisSection4();
    expect(Object.keys(ref.summaries).sort()).toEqual([
      "fig02_experiments_1265",
      "fig09_jobs_102868",
      "fig11_jobs_88047",
      "sec7_text",
    ]);
    expect(ref.summaries.fig11_jobs_88047.nnodes.max).toBe(72);
  });
  it("names the file and line when the row is missing or out of range", () => {
    expect(() => thesisBeta(folder(HEADER))).toThrow(
      /summaries\.csv:3: invalid beta: .*; expected a row sec7_text,beta/,
    );
    const wide = folder(`${HEADER}sec7_text,beta,0.7,0.7,0.7,0.7,0.7,0.7\n`);
    expect(() => thesisBeta(wide)).toThrow(
      /summaries\.csv:4: invalid beta: 0\.7; expected a row sec7_text,beta/,
    );
    const text = folder(`${HEADER}sec7_text,beta,a,a,a,a,a,x\n`);
    expect(() => thesisBeta(text)).toThrow(
      /summaries\.csv:4: invalid max: "?x"?; expected a row sec7_text,beta/,
    );
  });
});
