import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type DiskCache,
  cacheOn,
  keepNewest,
  memoOnDisk,
  readEntry,
  storeEntry,
  writeWhole,
} from "../../lib/util/cache-dir";

const tmpDir = (): string => fs.mkdtempSync(path.join(os.tmpdir(), "sg-cache-dir-"));

/** A cache of numbers as text entries `N:<value>`; a count of computations beside it. */
function numbers(
  dir: string,
  keep = 3,
): { cache: DiskCache<number>; computed: () => number; compute: (v: number) => () => number } {
  let n = 0;
  const cache: DiskCache<number> = {
    dir,
    ext: ".num",
    keep,
    env: "SCHEDGAME_TEST_CACHE",
    encode: (v) => `N:${v}`,
    decode: (b, file) => {
      const m = /^N:(-?\d+)$/.exec(b.toString("utf8"));
      if (!m) throw new Error(`${file}: not an entry`);
      return Number(m[1]);
    },
  };
  return { cache, computed: () => n, compute: (v) => () => (n++, v) };
}

/** Runs `fn` with process.env[name] = value, restoring it after. */
function withEnv<T>(name: string, value: string, fn: () => T): T {
  const saved = process.env[name];
  process.env[name] = value;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}

describe("writeWhole and keepNewest", () => {
  it("writes through a renamed temporary file (none left behind) and keeps the newest accepted entries", () => {
    const dir = tmpDir();
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

  it("storeEntry reports a folder that cannot be written instead of throwing", () => {
    const dir = tmpDir();
    fs.writeFileSync(path.join(dir, "file"), "");
    expect(storeEntry(path.join(dir, "file", "e.x"), "v")).toBe(false);
    expect(storeEntry(path.join(dir, "ok", "e.x"), "v")).toBe(true);
  });
});

describe("readEntry", () => {
  it("decodes an entry and marks it used now; undefined for none or one that does not decode", () => {
    const dir = tmpDir();
    const f = path.join(dir, "e.x");
    fs.writeFileSync(f, "12");
    fs.utimesSync(f, new Date(1_000_000), new Date(1_000_000));
    expect(readEntry(f, (b) => Number(b.toString()))).toBe(12);
    expect(fs.statSync(f).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
    expect(readEntry(path.join(dir, "none.x"), (b) => b.length)).toBeUndefined();
    expect(
      readEntry(f, () => {
        throw new Error("bad");
      }),
    ).toBeUndefined();
  });
});

describe("memoOnDisk", () => {
  it("computes and stores on a miss, reads on a hit (one computation), leaving no temporary file", () => {
    const dir = tmpDir();
    const { cache, computed, compute } = numbers(dir);
    expect(memoOnDisk(cache, () => "k1", compute(41))).toEqual({
      value: 41,
      cache: "miss",
      file: path.join(dir, "k1.num"),
    });
    expect(memoOnDisk(cache, () => "k1", compute(99))).toEqual({
      value: 41,
      cache: "hit",
      file: path.join(dir, "k1.num"),
    });
    expect(computed()).toBe(1);
    expect(fs.readdirSync(dir)).toEqual(["k1.num"]);
  });

  it("computes again and replaces an entry that does not decode (cut short, altered)", () => {
    const dir = tmpDir();
    const { cache, computed, compute } = numbers(dir);
    memoOnDisk(cache, () => "k", compute(7));
    fs.writeFileSync(path.join(dir, "k.num"), "N:");
    expect(memoOnDisk(cache, () => "k", compute(8))).toMatchObject({ value: 8, cache: "miss" });
    expect(memoOnDisk(cache, () => "k", compute(9))).toMatchObject({ value: 8, cache: "hit" });
    expect(computed()).toBe(2);
  });

  it("is off (computed, nothing stored, key not asked for) when its environment variable is off", () => {
    const dir = tmpDir();
    const { cache, compute } = numbers(dir);
    expect(cacheOn("SCHEDGAME_TEST_CACHE")).toBe(true);
    const r = withEnv("SCHEDGAME_TEST_CACHE", "off", () => {
      expect(cacheOn("SCHEDGAME_TEST_CACHE")).toBe(false);
      return memoOnDisk(
        cache,
        () => {
          throw new Error("key asked for");
        },
        compute(5),
      );
    });
    expect(r).toEqual({ value: 5, cache: "off" });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(withEnv("SCHEDGAME_TEST_CACHE", "on", () => memoOnDisk(cache, () => "k", compute(5)).cache)).toBe(
      "miss",
    );
  });

  it("is off when the key cannot be formed, the value does not read back as storable, or the folder cannot be written", () => {
    const dir = tmpDir();
    const { cache, compute } = numbers(dir);
    expect(memoOnDisk(cache, () => undefined, compute(1))).toEqual({ value: 1, cache: "off" });
    expect(memoOnDisk({ ...cache, storable: (v, back) => v === back }, () => "nan", compute(NaN))).toEqual({
      value: NaN,
      cache: "off",
    });
    expect(memoOnDisk({ ...cache, storable: (v, back) => v === back }, () => "two", compute(2)).cache).toBe(
      "miss",
    );
    expect(fs.readdirSync(dir)).toEqual(["two.num"]);
    fs.writeFileSync(path.join(dir, "file"), "");
    expect(memoOnDisk({ ...cache, dir: path.join(dir, "file") }, () => "k", compute(3))).toEqual({
      value: 3,
      cache: "off",
    });
  });

  it("keeps the `keep` most recently used entries and refuses a bad keep", () => {
    const dir = tmpDir();
    const { cache, compute } = numbers(dir, 2);
    for (const [k, v] of [1, 2, 3].entries()) {
      memoOnDisk(cache, () => `e${v}`, compute(v));
      const t = new Date(1_000_000 + k * 1000);
      fs.utimesSync(path.join(dir, `e${v}.num`), t, t);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(["e2.num", "e3.num"]);
    expect(memoOnDisk(cache, () => "e2", compute(0)).cache).toBe("hit"); // now the most recently used
    memoOnDisk(cache, () => "e4", compute(4));
    expect(fs.readdirSync(dir).sort()).toEqual(["e2.num", "e4.num"]);
    expect(() => memoOnDisk({ ...cache, keep: 0 }, () => "k", compute(1))).toThrow(
      /^invalid keep: 0; expected a whole number >= 1$/,
    );
  });
});
