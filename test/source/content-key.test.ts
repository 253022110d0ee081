/** A source's content key: the twin by version and seed, a log by its bytes, never the live export. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceContentKey } from "../../lib/source/content-key";
import { parseSource } from "../../lib/source/readers";

describe("sourceContentKey", () => {
  it("keys the twin by its version and seed, without generating it", () => {
    const k = (t: string) => sourceContentKey(parseSource(t));
    expect(k("twin")).toBe("generated:twin:2:1");
    expect(new Set([k("twin"), k("twin:2"), k("twin-v5"), k("twin-v5:2")]).size).toBe(4);
  });
  it("keys a file by its bytes and a folder by its files' names and bytes", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-content-key-"));
    const file = path.join(dir, "a.swf");
    fs.writeFileSync(file, "1 0 0 60 1\n");
    const spec = { kind: "swf", text: file, path: file };
    const before = sourceContentKey(spec);
    expect(before).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(sourceContentKey(spec)).toBe(before);
    fs.writeFileSync(file, "1 0 0 61 1\n");
    expect(sourceContentKey(spec)).not.toBe(before);
    const folder = { kind: "slurm-export", text: dir, path: dir };
    const f1 = sourceContentKey(folder);
    fs.renameSync(file, path.join(dir, "b.swf"));
    expect(sourceContentKey(folder)).not.toBe(f1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it("refuses a source it cannot key, naming it", () => {
    expect(() => sourceContentKey({ kind: "live", text: "live" })).toThrow(/invalid source: "?live/);
  });
});
