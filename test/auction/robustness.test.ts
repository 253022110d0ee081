import { describe, expect, it } from "vitest";
import {
  auctionSweepSummary,
  auctionSweepTask,
  auctionSweepTasks,
  GA_BUDGETS,
  type AuctionSweepRow,
} from "../../lib/auction/robustness";
import { ANY_FAMILY, auctionClaims } from "../../lib/auction/sweep-claims";
import { sweepRow } from "./sweep-rows";
import { allocationDynamicsTable, dynamicsSummary } from "../../views/auction/dynamics";
import { dynamicsVariants } from "../../lib/auction/dynamics";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { tQuantile975 } from "../../lib/util/stats";

const r = sweepRow;

describe("auctionClaims", () => {
  it("judges the paired per-seed difference by lib/agreement's effect: higher holds, lower fails", () => {
    // PS < FS by 1 ± small on 3 seeds → holds; GV vs FS: differences +1, −1, 0 → inconclusive.
    const rows = [
      r(1, "fs", 5),
      r(1, "ps", 4),
      r(1, "gv", 6),
      r(2, "fs", 5),
      r(2, "ps", 3.9),
      r(2, "gv", 4),
      r(3, "fs", 5),
      r(3, "ps", 4.1),
      r(3, "gv", 5),
    ];
    const t = auctionClaims(rows, [
      { claim: "PS < FS", metric: "incompleteMean", lower: "ps", higher: "fs" },
      { claim: "GV > FS", metric: "incompleteMean", lower: "fs", higher: "gv" },
      { claim: "FS < PS", metric: "incompleteMean", lower: "fs", higher: "ps" },
    ]);
    expect(t.map((x) => [x.difference.outcome, x.verdict])).toEqual([
      ["higher", "holds"],
      ["inconclusive", "inconclusive"],
      ["lower", "fails"],
    ]);
    expect(t[0].difference.mean).toBeCloseTo(1, 12);
    expect(t[0].difference.n).toBe(3);
    // differences 1, 1.1, 0.9: t interval 1 ± 4.303·0.1/√3
    expect(t[0].difference.low).toBeCloseTo(1 - (4.303 * 0.1) / Math.sqrt(3), 12);
    expect(t[0].difference.high).toBeCloseTo(1 + (4.303 * 0.1) / Math.sqrt(3), 12);
  });

  it("counts independent cells once: a claim the GV bid family cannot change is one cell per budget", () => {
    // PS and FS run the same under both families; GV's runs differ by family
    const rows = [1, 2, 3].flatMap((seed) =>
      (["power", "geometric"] as const).flatMap((family) => [
        { ...r(seed, "fs", 5), family },
        { ...r(seed, "ps", 4 + seed / 10), family },
        { ...r(seed, "gv", family === "power" ? 6 + seed / 10 : 4 - seed / 10), family },
      ]),
    );
    const t = auctionClaims(rows, [
      { claim: "PS < FS", metric: "incompleteMean", lower: "ps", higher: "fs" },
      { claim: "GV > FS", metric: "incompleteMean", lower: "fs", higher: "gv" },
    ]);
    expect(t.map((x) => [x.claim, x.family, x.verdict])).toEqual([
      ["PS < FS", ANY_FAMILY, "holds"],
      ["GV > FS", "power", "holds"],
      ["GV > FS", "geometric", "fails"],
    ]);
  });

  it("is inconclusive with one seed: a point, no interval", () => {
    const [c] = auctionClaims([r(1, "fs", 5), r(1, "ps", 1)]);
    expect([c.difference.outcome, c.verdict, c.difference.mean, c.difference.n]).toEqual([
      "inconclusive",
      "inconclusive",
      4,
      1,
    ]);
  });
});

describe("tQuantile975", () => {
  it("is Student's t quantile with n − 1 degrees of freedom", () => {
    expect(tQuantile975(9)).toBe(2.262);
    expect(() => tQuantile975(0)).toThrow(/^invalid df: 0; expected an integer >= 1/);
  });
});

describe("auctionSweepTask", () => {
  it("is deterministic and gives FS, PS and GV rows per family with the task's parameters", async () => {
    const task = { seed: 3, budget: { name: "tiny", generations: 1, populationSize: 3, scenarios: 1 } };
    const a = await auctionSweepTask(task, { runs: 2 });
    const b = await auctionSweepTask(task, { runs: 2 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.map((x) => `${x.family}/${x.mechanism}`)).toEqual([
      "power/fs",
      "power/ps",
      "power/gv",
      "geometric/fs",
      "geometric/ps",
      "geometric/gv",
    ]);
    expect(a.every((x) => x.seed === 3 && x.budget === "tiny" && x.runs === 2)).toBe(true);
    expect(auctionSweepSummary(a).length).toBe(6);
    await expect(auctionSweepTask({ ...task, families: ["cubic" as never] })).rejects.toThrow(
      /^invalid families: "?cubic"?/,
    );
  });

  it("enumerates seeds × budgets", () => {
    expect(auctionSweepTasks([1, 2]).map((t) => `${t.seed}/${t.budget.name}`)).toEqual(
      GA_BUDGETS.flatMap((b) => [`1/${b.name}`]).concat(GA_BUDGETS.map((b) => `2/${b.name}`)),
    );
  });
});

describe("allocationDynamicsTable", () => {
  it("runs every variant on the same job sets", () => {
    const t = allocationDynamicsTable(STANDARD_ENVIRONMENT, { runs: 3 });
    expect(t.length).toBe(dynamicsVariants().length);
    expect(t.filter((x) => x.mechanism === "FS").length).toBe(3);
    expect(JSON.stringify(allocationDynamicsTable(STANDARD_ENVIRONMENT, { runs: 3 }))).toBe(
      JSON.stringify(t),
    );
  });
});

describe("parseAuctionSweepRows", () => {
  it("reads JSON lines and names the file, line and field of a bad one", async () => {
    const { parseAuctionSweepRows } = await import("../../lib/auction/robustness");
    const good = JSON.stringify(r(1, "fs", 5));
    expect(parseAuctionSweepRows(`${good}\n\n${good}\n`, "s.jsonl").length).toBe(2);
    expect(() => parseAuctionSweepRows(`${good}\n{"seed":1}`, "s.jsonl")).toThrow(
      /^s\.jsonl:2: invalid workMean: /,
    );
    expect(() => parseAuctionSweepRows(`${good}\nnot json`, "s.jsonl")).toThrow(/^s\.jsonl:2: invalid row: /);
  });
});

describe("dynamicsSummary", () => {
  it("sets the seed's shares beside ours without judging them (the seed gives no sample size)", () => {
    const row = (variant: string, mechanism: string, unchanged: number, sd: number) => ({
      variant,
      mechanism,
      "steps unchanged, %": unchanged,
      "allocation change sd": sd,
    });
    const text = dynamicsSummary(
      [
        row("FS, extras moved every 1 round", "FS", 25, 1.1),
        row("FS, extras moved every 3 rounds", "FS", 68, 0.95),
        row("FS, extras moved every 6 rounds", "FS", 78, 0.91),
        row("PS evolved, extras moved every 3 rounds", "PS", 60, 1),
        row("PS constant share b/B = 0.1", "PS", 73, 1),
        row("GV evolved, power", "GV", 61, 0.92),
        row("GV default, power", "GV", 50, 6.2),
      ],
      { fs: 67, ps: 75, gv: 66 },
    );
    expect(text).toContain("at period 3, 68 % (the seed's: 67 %)");
    expect(text).toContain("(b/B = 0.1) 73 % (the seed's: 75 %)");
    expect(text).toContain("spans 0.91–1.10 over the FS and PS variants and 0.92–6.20 over the GV variants");
    expect(text).not.toMatch(/close to|near the paper|reproduced/);
  });
});
