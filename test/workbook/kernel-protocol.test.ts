import { describe, expect, it } from "vitest";
import {
  DELIMITER,
  decodeMessage,
  encodeMessage,
  freshKey,
  makeMessage,
  sign,
} from "../../workbook/kernel-protocol";

describe("kernel protocol", () => {
  const key = "0123456789abcdef";

  it("sign() is HMAC-SHA256 over the four JSON frames (known vector)", () => {
    // openssl: printf '{}{}{}{}' | openssl dgst -sha256 -hmac 0123456789abcdef
    expect(sign(key, ["{}", "{}", "{}", "{}"])).toBe(
      "2112862f3ade480377fba01bdbc4b0df433072def8ac9a19a68255ace2b9c521",
    );
  });

  it("encodeMessage/decodeMessage round-trip a signed message, with routing identities in front", () => {
    const msg = makeMessage("execute_request", { code: "1+1" }, "session-1");
    const frames = [Buffer.from("identity"), ...encodeMessage(msg, key)];
    const back = decodeMessage(frames, key);
    expect(back.header).toEqual(msg.header);
    expect(back.content).toEqual({ code: "1+1" });
    expect(frames[1].toString()).toBe(DELIMITER);
  });

  it("rejects a tampered content frame", () => {
    const frames = encodeMessage(makeMessage("execute_request", { code: "1+1" }, "s"), key);
    frames[5] = Buffer.from(JSON.stringify({ code: "process.exit()" }));
    expect(() => decodeMessage(frames, key)).toThrow(/^invalid message signature: /);
  });

  it("rejects a tampered signature and a message signed with another key", () => {
    const frames = encodeMessage(makeMessage("kernel_info_request", {}, "s"), key);
    const bad = frames.slice();
    bad[1] = Buffer.from("0".repeat(64));
    expect(() => decodeMessage(bad, key)).toThrow(/invalid message signature/);
    expect(() => decodeMessage(frames, "another-key")).toThrow(/invalid message signature/);
  });

  it("rejects frames without the delimiter", () => {
    expect(() => decodeMessage([Buffer.from("x")], key)).toThrow(
      /^invalid message: 1 frames without a complete/,
    );
  });

  it("freshKey() gives 64 hex digits, different each time", () => {
    const a = freshKey(),
      b = freshKey();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
