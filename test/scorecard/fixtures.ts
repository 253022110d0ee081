/** The scorecard tests' round fixture: 300 small jobs on a 96-node machine keep the rounds and the simulator fast. */
import type { ResultsFile } from "../../lib/scorecard/results-file";
import type { PoaRow } from "../../lib/sim/poa";
import { job } from "../sample/fixtures";

export const JOBS = Array.from({ length: 300 }, (_, k) =>
  job(`j${k}`, 1 + (k % 7), [40, 60, 120, 30][k % 4], 5 + (k % 23), "SIM"),
);

/** Notebook 07's parameters at the fixture's size. */
export const P = {
  SOURCE: "fixture",
  SEED: 3,
  W: 96,
  FACTOR: 2,
  RERUN_CAPACITY: "covered" as const,
  STATS_SAMPLES: 4,
  CF_SAMPLES: 2,
};

/** A PoA row of one sample (Table 29's quantities) with TV_1B1 / TV as its PoA. */
export const poaRow = (sample: string, TV: number, TV_1B1: number): PoaRow => ({
  sample,
  jobs: 10,
  TV,
  TV_t0: TV,
  TV_1B1,
  TV_1B2: TV_1B1,
  TV_1B3: TV * 0.99,
  TV_1A: TV_1B1,
  PoA: TV_1B1 / TV,
  PoA_exact: TV_1B1 / TV,
});

/** Notebook 10's results file of 4 samples (PoA about 1.61) and two counterfactual runs, one post-hoc (1.8) and one fixed in advance (1.6). */
export const SIM_RESULTS: ResultsFile = (() => {
  const many = [0, 1, 2, 3].map((k) => ({ ...poaRow(`s${k}`, 255000 + k * 1000, 410000 + k * 2000) }));
  return {
    notebook: "10-slurm-simulator",
    parameters: {},
    tables: {
      many,
      "cf:input: twin v3 (test)": many.map((r) => ({ ...r, PoA: 1.8 })),
      "cf:PriorityFavorSmall = NO (test)": many.map((r) => ({ ...r, PoA: 1.6 })),
    },
  };
})();
