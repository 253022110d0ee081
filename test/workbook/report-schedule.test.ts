import { describe, expect, it } from "vitest";
import { notebookDependencies, runOrder, runScheduled } from "../../workbook/report";

describe("notebookDependencies", () => {
  it("keeps only the selected notebooks a notebook must wait for", () => {
    const deps = notebookDependencies(["07-main-experiments", "15-real-machines", "16-scorecard"]);
    expect(deps.get("15-real-machines")).toEqual([]);
    expect(deps.get("07-main-experiments")).toEqual([]);
  });
});

describe("runScheduled with idle drawing", () => {
  const tick = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  /** A fake image session: each finished item queues `figs` figures; draw takes one per 1 ms until stop(). */
  function fake(log: string[]) {
    let queue = 0;
    let drawing: Promise<void> | undefined;
    return {
      add: (n: number) => {
        queue += n;
      },
      left: () => queue,
      pending: () => queue > 0,
      draw(stop: () => boolean = () => false) {
        if (drawing) return drawing;
        drawing = (async () => {
          while (queue > 0 && !stop()) {
            await tick(1);
            queue--;
            log.push("draw");
          }
        })().finally(() => {
          drawing = undefined;
        });
        return drawing;
      },
    };
  }
  it("an idle lane draws finished items' figures while another runs; every item runs after its dependencies", async () => {
    const log: string[] = [];
    const idle = fake(log);
    const items = [
      { name: "a", ms: 5 },
      { name: "b", ms: 0 },
      { name: "c", ms: 5 },
    ];
    const deps = new Map([
      ["a", []],
      ["b", []],
      ["c", ["a"]],
    ]);
    await runScheduled(
      items,
      2,
      deps,
      async (i) => {
        log.push(`start ${i.name}`);
        await tick(i.ms);
        // b runs until the other lane has run c and drawn a's and c's figures (or gives up after 5 s)
        for (let t = 0; i.name === "b" && !(log.includes("end c") && idle.left() === 0) && t < 5000; t += 2)
          await tick(2);
        log.push(`end ${i.name}`);
        idle.add(3);
      },
      idle,
    );
    expect(idle.left()).toBe(0); // the lanes draw the rest once every item has finished
    expect(log.indexOf("start c")).toBeGreaterThan(log.indexOf("end a"));
    // a's and c's figures were drawn before b ended, by the idle lane
    expect(log.slice(0, log.indexOf("end b")).filter((l) => l === "draw")).toHaveLength(6);
  });
  it("one lane: items run back to back, figures are drawn after the last", async () => {
    const log: string[] = [];
    const idle = fake(log);
    const items = [{ name: "a" }, { name: "b" }];
    await runScheduled(
      items,
      1,
      new Map([
        ["a", []],
        ["b", []],
      ]),
      async (i) => {
        log.push(`run ${i.name}`);
        idle.add(2);
      },
      idle,
    );
    expect(log).toEqual(["run a", "run b", "draw", "draw", "draw", "draw"]);
    expect(idle.left()).toBe(0);
  });
});

describe("runOrder", () => {
  it("starts the long notebooks first, each group in file order, and drops none", () => {
    const all = ["00-workbook", "07-main-experiments", "17-appendix", "18-your-cluster"];
    expect(runOrder(all)).toEqual(["17-appendix", "18-your-cluster", "00-workbook", "07-main-experiments"]);
    expect(runOrder(["07-main-experiments", "00-workbook"])).toEqual(["07-main-experiments", "00-workbook"]);
  });
});
