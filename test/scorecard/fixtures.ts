/** The scorecard tests' round fixture: 300 small jobs on a 96-node machine keep the rounds and the simulator fast. */
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
