import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type RendererIdentity,
  fontsFingerprint,
  isWholePng,
  pngCacheEnabled,
  pngKey,
  prunePngCache,
  readCachedPng,
  rendererFingerprint,
  rendererSourceKey,
  writeCachedPng,
} from "../../workbook/image-cache";
import type { Notebook } from "../../workbook/notebook";
import { PLOTLY_MIME, type PlotFigure } from "../../views/display/plot";
import {
  addStaticImages,
  findChromium,
  staticImageFingerprint,
  staticImageSession,
} from "../../workbook/static-images";

const root = path.resolve(__dirname, "..", "..");

/** A whole w×1 grey PNG (signature, IHDR, IDAT, IEND with their CRCs). */
function png(w: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
    return Buffer.concat([len, Buffer.from(type, "latin1"), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(w + 1, 0x80))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const tmpDir = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), p));
const FIG: PlotFigure = {
  data: [{ type: "bar", x: [1, 2, 3], y: [3, 1, 2] }],
  layout: { title: { text: "t" }, width: 320, height: 200 },
};
const ID: RendererIdentity = {
  plotlyBundle: "a".repeat(64),
  browserVersion: "Chromium 156.0.8078.79",
  flags: ["--headless"],
  fonts: "f".repeat(64),
  rendererSource: "s".repeat(64),
};

function notebook(fig: PlotFigure): Notebook {
  return {
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells: [
      {
        cell_type: "code",
        source: "x",
        metadata: {},
        execution_count: 1,
        outputs: [
          { output_type: "display_data", metadata: {}, data: { [PLOTLY_MIME]: fig, "text/plain": "fig" } },
        ],
      },
    ],
  } as unknown as Notebook;
}
const outputData = (nb: Notebook) =>
  (nb.cells[0] as unknown as { outputs: { data: Record<string, unknown> }[] }).outputs[0].data;

/** A stand-in browser: prints a version line, cannot be driven (launching it fails). */
function fakeBrowser(): string {
  const f = path.join(tmpDir("sg-fake-browser-"), "chromium");
  fs.writeFileSync(f, "#!/bin/sh\necho 'FakeChromium 1.2.3 built for tests'\n");
  fs.chmodSync(f, 0o755);
  return f;
}

describe("image cache keys", () => {
  it("the figure's key changes with the renderer, the figure, the width, the height and the scale", () => {
    const fp = rendererFingerprint(ID);
    const size = { width: 320, height: 200, scale: 1 };
    const k = pngKey(fp, FIG, size);
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(pngKey(fp, JSON.parse(JSON.stringify(FIG)), size)).toBe(k);
    const others = [
      pngKey(rendererFingerprint({ ...ID, browserVersion: "Chromium 157.0.1" }), FIG, size),
      pngKey(fp, { ...FIG, data: [{ type: "bar", x: [1, 2, 3], y: [3, 1, 3] }] }, size),
      pngKey(fp, FIG, { ...size, width: 321 }),
      pngKey(fp, FIG, { ...size, height: 201 }),
      pngKey(fp, FIG, { ...size, scale: 2 }),
    ];
    expect(new Set([k, ...others]).size).toBe(6);
    expect(() => pngKey(fp, FIG, { ...size, scale: 0 })).toThrow(
      /^invalid size: .*; expected positive finite width, height and scale$/,
    );
  });
  it("the renderer's fingerprint changes with each part of its identity", () => {
    const fps = [
      ID,
      { ...ID, plotlyBundle: "b".repeat(64) },
      { ...ID, browserVersion: "x 1.0" },
      { ...ID, flags: ["--headless", "--disable-gpu"] },
      { ...ID, fonts: "g".repeat(64) },
      { ...ID, rendererSource: "t".repeat(64) },
    ].map(rendererFingerprint);
    expect(new Set(fps).size).toBe(6);
  });
  it("the fonts' fingerprint changes when a font file is added; the renderer's source key when the renderer's source changes", () => {
    const fonts = tmpDir("sg-fonts-");
    fs.writeFileSync(path.join(fonts, "a.ttf"), "a");
    const a = fontsFingerprint([fonts]);
    fs.writeFileSync(path.join(fonts, "b.ttf"), "b");
    expect(fontsFingerprint([fonts])).not.toBe(a);
    const copy = tmpDir("sg-png-src-");
    for (const d of ["lib", "workbook"])
      fs.cpSync(path.join(root, d), path.join(copy, d), { recursive: true });
    const before = rendererSourceKey(copy);
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    fs.appendFileSync(path.join(copy, "workbook", "image-cache.ts"), "\n// changed\n");
    expect(rendererSourceKey(copy)).not.toBe(before);
    expect(rendererSourceKey(tmpDir("sg-no-lib-"))).toBeUndefined();
  });
});

describe("image cache entries", () => {
  it("a hit returns the stored base64 byte for byte; a cut-short entry or a non-PNG is a miss", () => {
    const dir = path.join(tmpDir("sg-png-cache-"), "png-cache");
    const b64 = png(7).toString("base64");
    expect(isWholePng(png(7))).toBe(true);
    expect(readCachedPng(dir, "k1")).toBeUndefined();
    expect(writeCachedPng(dir, "k1", b64)).toBe(true);
    expect(readCachedPng(dir, "k1")).toBe(b64);
    expect(fs.readdirSync(dir)).toEqual(["k1.png"]);
    fs.writeFileSync(path.join(dir, "k2.png"), png(7).subarray(0, 30));
    expect(readCachedPng(dir, "k2")).toBeUndefined();
    expect(writeCachedPng(dir, "k3", Buffer.from("not a png").toString("base64"))).toBe(false);
    expect(writeCachedPng(dir, "k4", b64.replace(/=+$/, ""))).toBe(false); // not canonical base64: would not read back equal
  });
  it("is on unless SCHEDGAME_PNG_CACHE=off", () => {
    const saved = process.env.SCHEDGAME_PNG_CACHE;
    try {
      delete process.env.SCHEDGAME_PNG_CACHE;
      expect(pngCacheEnabled()).toBe(true);
      process.env.SCHEDGAME_PNG_CACHE = "off";
      expect(pngCacheEnabled()).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.SCHEDGAME_PNG_CACHE;
      else process.env.SCHEDGAME_PNG_CACHE = saved;
    }
  });
  it("prune keeps the `keep` most recently used", () => {
    const dir = tmpDir("sg-png-prune-");
    for (const k of ["a", "b", "c"]) writeCachedPng(dir, k, png(3).toString("base64"));
    const old = new Date(Date.now() - 60_000);
    for (const k of ["a", "b", "c"]) fs.utimesSync(path.join(dir, `${k}.png`), old, old);
    prunePngCache(dir, ["a"], 2);
    expect(fs.readdirSync(dir).sort()).toHaveLength(2);
    expect(fs.existsSync(path.join(dir, "a.png"))).toBe(true);
    expect(() => prunePngCache(dir, [], 0)).toThrow(/^invalid keep: 0; expected a whole number >= 1$/);
  });
});

describe("addStaticImages with the cache", () => {
  it("all hits: images from the cache without starting the browser (a stand-in that cannot be driven)", async () => {
    const browser = fakeBrowser();
    const dir = tmpDir("sg-png-hits-");
    const fp = staticImageFingerprint(root, browser)!;
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    const b64 = png(5).toString("base64");
    writeCachedPng(dir, pngKey(fp, FIG, { width: 320, height: 200, scale: 1 }), b64);
    const nbs = [notebook(FIG), notebook(FIG)];
    const r = await addStaticImages(nbs, root, browser, { cacheDir: dir });
    expect(r).toEqual({ images: 2, cached: 2, rendered: 0 });
    for (const nb of nbs) {
      expect(outputData(nb)["image/png"]).toBe(b64);
      expect(String(outputData(nb)["text/html"])).toContain(b64);
    }
  });
  it("a miss needs the browser: when it does not start, no output gains an image", async () => {
    const browser = fakeBrowser();
    const dir = tmpDir("sg-png-miss-");
    const fp = staticImageFingerprint(root, browser)!;
    writeCachedPng(dir, pngKey(fp, FIG, { width: 320, height: 200, scale: 1 }), png(5).toString("base64"));
    const other: PlotFigure = { ...FIG, layout: { ...FIG.layout, width: 330 } };
    const nbs = [notebook(FIG), notebook(other)];
    const r = await addStaticImages(nbs, root, browser, { cacheDir: dir });
    expect(r.images).toBe(0);
    expect(r.skipped).toMatch(/^Chromium did not start: /);
    expect(nbs.map((nb) => outputData(nb)["image/png"])).toEqual([undefined, undefined]);
  });
  it("a session: figures queue as notebooks are added, draw() reports a browser that does not start through finish(); close() sets no image", async () => {
    const browser = fakeBrowser();
    const dir = tmpDir("sg-png-session-");
    const s = staticImageSession(root, browser, { cacheDir: dir });
    expect(s.pending()).toBe(false);
    const nb = notebook(FIG);
    s.add(nb);
    expect(s.pending()).toBe(true);
    await s.draw();
    expect(s.pending()).toBe(false);
    const r = await s.finish();
    expect(r.images).toBe(0);
    expect(r.skipped).toMatch(/^Chromium did not start: /);
    expect(outputData(nb)["image/png"]).toBeUndefined();
    const t = staticImageSession(root, browser, { cacheDir: dir });
    t.add(notebook(FIG));
    await t.close();
    expect(t.pending()).toBe(false);
  });
  const chromium = findChromium();
  if (!chromium) {
    if (process.env.CI === "true")
      throw new Error(
        "Chromium not found; required under CI=true (apt-get install chromium, or set CHROMIUM_PATH)",
      );
    console.warn(
      "skipping the Chromium rendering test: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)",
    );
  }
  it.skipIf(!chromium)(
    "a miss renders in Chromium and is cached; the next run reads the same bytes; cache off renders again",
    async () => {
      const dir = tmpDir("sg-png-render-");
      const a = [notebook(FIG)];
      expect(await addStaticImages(a, root, chromium, { cacheDir: dir })).toEqual({
        images: 1,
        cached: 0,
        rendered: 1,
      });
      const first = outputData(a[0])["image/png"] as string;
      expect(isWholePng(Buffer.from(first, "base64"))).toBe(true);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith(".png"))).toHaveLength(1);
      const b = [notebook(FIG)];
      expect(await addStaticImages(b, root, chromium, { cacheDir: dir })).toEqual({
        images: 1,
        cached: 1,
        rendered: 0,
      });
      expect(outputData(b[0])["image/png"]).toBe(first);
      const c = [notebook(FIG)];
      expect(await addStaticImages(c, root, chromium, { cacheDir: dir, cache: false })).toEqual({
        images: 1,
        cached: 0,
        rendered: 1,
      });
      expect(outputData(c[0])["image/png"]).toBe(first); // Chromium draws the same bytes again: a cached PNG is what a render gives
    },
    120_000,
  );
});
