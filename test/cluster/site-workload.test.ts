import { describe, expect, it } from "vitest";
import { SITE_ACCOUNTS, siteWorkload } from "../../cluster/site-workload";

describe("siteWorkload", () => {
  it("is seeded: the same options give the same jobs, another seed others", () => {
    expect(siteWorkload({ seed: 3 })).toEqual(siteWorkload({ seed: 3 }));
    expect(siteWorkload({ seed: 3 })).not.toEqual(siteWorkload({ seed: 4 }));
  });

  it("spreads jobs over every user, the busiest in the account with the fewest shares", () => {
    const jobs = siteWorkload();
    const byUser = new Map<string, number>();
    for (const j of jobs) byUser.set(j.user, (byUser.get(j.user) ?? 0) + 1);
    const users = SITE_ACCOUNTS.flatMap((a) => a.users.map((u) => u.user));
    expect([...byUser.keys()].sort()).toEqual([...users].sort());
    const busiest = [...byUser].sort((a, b) => b[1] - a[1])[0][0];
    const fewest = [...SITE_ACCOUNTS].sort((a, b) => a.fairshare - b.fairshare)[0];
    expect(fewest.users.map((u) => u.user)).toContain(busiest);
    expect(SITE_ACCOUNTS.reduce((s, a) => s + a.users.reduce((t, u) => t + u.activity, 0), 0)).toBeCloseTo(
      1,
      12,
    );
  });

  it("asks for whole nodes within the cluster, sleeps under the limit, offsets ascending", () => {
    const jobs = siteWorkload({ clusterNodes: 5 });
    for (const [k, j] of jobs.entries()) {
      expect(j.nodes).toBeGreaterThanOrEqual(1);
      expect(j.nodes).toBeLessThanOrEqual(5);
      expect(j.sleep).toBeLessThan(60 * j.limitMinutes);
      if (k > 0) expect(j.offset).toBeGreaterThanOrEqual(jobs[k - 1].offset);
    }
  });

  it("refuses a bad option by its name", () => {
    expect(() => siteWorkload({ jobs: 0 })).toThrow(/invalid jobs/);
    expect(() => siteWorkload({ meanGap: 0 })).toThrow(/invalid meanGap/);
  });
});
