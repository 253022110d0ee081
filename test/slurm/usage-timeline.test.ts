import { describe, expect, it } from "vitest";
import { buildAssociationTree } from "../../lib/slurm/associations";
import { readAssociationCsv } from "../../lib/slurm/reference-csv";
import { usageTimeline } from "../../lib/slurm/usage-timeline";
import { usageTimelineFigure } from "../../views/slurm/figures";

const tree = buildAssociationTree(readAssociationCsv("data/reference/thesis/table01.csv"), {
  root: "bsc_es",
});
const initial = { time: 0, usage: new Map(tree.users.map((u) => [u, tree.nodes.get(u)!.ownUsage * 100])) };

describe("usageTimeline", () => {
  it("decays idle usage by half per half-life (exact model) and keeps the order", () => {
    const rows = usageTimeline(tree, initial, [], {
      durationSeconds: 14 * 86400,
      reportEverySeconds: 7 * 86400,
      calcPeriodSeconds: 3600,
      usage: { decayModel: "exact" },
    });
    expect(rows).toHaveLength(3 * 5);
    const u = (day: number, user: string) => rows.find((r) => r.day === day && r.user === user)!;
    expect(u(7, "bsc3092").usage).toBeCloseTo(50000, 6);
    expect(u(14, "bsc3092").usage).toBeCloseTo(25000, 6);
    expect(u(14, "bsc3090").factor).toBe(u(0, "bsc3090").factor);
  });
  it("a running job raises its user's usage and can drop its rank", () => {
    const rows = usageTimeline(
      tree,
      initial,
      [{ association: "bsc3090", cpus: 1, start: 0, end: Infinity }],
      { durationSeconds: 3 * 86400 },
    );
    const mine = rows.filter((r) => r.user === "bsc3090");
    for (let i = 1; i < mine.length; i++) expect(mine[i].usage).toBeGreaterThan(mine[i - 1].usage);
    expect(mine[0].factor).toBe(1);
    expect(mine[mine.length - 1].factor).toBeLessThan(1);
    expect(usageTimelineFigure(rows, "factor").data).toHaveLength(5);
  });
});
