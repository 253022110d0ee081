import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { readSwf } from "../../lib/io/swf";
import { readSwfCached } from "../../lib/io/swf-cache";
import { decodeSwfTrace, encodeSwfTrace } from "../../lib/io/swf-codec";
import { sharedTrace } from "../shared-traces";

const root = path.resolve(__dirname, "..", "..");

// Integer and fractional columns, -1, -0, a value beyond Int32, queues and partitions, a removed-jobs note.
const LOG = `; Version: 2.2
; MaxJobs: 5
; MaxRecords: 5
; UnixStartTime: 1000000
; MaxNodes: 4 (plus 1 login)
; MaxProcs: 16
; Queue: 0 interactive
; Queue: 1 batch
; Partition: 2 gpu
;   job<=2 (2 jobs removed)
3 20 5 100 8 -1 -1 8 600 -1 1 7 2 -1 1 2 -1 -1
4 10 0 50.5 4 -0 -1 -1 -1 -1 0 8 -1 -1 0 -1 -1 -1
5 10 1 1 1 -1 -1 2 60 -1 5 9 3 -1 1 -1 4 3000000000
`;

function fixture(name: string, data: string | Buffer): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-swf-cache-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return { dir, file };
}

describe("swf-codec", () => {
  it("round-trips a trace value for value (Int32 and Float64 columns, -0, the header's Maps)", () => {
    const t = readSwf(fixture("log.swf", LOG).file);
    const back = decodeSwfTrace(encodeSwfTrace(t), t.file);
    expect(back).toStrictEqual(t);
    expect(Object.is(back.columns.cpuTime[0], -0)).toBe(true);
    expect(back.columns.thinkTime[1]).toBe(3000000000);
  });
  it("refuses bytes cut short, altered or of another format", () => {
    const bytes = encodeSwfTrace(readSwf(fixture("log.swf", LOG).file));
    expect(() => decodeSwfTrace(bytes.subarray(0, bytes.length - 9), "x.swfc")).toThrow(
      /^invalid x\.swfc: ".* bytes"; expected a cached SWF trace \(checksum\)$/,
    );
    const altered = Buffer.from(bytes);
    altered[altered.length - 40] ^= 1;
    expect(() => decodeSwfTrace(altered, "x.swfc")).toThrow(/\(checksum\)$/);
    expect(() => decodeSwfTrace(Buffer.from("SGTWIN1\n0000"), "x.swfc")).toThrow(/\(magic SGSWFC1\)$/);
  });
});

describe("readSwfCached", () => {
  it("miss then hit, equal to the raw parse (plain and gzip), the file name the caller's", () => {
    for (const [name, data] of [
      ["log.swf", LOG],
      ["log.swf.gz", zlib.gzipSync(LOG)],
    ] as const) {
      const { dir, file } = fixture(name, data);
      const cache = path.join(dir, "cache");
      const a = readSwfCached(file, { root, dir: cache, minBytes: 0 });
      const b = readSwfCached(file, { root, dir: cache, minBytes: 0 });
      expect([a.cache, b.cache]).toEqual(["miss", "hit"]);
      expect(b.trace).toStrictEqual(readSwf(file));
      const copy = path.join(dir, "copy-" + name);
      fs.copyFileSync(file, copy);
      const c = readSwfCached(copy, { root, dir: cache, minBytes: 0 });
      expect(c.cache).toBe("hit");
      expect(c.trace.file).toBe(copy);
    }
  });
  it("a new key for other bytes, another gzip-by-name rule, or an edited parser", () => {
    const { dir, file } = fixture("log.swf", LOG);
    const cache = path.join(dir, "cache");
    expect(readSwfCached(file, { root, dir: cache, minBytes: 0 }).cache).toBe("miss");
    fs.appendFileSync(file, "6 30 0 1 1 -1 -1 1 60 -1 1 9 3 -1 1 -1 -1 -1\n");
    const changed = readSwfCached(file, { root, dir: cache, minBytes: 0 });
    expect(changed.cache).toBe("miss");
    expect(changed.trace.jobs).toBe(4);
    // Same bytes named .gz: the raw reader refuses them (not gzip), and so does the cache.
    const asGz = path.join(dir, "plain.swf.gz");
    fs.copyFileSync(file, asGz);
    expect(() => readSwfCached(asGz, { root, dir: cache, minBytes: 0 })).toThrow(
      /plain\.swf\.gz: invalid gzip: /,
    );
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "sg-swf-src-"));
    fs.cpSync(path.join(root, "lib"), path.join(copy, "lib"), { recursive: true });
    expect(readSwfCached(file, { root: copy, dir: cache, minBytes: 0 }).cache).toBe("hit");
    fs.appendFileSync(path.join(copy, "lib", "io", "swf-header.ts"), "\n// changed\n");
    expect(readSwfCached(file, { root: copy, dir: cache, minBytes: 0 }).cache).toBe("miss");
  });
  it("re-parses and replaces a corrupt entry; keeps the newest `keep`; skips small files; can be turned off", () => {
    const { dir, file } = fixture("log.swf", LOG);
    const cache = path.join(dir, "cache");
    const a = readSwfCached(file, { root, dir: cache, minBytes: 0 });
    fs.writeFileSync(a.entry!, fs.readFileSync(a.entry!).subarray(0, 100));
    const b = readSwfCached(file, { root, dir: cache, minBytes: 0 });
    expect(b.cache).toBe("miss");
    expect(b.trace).toStrictEqual(readSwf(file));
    expect(readSwfCached(file, { root, dir: cache, minBytes: 0 }).cache).toBe("hit");
    for (const k of [1, 2, 3])
      readSwfCached(fixture("log.swf", LOG.replace("3 20 5", `3 2${k} 5`)).file, {
        root,
        dir: cache,
        minBytes: 0,
        keep: 2,
      });
    expect(fs.readdirSync(cache).filter((f) => f.endsWith(".swfc"))).toHaveLength(2);
    expect(fs.readdirSync(cache).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(readSwfCached(file, { root, dir: cache }).cache).toBe("off");
    expect(readSwfCached(file, { root, dir: cache, minBytes: 0, cache: false }).cache).toBe("off");
    const saved = process.env.SCHEDGAME_TRACE_CACHE;
    process.env.SCHEDGAME_TRACE_CACHE = "off";
    try {
      expect(readSwfCached(file, { root, dir: cache, minBytes: 0 }).cache).toBe("off");
    } finally {
      if (saved === undefined) delete process.env.SCHEDGAME_TRACE_CACHE;
      else process.env.SCHEDGAME_TRACE_CACHE = saved;
    }
    expect(() => readSwfCached(file, { root, dir: cache, keep: 0 })).toThrow(
      /^invalid keep: 0; expected a whole number >= 1$/,
    );
    expect(() => readSwfCached(file, { root, dir: cache, minBytes: -1 })).toThrow(
      /^invalid minBytes: -1; expected a whole number >= 0$/,
    );
    expect(() => readSwfCached(path.join(dir, "none.swf"), { root, dir: cache })).toThrow(
      /none\.swf: cannot read: /,
    );
  });
  const real = sharedTrace("SDSC-SP2-1998-4.2-cln");
  it.skipIf(!real)(
    "a real trace (SDSC-SP2-1998-4.2-cln) reads back equal to the raw parse",
    () => {
      const cache = fs.mkdtempSync(path.join(os.tmpdir(), "sg-swf-cache-"));
      const a = readSwfCached(real!, { root, dir: cache });
      const b = readSwfCached(real!, { root, dir: cache });
      expect([a.cache, b.cache]).toEqual(["miss", "hit"]);
      expect(b.trace).toStrictEqual(readSwf(real!));
    },
    60_000,
  );
});
