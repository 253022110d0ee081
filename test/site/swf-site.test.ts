import { describe, expect, it } from "vitest";
import { parseSwf } from "../../lib/io/swf";
import { siteFromSwf } from "../../lib/site/swf-site";
import { replaySite } from "../../lib/site/replay";

// 18 SWF fields: job submit wait run procs cpu mem reqProcs reqTime reqMem status user group exe queue partition prev think
const LOG = `; MaxNodes: 4
; MaxProcs: 16
1 0 10 100 4 -1 -1 4 200 -1 1 1 1 -1 1 1 -1 -1
2 5 0 50 8 -1 -1 8 -1 -1 1 2 2 -1 1 1 -1 -1
3 6 -1 50 4 -1 -1 4 100 -1 1 1 1 -1 1 1 -1 -1
4 7 20 300 2 -1 -1 2 100 -1 1 3 1 -1 1 1 -1 -1
5 8 0 10 -1 -1 -1 -1 100 -1 1 3 1 -1 1 1 -1 -1
6 9 0 10 32 -1 -1 32 100 -1 1 3 1 -1 1 1 -1 -1
`;

describe("siteFromSwf", () => {
  const site = siteFromSwf(parseSwf(LOG, "t.swf"));
  it("keeps each job as logged (start = submit + wait), one account per group, nodes from the header's node size", () => {
    expect(
      site.jobs.map((j) => [j.id, j.user, j.account, j.eligible, j.start, j.end, j.limit, j.cpus, j.nodes]),
    ).toEqual([
      ["1", "u1", "g1", 0, 10, 110, 200, 4, 1],
      ["2", "u2", "g2", 5, 5, 55, 50, 8, 2],
      ["4", "u3", "g1", 7, 27, 327, 100, 2, 1],
    ]);
    expect(site.machine).toMatchObject({ nodes: 4, coresPerNode: 4 });
    expect(site.settings.priorityType).toBe("priority/basic");
  });
  it("counts what it drops and changes, with the first line of each", () => {
    expect(site.dropped).toEqual([
      { reason: "no wait time", jobs: 1, firstLine: 5 },
      { reason: "no processor count", jobs: 1, firstLine: 7 },
      { reason: "wider than the machine (4 nodes)", jobs: 1, firstLine: 8 },
    ]);
    expect(site.changed).toEqual([
      { reason: "no requested time: its run time is its limit", jobs: 1, firstLine: 4 },
      { reason: "ran past its requested time: the replay ends it there", jobs: 1, firstLine: 6 },
    ]);
  });
  it("replays: a job that ran past its requested time ends there", () => {
    const r = replaySite(site, site.settings);
    expect(r.jobs.map((j) => [j.id, j.start, j.end - j.start])).toEqual([
      ["1", 0, 100],
      ["2", 5, 50],
      ["4", 7, 100],
    ]);
    expect(() => siteFromSwf(parseSwf("; MaxNodes: 4\n", "e.swf"))).toThrow(/^invalid trace: "e\.swf"/);
  });
});
