/**
 * The examples of docs/extending.md run as they are and print what their last comment says: each
 * ```ts block is written to a temporary file (its `./lib/index` import pointed at this checkout) and
 * run with tsx; its output is compared with the `// → …` line that ends the block.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
const doc = fs.readFileSync(path.join(root, "docs", "extending.md"), "utf8");
const blocks = [...doc.matchAll(/^## (.+)\n[\s\S]*?^```ts\n([\s\S]*?)^```$/gm)].map((m) => ({
  title: m[1],
  code: m[2],
}));

describe("docs/extending.md", () => {
  it("has an example for each of the five interfaces, each ending in the output it prints", () => {
    expect(blocks.map((b) => b.title.replace(/ \(.*$/, ""))).toEqual([
      "An allocation rule",
      "A payment rule",
      "A scheduler",
      "A priority factor",
      "A log format",
    ]);
    for (const b of blocks) expect(b.code.trimEnd().split("\n").at(-1)).toMatch(/^\/\/ → /);
  });

  it.each(blocks.map((b) => [b.title, b.code]))(
    "%s: runs and prints what it says",
    (_title, code) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-doc-"));
      try {
        const file = path.join(dir, "example.ts");
        fs.writeFileSync(
          file,
          code.replace('from "./lib/index"', `from ${JSON.stringify(path.join(root, "lib", "index"))}`),
        );
        const out = execFileSync(process.execPath, ["--import", "tsx", file], {
          cwd: root,
          encoding: "utf8",
        });
        const expected = code
          .trimEnd()
          .split("\n")
          .at(-1)!
          .replace(/^\/\/ → /, "");
        expect(out.trim()).toBe(expected);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
