import { describe, expect, it } from "vitest";
import { rec } from "./job-records";
import { type PoaOptions, poaRows } from "../../lib/sim/poa";
import {
  BSC_TEMPLATE_SLURM,
  TABLE5_SLURM,
  bscTemplateFactors,
  poaDecomposition,
  type PoaFactor,
} from "../../lib/sim/poa-decomposition";
import { poaDecompositionTable } from "../../views/sim/poa-decomposition";
import { createRng } from "../../lib/util/rng";

const SAMPLES = [
  {
    name: "s1",
    seed: 0,
    source: "test",
    jobs: [rec("a", 6, 10), rec("b", 5, 100), rec("c", 4, 50), rec("d", 2, 30)],
  },
  {
    name: "s2",
    seed: 0,
    source: "test",
    jobs: [rec("a", 3, 200), rec("b", 7, 20), rec("c", 2, 90), rec("d", 5, 60)],
  },
];
const BASE = { nodes: 10, coresPerNode: 1, rng: createRng(1), slurm: { ...TABLE5_SLURM, bfResolution: 1 } };

describe("poaDecomposition", () => {
  it("has the base, each factor alone and the cumulative steps; the last step applies every factor", () => {
    const factors: PoaFactor[] = [
      { name: "noop", current: () => "x", thesis: "y", source: "test", apply: (o) => o },
      {
        name: "small",
        current: (o) => String(o.priority?.favorSmall ?? false),
        thesis: "true",
        source: "test",
        apply: (o) => ({ ...o, priority: { ...o.priority, favorSmall: true } }),
      },
    ];
    const rows = poaDecomposition(SAMPLES, BASE, factors);
    expect(rows.map((r) => `${r.step}:${r.factor}`)).toEqual([
      "base:—",
      "one:noop",
      "one:small",
      "cumulative:+ noop",
      "cumulative:+ small",
    ]);
    expect(rows[1].delta).toBe(0);
    expect(rows[1].values).toEqual(rows[0].values);
    const all = poaRows(SAMPLES, { ...BASE, priority: { favorSmall: true } }).map((r) => r.PoA);
    expect(rows[4].values).toEqual(all);
    expect(rows[4].delta).toBe(rows[4].mean - rows[3].mean);
    expect(rows[2].from).toBe("false");
    expect(poaDecompositionTable(rows)[2]).toMatchObject({
      step: "one",
      factor: "small",
      from: "false",
      to: "true",
      samples: 2,
    });
  });
  it("the BSC template factors end at the template's setting", () => {
    const f = bscTemplateFactors();
    expect(f.map((x) => x.name)).toEqual([
      "bfPhase",
      "bfMaxJobTest",
      "bfInterval",
      "weights",
      "Table 5 knobs",
      "favorSmall",
    ]);
    const start: PoaOptions = { ...BASE, slurm: { ...TABLE5_SLURM }, priority: { favorSmall: false } };
    const end = f.reduce((o: PoaOptions, x) => x.apply(o), start);
    expect(end.slurm).toMatchObject({
      bfPhase: 1,
      bfMaxJobTest: 50,
      bfInterval: 23,
      defaultQueueDepth: 100,
      bfWindow: 1440,
      bfMaxJobUser: 0,
    });
    expect(end.priority).toMatchObject({
      favorSmall: true,
      weights: { fairShare: 10000, age: 1000, jobSize: 1000, partition: 1000, qos: 0 },
    });
    expect(end.slurm).toEqual({ ...TABLE5_SLURM, ...BSC_TEMPLATE_SLURM });
    expect(f[0].current(BASE)).toBe("60 s");
    expect(f[5].current({ ...BASE, priority: { favorSmall: false } })).toBe("NO");
  });
});
