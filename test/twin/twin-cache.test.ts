import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { readThesisSection4 } from "../../lib/io/thesis-section4";
import { generateTwin } from "../../lib/twin/twin";
import { generateTwinCached } from "../../lib/twin/twin-cache";

const root = path.resolve(__dirname, "..", "..");
const ref = readThesisSection4(path.join(root, "data", "reference", "thesis"));

function sameTables(a: ReturnType<typeof generateTwin>, b: ReturnType<typeof generateTwin>): void {
  for (const k of ["experiments", "jobs"] as const) {
    expect(b[k].columnNames()).toEqual(a[k].columnNames());
    for (const c of a[k].columnNames()) {
      const x = a[k].array(c) as ArrayLike<unknown>,
        y = b[k].array(c) as ArrayLike<unknown>;
      expect(y.length).toBe(x.length);
      let diff = -1;
      for (let i = 0; i < x.length && diff < 0; i++) if (!Object.is(x[i], y[i])) diff = i;
      expect(diff, `${k}.${c}`).toBe(-1);
    }
  }
}

describe("generateTwinCached", () => {
  it("misses, then hits with a twin equal value for value to the generated one (experiments only: fast)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-twin-cache-"));
    const a = generateTwinCached(3, ref, { jobs: false }, { root, dir });
    expect(a.cache).toBe("miss");
    const b = generateTwinCached(3, ref, { jobs: false }, { root, dir });
    expect(b.cache).toBe("hit");
    expect(b.file).toBe(a.file);
    expect(b.twin.seed).toBe(3);
    expect(b.twin.version).toBe(2);
    sameTables(generateTwin(3, ref, { jobs: false }), b.twin);
    // another seed or version is another entry
    expect(generateTwinCached(4, ref, { jobs: false }, { root, dir }).cache).toBe("miss");
    expect(generateTwinCached(3, ref, { jobs: false, version: 1 }, { root, dir }).cache).toBe("miss");
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".twin"))).toHaveLength(3);
  });
  it("the whole twin (1.64 M jobs) comes back equal from the cache", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-twin-cache-"));
    const a = generateTwinCached(1, ref, {}, { root, dir });
    const b = generateTwinCached(1, ref, {}, { root, dir });
    expect([a.cache, b.cache]).toEqual(["miss", "hit"]);
    sameTables(a.twin, b.twin);
  }, 120_000);
  it("is invalidated when the generator's source changes (a copy of lib with one byte more)", () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "sg-twin-src-"));
    fs.cpSync(path.join(root, "lib"), path.join(copy, "lib"), { recursive: true });
    const dir = path.join(copy, "cache");
    expect(generateTwinCached(5, ref, { jobs: false }, { root: copy, dir }).cache).toBe("miss");
    expect(generateTwinCached(5, ref, { jobs: false }, { root: copy, dir }).cache).toBe("hit");
    fs.appendFileSync(path.join(copy, "lib", "util", "rng.ts"), "\n// changed\n");
    expect(generateTwinCached(5, ref, { jobs: false }, { root: copy, dir }).cache).toBe("miss");
  });
  it("keeps the newest `keep` entries, replaces an unreadable file, and can be turned off (option or SCHEDGAME_TWIN_CACHE=off)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-twin-cache-"));
    for (const s of [1, 2, 3]) generateTwinCached(s, ref, { jobs: false }, { root, dir, keep: 2 });
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".twin"))).toHaveLength(2);
    const r = generateTwinCached(3, ref, { jobs: false }, { root, dir, keep: 2 });
    fs.writeFileSync(r.file!, "garbage");
    expect(generateTwinCached(3, ref, { jobs: false }, { root, dir, keep: 2 }).cache).toBe("miss");
    expect(generateTwinCached(3, ref, { jobs: false }, false).cache).toBe("off");
    const saved = process.env.SCHEDGAME_TWIN_CACHE;
    process.env.SCHEDGAME_TWIN_CACHE = "off";
    try {
      expect(generateTwinCached(3, ref, { jobs: false }, { root, dir, keep: 2 })).toMatchObject({
        cache: "off",
        file: undefined,
      });
    } finally {
      if (saved === undefined) delete process.env.SCHEDGAME_TWIN_CACHE;
      else process.env.SCHEDGAME_TWIN_CACHE = saved;
    }
    expect(() => generateTwinCached(3, ref, { jobs: false }, { root, dir, keep: 0 })).toThrow(
      /^invalid keep: 0; expected a whole number >= 1/,
    );
  });
});
