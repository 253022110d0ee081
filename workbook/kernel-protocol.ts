/**
 * The Jupyter messaging protocol (v5.3) on the wire: a message is the frames
 * `[...identities, "<IDS|MSG>", signature, header, parent_header, metadata, content, ...buffers]`,
 * signed with HMAC-SHA256 over the four JSON frames under the connection key. Every message the
 * runner sends is signed; every message it receives is verified before use.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

/** The delimiter between routing identities and the message. */
export const DELIMITER = "<IDS|MSG>";

/** A message header. */
export interface MessageHeader {
  msg_id: string;
  session: string;
  username: string;
  date: string;
  msg_type: string;
  version: string;
}

/** A decoded message. */
export interface JupyterMessage {
  header: MessageHeader;
  parent_header: Partial<MessageHeader>;
  metadata: Record<string, unknown>;
  content: Record<string, any>;
  buffers: Buffer[];
}

/** A fresh random signing key: 32 random bytes as 64 hex digits. */
export function freshKey(): string {
  return randomBytes(32).toString("hex");
}

/** HMAC-SHA256 hex digest of the four JSON frames. */
export function sign(key: string, frames: readonly (string | Buffer)[]): string {
  const h = createHmac("sha256", key);
  for (const f of frames) h.update(f);
  return h.digest("hex");
}

/** Builds a new message (header with a fresh id and the current time). */
export function makeMessage(
  msgType: string,
  content: Record<string, unknown>,
  session: string,
  parent: Partial<MessageHeader> = {},
): JupyterMessage {
  return {
    header: {
      msg_id: randomUUID(),
      session,
      username: "schedgame",
      date: new Date().toISOString(),
      msg_type: msgType,
      version: "5.3",
    },
    parent_header: parent,
    metadata: {},
    content,
    buffers: [],
  };
}

/** Serialises and signs a message into wire frames (no routing identities). */
export function encodeMessage(msg: JupyterMessage, key: string): Buffer[] {
  const parts = [msg.header, msg.parent_header, msg.metadata, msg.content].map((p) =>
    Buffer.from(JSON.stringify(p)),
  );
  return [Buffer.from(DELIMITER), Buffer.from(sign(key, parts)), ...parts, ...msg.buffers];
}

/**
 * Verifies and decodes wire frames.
 * @throws `invalid message signature: …` when the HMAC does not match (tampered or wrong key),
 *   `invalid message: …` when the frames are malformed
 */
export function decodeMessage(frames: readonly Buffer[], key: string): JupyterMessage {
  const i = frames.findIndex((f) => f.toString() === DELIMITER);
  if (i < 0 || frames.length < i + 6)
    throw new Error(`invalid message: ${frames.length} frames without a complete "${DELIMITER}" envelope`);
  const signature = frames[i + 1].toString();
  const parts = frames.slice(i + 2, i + 6);
  const expected = Buffer.from(sign(key, parts));
  const got = Buffer.from(signature);
  if (got.length !== expected.length || !timingSafeEqual(got, expected)) {
    throw new Error(
      `invalid message signature: ${signature.slice(0, 16)}…; expected the HMAC-SHA256 of the message under the session key`,
    );
  }
  const [header, parent_header, metadata, content] = parts.map((p, k) => {
    try {
      return JSON.parse(p.toString());
    } catch {
      throw new Error(`invalid message: frame ${k + 2} is not JSON`);
    }
  });
  return { header, parent_header, metadata, content, buffers: frames.slice(i + 6) as Buffer[] };
}
