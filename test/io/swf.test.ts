import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SWF_FIELDS, headerJobCount, parseSwf, readSwf } from "../../lib/io/swf";
import { sharedTrace, sharedTraceManifest } from "../shared-traces";

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
4 10 0 50.5 4 -1 -1 -1 -1 -1 0 8 -1 -1 0 -1 -1 -1
5 10 1 1 1 -1 -1 2 60 -1 5 9 3 -1 1 -1 4 30
`;

describe("parseSwf", () => {
  it("parses 18 fields, keeps -1, sorts by submit then job number", () => {
    const t = parseSwf(LOG, "x.swf");
    expect(t.jobs).toBe(3);
    expect(Array.from(t.columns.job)).toEqual([4, 5, 3]);
    expect(Array.from(t.columns.runtime)).toEqual([50.5, 1, 100]);
    expect(t.columns.reqProcs[0]).toBe(-1);
    expect(t.columns.thinkTime[1]).toBe(30);
  });
  it("parses the header: sizes, start time, queues, partitions, removed-job notes", () => {
    const h = parseSwf(LOG).header;
    expect(h).toMatchObject({
      maxNodes: 4,
      maxProcs: 16,
      unixStartTime: 1000000,
      maxJobs: 5,
      maxRecords: 5,
      jobsRemoved: 2,
    });
    expect([...h.queues]).toEqual([
      [0, "interactive"],
      [1, "batch"],
    ]);
    expect(h.partitions.get(2)).toBe("gpu");
    expect(headerJobCount(h)).toBe(3);
  });
  it("takes MaxRecords when it is below MaxJobs, and nothing without a header", () => {
    expect(headerJobCount(parseSwf("; MaxJobs: 10\n; MaxRecords: 7\n;  (3 jobs removed)\n").header)).toBe(7);
    expect(headerJobCount(parseSwf("1 0 0 1 1 -1 -1 1 1 -1 1 1 1 -1 1 -1 -1 -1\n").header)).toBeUndefined();
  });
  it("names file, line and field for a non-numeric field", () => {
    expect(() => parseSwf(LOG.replace("3 20 5 100", "3 20 x 100"), "bad.swf")).toThrow(
      /^bad\.swf:11: invalid field 3 \(wait\): "x"; expected a number \(-1 when missing\)$/,
    );
  });
  it("reads every numeric token as Number() does (property), and rejects '.' and '-'", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -1e9, max: 1e12 }),
            fc.double({ min: -1e6, max: 1e9, noNaN: true, noDefaultInfinity: true }),
          ),
          { minLength: 18, maxLength: 18 },
        ),
        (vals) => {
          const t = parseSwf(vals.map(String).join(" ") + "\n");
          return SWF_FIELDS.every((f, k) => t.columns[f][0] === Number(String(vals[k])));
        },
      ),
    );
    expect(() => parseSwf(". 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18\n", "d.swf")).toThrow(
      /^d\.swf:1: invalid field 1 \(job\): "\."/,
    );
    expect(() => parseSwf("1 - 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18\n", "d.swf")).toThrow(
      /^d\.swf:1: invalid field 2 \(submit\): "-"/,
    );
  });
  it("names file and line for a wrong field count", () => {
    expect(() => parseSwf("1 2 3\n", "short.swf")).toThrow(
      /^short\.swf:1: invalid line: "3 fields"; expected exactly 18 fields$/,
    );
    expect(() => parseSwf(LOG.replace("-1 -1\n4", "-1 -1 7\n4"), "long.swf")).toThrow(
      /^long\.swf:11: invalid line: .*expected exactly 18 fields$/,
    );
  });
});

describe("readSwf on gzip files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-swf-"));
  const gz = path.join(dir, "x.swf.gz");
  fs.writeFileSync(gz, zlib.gzipSync(LOG));
  const broken = path.join(dir, "broken.swf.gz");
  fs.writeFileSync(broken, Buffer.from("this is not gzip data at all"));
  it("gunzips and parses like the plain text", () => {
    const a = readSwf(gz);
    expect(a.columns).toEqual(parseSwf(LOG).columns);
    expect(a.jobs).toBe(3);
  });
  it("reports an unreadable gzip with the file name", () => {
    expect(() => readSwf(broken)).toThrow(/broken\.swf\.gz: invalid gzip: /);
    expect(() => readSwf(path.join(dir, "none.swf"))).toThrow(/none\.swf: cannot read: /);
  });
});

describe("shared traces: the reader loads the job count each header states", () => {
  const manifest = sharedTraceManifest();
  if (manifest.length === 0)
    it.skip("every manifest trace (no shared traces: run 'npm run traces:download')", () => {});
  for (const m of manifest) {
    const p = sharedTrace(m.file);
    it.skipIf(!p)(`${m.file}: ${m.jobs} jobs`, () => {
      const t = readSwf(p!);
      expect(t.jobs).toBe(m.jobs);
      expect(headerJobCount(t.header)).toBe(t.jobs);
      for (let i = 1; i < t.jobs; i++)
        if (t.columns.submit[i] < t.columns.submit[i - 1]) throw new Error(`not sorted at ${i}`);
    });
  }
});

describe("line ends, byte-order marks and gzip without the extension (one literal fixture per kind)", () => {
  const LINES = [
    "; MaxNodes: 4",
    "; MaxProcs: 8",
    "1 0 5 60 2 -1 -1 2 120 -1 1 1 1 -1 1 -1 -1 -1",
    "2 10 0 30 4 -1 -1 4 60 -1 1 2 1 -1 1 -1 -1 -1",
  ];
  const tmp = (name: string, data: string | Buffer) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swf-kinds-"));
    const f = path.join(dir, name);
    fs.writeFileSync(f, data);
    return f;
  };
  it("CR-only, CRLF and LF logs read the same two jobs and header", () => {
    const lf = parseSwf(LINES.join("\n"), "lf.swf");
    for (const [name, text] of [
      ["cr.swf", LINES.join("\r")],
      ["crlf.swf", LINES.join("\r\n") + "\r\n"],
    ]) {
      const t = readSwf(tmp(name, text));
      expect(t.jobs).toBe(2);
      expect(t.dataLines).toBe(2);
      expect(t.header.maxNodes).toBe(4);
      expect(Array.from(t.columns.runtime)).toEqual(Array.from(lf.columns.runtime));
    }
  });
  it("a UTF-8 byte-order mark is removed (and reported), not read as a garbled header", () => {
    const t = readSwf(
      tmp("bom.swf", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LINES.join("\n"))])),
    );
    expect(t.bom).toBe(true);
    expect(t.header.maxNodes).toBe(4);
    expect(t.jobs).toBe(2);
    expect(parseSwf("\uFEFF" + LINES.join("\n")).bom).toBe(true);
  });
  it("a gzip file without the .gz extension is recognised by its magic bytes", () => {
    const t = readSwf(tmp("log.swf", zlib.gzipSync(LINES.join("\n"))));
    expect(t.jobs).toBe(2);
  });
});
