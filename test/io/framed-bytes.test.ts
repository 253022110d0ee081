import { describe, expect, it } from "vitest";
import { decodeFramed, encodeFramed, pad8 } from "../../lib/io/framed-bytes";

const bad = (why: string) => new Error(`bad: ${why}`);

describe("encodeFramed / decodeFramed", () => {
  it("lays out magic, u32 length, JSON head and 8-aligned sections, and reads them back", () => {
    const a = Uint8Array.from([1, 2, 3]),
      b = new Uint8Array(new Float64Array([0.5, -0]).buffer);
    const bytes = encodeFramed("TEST1\n", { n: 2 }, [a, b]);
    const head = Buffer.from(JSON.stringify({ n: 2 }));
    expect(bytes.toString("latin1", 0, 6)).toBe("TEST1\n");
    expect(bytes.readUInt32LE(6)).toBe(head.byteLength);
    const first = 10 + head.byteLength + pad8(10 + head.byteLength);
    expect(first % 8).toBe(0);
    expect(bytes.byteLength).toBe(first + 8 + 16);
    const f = decodeFramed(bytes, "TEST1\n", bad);
    expect(f.head).toEqual({ n: 2 });
    expect(Array.from(f.take(3))).toEqual([1, 2, 3]);
    const d = new Float64Array(f.take(16).slice().buffer);
    expect([d[0], Object.is(d[1], -0)]).toEqual([0.5, true]);
    expect(f.offset).toBe(f.end);
    expect(() => f.take(1)).toThrow(/^bad: length$/);
  });

  it("checks the magic and, with a digest, every byte", () => {
    const bytes = encodeFramed("TEST1\n", [1], [Uint8Array.from([9])], true);
    expect(decodeFramed(bytes, "TEST1\n", bad, true).take(1)[0]).toBe(9);
    expect(() => decodeFramed(bytes, "TEST2\n", bad, true)).toThrow(/^bad: magic$/);
    const altered = Buffer.from(bytes);
    altered[altered.byteLength - 40] ^= 1;
    expect(() => decodeFramed(altered, "TEST1\n", bad, true)).toThrow(/^bad: checksum$/);
    expect(() => decodeFramed(bytes.subarray(0, 8), "TEST1\n", bad)).toThrow(/^bad: magic$/);
    expect(() => decodeFramed(bytes.subarray(0, 12), "TEST1\n", bad)).toThrow(/^bad: length$/);
  });
});
