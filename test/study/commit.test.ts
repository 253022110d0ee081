/** Committing a finished study: its table and stamp, and the results files its rows name, gzipped with their stamps. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { commitStudy } from "../../study/commit";

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-commit-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe("commitStudy", () => {
  it("copies the merged table and the stamp, and gzips each results file a row names with its stamp", () => {
    const root = scratch();
    const dir = path.join(root, "data", "generated", "studies", "s");
    const file = "data/generated/results/twin/07-main-experiments.json";
    write(path.join(dir, "merged.jsonl"), `{"notebook":"07-main-experiments","file":"${file}"}\n`);
    write(path.join(dir, "stamp.json"), '{"study":"s","key":"k"}\n');
    write(path.join(root, file), '{"tables":{}}\n');
    write(path.join(root, file.replace(/\.json$/, ".study.json")), '{"key":"c"}\n');
    const c = commitStudy("s", root);
    expect(c).toEqual({
      table: path.join("data", "studies", "s.jsonl"),
      stamp: path.join("data", "studies", "s.stamp.json"),
      files: [path.join("data", "studies", "s", "twin", "07-main-experiments.json.gz")],
    });
    expect(gunzipSync(fs.readFileSync(path.join(root, c.files[0]))).toString()).toBe('{"tables":{}}\n');
    expect(
      fs.readFileSync(
        path.join(root, "data", "studies", "s", "twin", "07-main-experiments.study.json"),
        "utf8",
      ),
    ).toBe('{"key":"c"}\n');
    expect(fs.readFileSync(path.join(root, c.stamp), "utf8")).toBe('{"study":"s","key":"k"}\n');
    fs.rmSync(root, { recursive: true, force: true });
  });
  it("refuses a study that has not finished, and a row naming a file outside the generated results", () => {
    const root = scratch();
    expect(() => commitStudy("s", root)).toThrow(
      /invalid study: s; expected data\/generated\/studies\/s\/merged.jsonl and stamp.json \(run npm run study -- s first\)/,
    );
    const dir = path.join(root, "data", "generated", "studies", "s");
    write(path.join(dir, "merged.jsonl"), '{"file":"README.md"}\n');
    write(path.join(dir, "stamp.json"), "{}\n");
    write(path.join(root, "README.md"), "x\n");
    expect(() => commitStudy("s", root)).toThrow(
      /invalid study: s; its row names README.md, expected an existing file under data\/generated\/results/,
    );
    fs.rmSync(root, { recursive: true, force: true });
  });
});
