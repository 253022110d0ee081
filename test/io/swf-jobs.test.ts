import { describe, expect, it } from "vitest";
import { parseSwf } from "../../lib/io/swf";
import { mixedNodeSize, swfMachine, swfToJobTable } from "../../lib/io/swf-jobs";

const LOG = `; UnixStartTime: 1000000
; MaxNodes: 4
; MaxProcs: 16
; Queue: 1 batch
; Partition: 2 gpu
1 0 60 120 8 -1 -1 6 600 -1 1 7 2 -1 1 2 -1 -1
2 30 -1 -1 4 -1 -1 -1 -1 -1 5 -1 -1 -1 -1 2 -1 -1
3 40 0 10 -1 -1 -1 -1 61 -1 9 8 3 -1 -1 -1 -1 -1
`;

describe("swfToJobTable", () => {
  it("maps SWF fields into the Job File schema (see the module table)", () => {
    const rows = swfToJobTable(parseSwf(LOG)).objects() as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({
      job_name: "1",
      type: "batch",
      queue: "batch",
      partition: "gpu",
      submit: 1000000,
      start: 1000060,
      finish: 1000180,
      status: "COMPLETED",
      wallclock: "00:10",
      procs: 6,
      user: "u7",
      account: "g2",
      platform: "",
    });
    expect(rows[1]).toMatchObject({ status: "CANCELLED", wallclock: "", procs: 4, queue: "gpu", user: "" });
    expect(rows[1].start).toBeNaN();
    expect(rows[2]).toMatchObject({ status: "STATUS_9", wallclock: "00:02", queue: "", type: "" });
    expect(rows[2].procs).toBeNaN();
  });
  it("starts jobs without a wait time at submit when asked", () => {
    const rows = swfToJobTable(parseSwf(LOG.replace("3 40 0 10", "3 40 -1 10")), {
      missingWait: "zero",
    }).objects() as Record<string, number>[];
    expect([rows[2].start, rows[2].finish]).toEqual([1000040, 1000050]);
  });
  it("takes requested or allocated processors as asked", () => {
    const t = parseSwf(LOG);
    expect(swfToJobTable(t, { procs: "allocated" }).array("procs")[0]).toBe(8);
    expect(swfToJobTable(t, { procs: "requested" }).array("procs")[1]).toBeNaN();
    expect(() => swfToJobTable(t, { procs: "both" as never })).toThrow(
      /^invalid procs: "both"; expected one of "requested", "allocated", "requested-else-allocated"$/,
    );
  });
});

describe("swfMachine", () => {
  it("reads MaxNodes and cores per node from the header", () => {
    expect(swfMachine(parseSwf(LOG))).toEqual({
      nodes: 4,
      coresPerNode: 4,
      origin: "header (MaxNodes 4, MaxProcs 16)",
      nodeSizeStated: true,
    });
  });
  it("loads a header-stripped log when the caller gives the machine size, and says so otherwise", () => {
    const stripped = parseSwf(
      LOG.split("\n")
        .filter((l) => !l.startsWith(";"))
        .join("\n"),
      "stripped.swf",
    );
    expect(swfMachine(stripped, { nodes: 128, coresPerNode: 1 })).toEqual({
      nodes: 128,
      coresPerNode: 1,
      origin: "caller",
      nodeSizeStated: true,
    });
    // No header: the widest job (8 processors) as nodes of one processor, and says so.
    expect(swfMachine(stripped)).toEqual({
      nodes: 8,
      coresPerNode: 1,
      origin:
        "inferred: no MaxNodes or MaxProcs in the header, so the widest job (8 processors) as nodes of one processor",
      nodeSizeStated: false,
    });
    const procsOnly = parseSwf(
      LOG.split("\n")
        .filter((l) => !l.startsWith("; MaxNodes"))
        .join("\n"),
      "procs.swf",
    );
    expect(swfMachine(procsOnly)).toEqual({
      nodes: 16,
      coresPerNode: 1,
      origin: "inferred: no MaxNodes in the header, so MaxProcs 16 nodes of one processor",
      nodeSizeStated: false,
    });
    expect(swfMachine(procsOnly, { coresPerNode: 2 }).origin).toBe(
      "caller (cores per node), inferred: no MaxNodes in the header, so MaxProcs 16 nodes of one processor",
    );
    const empty = parseSwf("; Version: 2.2\n", "empty.swf");
    expect(() => swfMachine(empty)).toThrow(
      /^invalid machine: null; expected \{nodes, coresPerNode\} for empty\.swf \(its header gives MaxNodes=none, MaxProcs=none, and no job has a processor count; set MACHINE\)$/,
    );
    expect(() => swfMachine(procsOnly, { nodes: -3, coresPerNode: 1 })).toThrow(
      /^invalid machine: \{"nodes":-3,"coresPerNode":1\}; expected whole numbers of nodes and cores per node ≥ 1 for procs\.swf \(the caller's machine\)$/,
    );
  });
});

describe("nodes of mixed sizes", () => {
  it("infers the node size as the largest divisor of MaxProcs not above the mean, never floor(mean)", () => {
    expect(mixedNodeSize(93312, 5544)).toBe(16); // Curie: 16.83
    expect(mixedNodeSize(96 * 8 + 8 * 32, 104)).toBe(8); // 8- and 32-core nodes: 9.85, floor would say 9
    expect(mixedNodeSize(50 * 2 + 30 * 4, 80)).toBe(2); // 2- and 4-core nodes: 2.75
    expect(mixedNodeSize(7, 2)).toBe(1); // a prime total: one processor per node
  });
  it("says the node size is inferred, and cleaning then keeps the jobs smaller than it (one node each)", () => {
    // 40 processors on 3 nodes (e.g. 8 + 16 + 16): 13.33 per node is not whole; the guess (10) is flagged as inferred, so no job is dropped as sub-node, and MACHINE gives the truth
    const log =
      "; MaxNodes: 3\n; MaxProcs: 40\n1 0 0 60 4 -1 -1 4 120 -1 1 1 1 -1 1 -1 -1 -1\n2 5 0 60 8 -1 -1 8 120 -1 1 1 1 -1 1 -1 -1 -1\n";
    const m = swfMachine(parseSwf(log, "mixed.swf"));
    expect(m).toMatchObject({ nodes: 3, coresPerNode: 10, nodeSizeStated: false });
    expect(m.origin).toMatch(
      /MaxProcs\/MaxNodes = 13\.33 is not whole \(nodes of mixed sizes\), so the node size 10 is inferred/,
    );
  });
});
