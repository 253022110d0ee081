import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { STANDARD_ENVIRONMENT } from "../../lib/auction/environment";
import { evaluateStrategies } from "../../lib/auction/fitness";
import { type GeneticProgress, evolveStrategy, formatGeneticProgress } from "../../lib/auction/genetic";
import { DEFAULT_PS_COEFFICIENTS } from "../../lib/auction/strategies";
import { createWorkerPool } from "../../lib/auction/worker-pool";

const small = { environment: STANDARD_ENVIRONMENT, populationSize: 6, generations: 3, scenarios: 4, seed: 9 };

describe("evaluateStrategies(task)", () => {
  const task = {
    mechanism: "ps" as const,
    environment: STANDARD_ENVIRONMENT,
    candidates: [
      [2, 0, 0, 0, 0, 0],
      [0, 0.05, 0, 0, 0, 0],
    ],
    opponents: [2, 0, 0, 0, 0, 0],
    seed: 1,
    scenarioStart: 0,
    scenarios: 6,
  };

  it("scores candidates on common scenarios, deterministically", () => {
    const a = evaluateStrategies(task);
    expect(a).toEqual(evaluateStrategies(task));
    expect(evaluateStrategies({ ...task, candidates: [task.candidates[1]] })).toEqual([a[1]]);
    a.forEach((x) => expect(x).toBeGreaterThanOrEqual(0));
  });

  it("rejects a candidate of the wrong length", () => {
    expect(() => evaluateStrategies({ ...task, candidates: [[1, 2]] })).toThrow(
      /^invalid candidates\[0\]: \[1,2\]; expected an array of 6 finite numbers$/,
    );
  });

  it("scores the same on worker threads (tsx-registered .cjs entry) as on this thread", async () => {
    const pool = createWorkerPool(2);
    try {
      expect(await pool.evaluate({ ...task, candidates: [...task.candidates, [1, 0, 0, 0, 0, 0]] })).toEqual(
        evaluateStrategies({ ...task, candidates: [...task.candidates, [1, 0, 0, 0, 0, 0]] }),
      );
    } finally {
      await pool.close();
    }
  });
});

describe("createWorkerPool(size)", () => {
  it("passes a worker's error back as a rejected promise", async () => {
    const pool = createWorkerPool(1);
    try {
      const bad = { mechanism: "ps", candidates: [[1, 0, 0, 0, 0, 0]] } as never;
      await expect(pool.evaluate(bad)).rejects.toThrow(
        /^fitness worker failed: invalid environment: undefined; expected an AuctionEnvironment object$/,
      );
    } finally {
      await pool.close();
    }
  });

  it("fails the tasks of a worker that exits without answering, then and after, instead of waiting for ever", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-pool-"));
    const script = path.join(dir, "exits.cjs");
    fs.writeFileSync(
      script,
      'require("node:worker_threads").parentPort.once("message", () => process.exit(3));\n',
    );
    const pool = createWorkerPool(1, script);
    try {
      for (const _ of [1, 2])
        await expect(pool.evaluate({ candidates: [[1, 0, 0, 0, 0, 0]] } as never)).rejects.toThrow(
          /^fitness worker exited \(code 3\) before answering$/,
        );
    } finally {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rejects a bad size", () => {
    expect(() => createWorkerPool(0)).toThrow(/^invalid workers: 0; expected an integer >= 1$/);
  });
});

describe("evolveStrategy(options)", () => {
  it("same seed → identical result, reporting progress every generation", async () => {
    const seen: GeneticProgress[] = [];
    const a = await evolveStrategy({ ...small, mechanism: "ps", onProgress: (p) => seen.push(p) });
    const b = await evolveStrategy({ ...small, mechanism: "ps" });
    expect(a.best).toEqual(b.best);
    expect(a.history.map((h) => h.best)).toEqual(b.history.map((h) => h.best));
    expect(seen.map((p) => p.generation)).toEqual([1, 2, 3]);
    expect(formatGeneticProgress({ ...seen[0], ms: 1500 })).toMatch(
      /^\[#######-------------\] generation 1\/3: best \d+\.\d{3}, mean \d+\.\d{3} \(1\.5 s\)$/,
    );
    expect(a.population[0]).toEqual(a.best);
    expect(a.scores).toEqual([...a.scores].sort((x, y) => x - y));
    // The default strategy is in the first generation, so the first best is no worse than it.
    expect(a.history[0].best).toBeLessThanOrEqual(
      evaluateStrategies({
        mechanism: "ps",
        environment: STANDARD_ENVIRONMENT,
        candidates: [DEFAULT_PS_COEFFICIENTS.slice()],
        opponents: DEFAULT_PS_COEFFICIENTS.slice(),
        seed: "9/ga",
        scenarioStart: 0,
        scenarios: 4,
      })[0],
    );
  });

  it("gives the same result on 1 worker thread as on this thread (GV, co-evolution)", async () => {
    const opts = { ...small, generations: 2, mechanism: "gv" as const, opponents: "elite" as const };
    const inline = await evolveStrategy(opts);
    const threaded = await evolveStrategy({ ...opts, workers: 1 });
    expect(threaded.best).toEqual(inline.best);
    expect(threaded.best.length).toBe(18);
  });

  it("rejects bad options", async () => {
    await expect(evolveStrategy({ populationSize: 1 })).rejects.toThrow(
      /^invalid populationSize: 1; expected an integer >= 2$/,
    );
    await expect(evolveStrategy({ opponents: "best" as never })).rejects.toThrow(
      /^invalid opponents: "best"; expected one of "default", "elite"$/,
    );
  });
});
