import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { keepNewest, writeWhole } from "../../lib/util/cache-dir";

describe("writeWhole and keepNewest", () => {
  it("writes through a renamed temporary file (none left behind) and keeps the newest accepted entries", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-cache-dir-"));
    for (const [k, name] of ["a.x", "b.x", "c.x", "keep.y"].entries()) {
      writeWhole(path.join(dir, "sub", name), `v${k}`);
      const t = new Date(1_000_000 + k * 1000);
      fs.utimesSync(path.join(dir, "sub", name), t, t);
    }
    expect(fs.readdirSync(path.join(dir, "sub")).sort()).toEqual(["a.x", "b.x", "c.x", "keep.y"]);
    keepNewest(path.join(dir, "sub"), 2, (e) => e.name.endsWith(".x"));
    expect(fs.readdirSync(path.join(dir, "sub")).sort()).toEqual(["b.x", "c.x", "keep.y"]);
    expect(fs.readFileSync(path.join(dir, "sub", "c.x"), "utf8")).toBe("v2");
  });
});
