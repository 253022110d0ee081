/**
 * A content-addressed cache of the static PNGs the report renders in Chromium
 * (static-images.ts), in `data/generated/png-cache/<key>.png`. A figure's key is the SHA-256 of
 * the renderer's fingerprint — the plotly.js bundle's bytes, the browser's version string, its
 * flags, the installed fonts and the renderer's source (static-images.ts, this module and every
 * lib module they import; lib/util/source-key.ts) — and of the figure's JSON and its width, height
 * and scale. A figure unchanged since an earlier run, drawn by the same renderer, is read back
 * instead of drawn; the browser starts only when some figure misses. The entries are handled by
 * lib/util/cache-dir.ts (whole writes, use marks, eviction); an entry that is not a whole PNG is
 * rendered again and replaced. `SCHEDGAME_PNG_CACHE=off` in the environment turns the cache off.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { cacheOn, keepNewest, readEntry, storeEntry } from "../lib/util/cache-dir";
import { invalidArgument } from "../lib/util/errors";
import { sourceKey } from "../lib/util/source-key";

/** What a PNG is drawn from, besides the figure: one value per renderer, computed once per run. */
export interface RendererIdentity {
  /** SHA-256 (hex) of the plotly.js bundle loaded into the page. */
  plotlyBundle: string;
  /** The browser's `--version` line (e.g. "Chromium 156.0.8078.79 built on Debian …"). */
  browserVersion: string;
  /** The browser's command-line flags. */
  flags: readonly string[];
  /** {@link fontsFingerprint} of the machine's fonts. */
  fonts: string;
  /** Key of the renderer's source closure ({@link rendererSourceKey}). */
  rendererSource: string;
}

/** A figure's size as rendered: CSS pixels and device scale. */
export interface PngSize {
  width: number;
  height: number;
  scale: number;
}

/** True unless `SCHEDGAME_PNG_CACHE=off`. */
export function pngCacheEnabled(): boolean {
  return cacheOn("SCHEDGAME_PNG_CACHE");
}

/** The cache folder: `<root>/data/generated/png-cache`. */
export function pngCacheDir(root = process.cwd()): string {
  return path.join(root, "data", "generated", "png-cache");
}

/** SHA-256 (hex) of a file's bytes. */
export function fileSha256(file: string): string {
  return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/**
 * The browser's version line (`<executable> --version`), without starting it.
 * @throws `invalid browser: …` when it does not print one
 */
export function browserVersion(executable: string): string {
  const r = spawnSync(executable, ["--version"], { encoding: "utf8", timeout: 30_000 });
  const line = (r.stdout ?? "").trim().split("\n").pop() ?? "";
  if (r.status !== 0 || !/\d+\.\d+/.test(line))
    throw invalidArgument(
      "browser",
      executable,
      `an executable that prints its version with --version (got ${JSON.stringify(line)}, exit ${r.status})`,
    );
  return line;
}

const FONT_DIRS = [
  "/usr/share/fonts",
  "/usr/local/share/fonts",
  "/etc/fonts",
  path.join(os.homedir(), ".fonts"),
  path.join(os.homedir(), ".local", "share", "fonts"),
];

/** SHA-256 over the name, size and modification time of every file in the font folders and fontconfig's configuration. */
export function fontsFingerprint(dirs: readonly string[] = FONT_DIRS): string {
  const h = createHash("sha256");
  const walk = (d: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        try {
          const s = fs.statSync(p);
          h.update(`${p}\0${s.size}\0${s.mtimeMs}\n`);
        } catch {
          /* a dangling link: not a font */
        }
      }
    }
  };
  for (const d of dirs) walk(d);
  return h.digest("hex");
}

/** The key of the renderer's source closure (workbook/static-images.ts and what it imports), or undefined when `<root>/workbook` is not this checkout's. */
export function rendererSourceKey(root = process.cwd()): string | undefined {
  const entry = path.join(root, "workbook", "static-images.ts");
  return fs.existsSync(entry) ? sourceKey(entry, "png-renderer", root) : undefined;
}

/** SHA-256 (hex) of a renderer's identity. */
export function rendererFingerprint(id: RendererIdentity): string {
  return createHash("sha256")
    .update(JSON.stringify([id.plotlyBundle, id.browserVersion, [...id.flags], id.fonts, id.rendererSource]))
    .digest("hex");
}

/**
 * A figure's cache key: SHA-256 (hex) of the renderer's fingerprint, the size and the figure's JSON.
 * @throws `invalid size: …` for a non-positive or non-finite width, height or scale
 */
export function pngKey(fingerprint: string, figure: unknown, size: PngSize): string {
  for (const k of ["width", "height", "scale"] as const) {
    if (!(Number.isFinite(size[k]) && size[k] > 0))
      throw invalidArgument("size", size, "positive finite width, height and scale");
  }
  return createHash("sha256")
    .update(fingerprint)
    .update("\0")
    .update(JSON.stringify([size.width, size.height, size.scale]))
    .update("\0")
    .update(JSON.stringify(figure))
    .digest("hex");
}

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** True when `bytes` start with PNG's signature and end with its IEND chunk (a whole file). */
export function isWholePng(bytes: Uint8Array): boolean {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    b.length > PNG_HEAD.length + PNG_END.length &&
    b.subarray(0, 8).equals(PNG_HEAD) &&
    b.subarray(b.length - 12).equals(PNG_END)
  );
}

/** The cached PNG of `key` as base64, or undefined (none, or not a whole PNG). */
export function readCachedPng(dir: string, key: string): string | undefined {
  return readEntry(path.join(dir, `${key}.png`), (bytes) => {
    if (!isWholePng(bytes)) throw new Error("not a whole PNG");
    return bytes.toString("base64");
  });
}

/**
 * Stores a rendered PNG (base64, as Plotly's data URL gives it) under `key`: a temporary file renamed
 * into place. Stores nothing (returns false) when the base64 is not canonical or not a whole PNG, or
 * the folder cannot be written: reading it back must give the same base64.
 */
export function writeCachedPng(dir: string, key: string, base64: string): boolean {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.toString("base64") !== base64 || !isWholePng(bytes)) return false;
  return storeEntry(path.join(dir, `${key}.png`), bytes);
}

/**
 * Marks entries as used now (so that eviction keeps them) and removes all but the `keep` most
 * recently used PNGs.
 * @throws `invalid keep: …` unless a whole number ≥ 1
 */
export function prunePngCache(dir: string, used: readonly string[], keep = 5000): void {
  if (!Number.isInteger(keep) || keep < 1) throw invalidArgument("keep", keep, "a whole number >= 1");
  const now = new Date();
  for (const key of used) {
    try {
      fs.utimesSync(path.join(dir, `${key}.png`), now, now);
    } catch {
      /* removed meanwhile */
    }
  }
  try {
    keepNewest(dir, keep, (e) => e.name.endsWith(".png"));
  } catch {
    /* no folder: nothing to prune */
  }
}
