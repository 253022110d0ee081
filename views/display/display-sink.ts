/**
 * Where display bundles go. Inside a tslab kernel, a bundle with several MIME types is sent as
 * one `display_data` message through tslab's internal `lastWriteDisplayData` (tslab's public
 * `display` API can send only one MIME type per message; this is why tslab is pinned to an exact
 * version). Outside a kernel (tests, scripts) there is no sink and the caller gets the bundle back.
 */
import { createRequire } from "node:module";
import * as path from "node:path";

/** A MIME bundle: MIME type → content (string, or a JSON object for `application/*+json`). */
export type MimeBundle = Record<string, unknown>;

/** A function that sends one display message: `{data, metadata}`. */
export type DisplaySink = (data: MimeBundle, metadata: Record<string, unknown>) => void;

/**
 * Finds the running tslab kernel's display writer, or `undefined` outside a kernel.
 * Looks through Node's module cache for the tslab instance that the kernel itself loaded.
 */
export function tslabDisplaySink(): DisplaySink | undefined {
  const write = tslabWriter();
  if (!write) return undefined;
  return (data, metadata) => write({ data, metadata, transient: {} }, false);
}

/**
 * Sends a bundle to the kernel's front end. Returns nothing, so that a `show…()` call as a cell's
 * last expression prints nothing extra; when not running in a kernel, nothing is sent (tests use
 * the pure `…Bundle` functions instead).
 */
export function sendBundle(
  data: MimeBundle,
  metadata: Record<string, unknown> = {},
  sink = tslabDisplaySink(),
): void {
  sink?.(data, metadata);
}

/**
 * A display that can be updated in place (Jupyter's display_id / update_display_data), e.g. a
 * progress bar. Outside a kernel both calls do nothing.
 * @param id the display id (unique per display in a notebook)
 */
export function updatableDisplay(id: string): {
  show: (data: MimeBundle) => void;
  update: (data: MimeBundle) => void;
} {
  const write = tslabWriter();
  const send = (data: MimeBundle, update: boolean) =>
    write?.({ data, metadata: {}, transient: { display_id: id } }, update);
  return { show: (data) => send(data, false), update: (data) => send(data, true) };
}

/** tslab's internal writer of display messages in this kernel, or undefined outside one. */
function tslabWriter(): ((content: unknown, update: boolean) => void) | undefined {
  const req = createRequire(path.join(process.cwd(), "noop.js"));
  const jupyter = Object.values(req.cache).find(
    (m) => m && /tslab[\\/]dist[\\/]jupyter\.js$/.test(m.filename),
  );
  const write = (
    jupyter?.exports as { lastWriteDisplayData?: (content: unknown, update: boolean) => void } | undefined
  )?.lastWriteDisplayData;
  return typeof write === "function" ? write : undefined;
}
