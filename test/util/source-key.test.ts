import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceClosure, sourceKey } from "../../lib/util/source-key";

function tree(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "sg-key-"));
  fs.mkdirSync(path.join(d, "lib", "a"), { recursive: true });
  fs.mkdirSync(path.join(d, "lib", "b"), { recursive: true });
  fs.writeFileSync(
    path.join(d, "lib", "a", "main.ts"),
    'import * as fs from "node:fs";\nimport { f } from "../b/dep";\nexport { g } from "./other";\nexport const x = f();\n',
  );
  fs.writeFileSync(path.join(d, "lib", "a", "other.ts"), "export const g = 1;\n");
  fs.writeFileSync(
    path.join(d, "lib", "b", "dep.ts"),
    'import type { T } from "./types";\nexport function f() { return 2; }\n',
  );
  fs.writeFileSync(path.join(d, "lib", "b", "types.ts"), "export type T = number;\n");
  fs.writeFileSync(path.join(d, "lib", "b", "unrelated.ts"), "export const u = 3;\n");
  return d;
}

describe("sourceClosure", () => {
  it("follows relative imports and re-exports transitively, not packages or unrelated files", () => {
    const d = tree();
    expect(sourceClosure(path.join(d, "lib", "a", "main.ts")).map((f) => path.relative(d, f))).toEqual([
      "lib/a/main.ts",
      "lib/a/other.ts",
      "lib/b/dep.ts",
      "lib/b/types.ts",
    ]);
  });
  it("names a missing entry", () => {
    expect(() => sourceClosure("/nonexistent/x.ts")).toThrow(
      /^invalid entry: "\/nonexistent\/x.ts"; expected an existing source file/,
    );
  });
});

describe("sourceKey", () => {
  it("changes with a dependency's content or the inputs, not with unrelated files or the checkout's location", () => {
    const d = tree();
    const entry = path.join(d, "lib", "a", "main.ts");
    const k = sourceKey(entry, { seed: 1 }, d);
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(sourceKey(entry, { seed: 1 }, d)).toBe(k);
    expect(sourceKey(entry, { seed: 2 }, d)).not.toBe(k);
    fs.writeFileSync(path.join(d, "lib", "b", "unrelated.ts"), "export const u = 4;\n");
    expect(sourceKey(entry, { seed: 1 }, d)).toBe(k);
    const moved = fs.mkdtempSync(path.join(os.tmpdir(), "sg-key-moved-"));
    fs.cpSync(d, moved, { recursive: true });
    expect(sourceKey(path.join(moved, "lib", "a", "main.ts"), { seed: 1 }, moved)).toBe(k);
    fs.writeFileSync(path.join(d, "lib", "b", "types.ts"), "export type T = string;\n");
    expect(sourceKey(entry, { seed: 1 }, d)).not.toBe(k);
  });
});
