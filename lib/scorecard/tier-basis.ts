/**
 * Why a scorecard row has its tier, and where its values come from, as data: the kind and the
 * values it rests on (views/scorecard/row-text.ts words them).
 */

/** The model's identities among the published columns (lib/scorecard/tiers.ts lists their columns). */
export const IDENTITY_IDS = [
  "vcg-within-bid",
  "clarke-never-negative",
  "optimum-fills-w",
  "halting-greedy-within-bid",
  "restates-published",
] as const;

/** An identity of the model. */
export type IdentityId = (typeof IDENTITY_IDS)[number];

/** Why a row has its tier. */
export type TierBasis =
  /** A reproduced result: nothing fixes it. */
  | { kind: "reproduced" }
  /** A mechanism identity (each a property test under test/mechanism/). */
  | { kind: "identity"; identity: IdentityId }
  /** An illustration whose value follows from its model: the game's payoffs or the network's delay functions. */
  | { kind: "model"; follows: "game payoffs" | "delay functions" }
  /** An input fixes it: a dependency's input (lib/scorecard/dependencies.ts). */
  | { kind: "input"; input: string }
  /** The source is calibrated to what the row compares (Section 4's counts and summaries, or facts). */
  | { kind: "calibrated"; source: string; to: "Section 4" | "F7 and F8" }
  /** Wall-clock time of another solver on another machine. */
  | { kind: "another solver" }
  /**
   * Another machine than the thesis's: `W` and `scale` for a mechanism column shown on a common
   * scale (per node of W, or per job of the sample); null for the simulator's Total Values.
   */
  | { kind: "another machine"; source: string; W: number | null; scale: "per node" | "per job" | null }
  /** Another kind of log than the thesis's Autosubmit logs. */
  | { kind: "another log"; source: string };

/** Where a row's values come from. */
export type Provenance =
  | { kind: "none" }
  /** A results file: the thesis's ordinary samples against ours (statistics or PoA samples) of a notebook. */
  | {
      kind: "results";
      notebook: string;
      thesisSamples: number;
      oursSamples: number;
      samples: "statistics" | "PoA";
      /** The thesis's caption's caveat on the experiment (null when none). */
      caption: string | null;
    }
  /** No results file of the notebook. */
  | { kind: "no results"; notebook: string; caption: string | null }
  /** Ours is measured in notebook 16 (wall clock on this machine, so not stored in a results file). */
  | { kind: "wall clock" }
  /** A match count over the thesis's published summary statistics. */
  | { kind: "published statistics"; count: number }
  /** A count; `printed` when the thesis prints it differently in Table 8 and Figure 2 for the same set. */
  | { kind: "count"; printed: { table8: number; figure2: number } | null }
  /** The thesis states a shape, not a number (Figure 22's "half of the planned" and "around 16 nodes"). */
  | { kind: "stated"; statement: "half of 40 minutes" | "around 16" }
  /** Notebook 05 solves the game, or finds the Wardrop equilibrium on a grid of `steps`. */
  | { kind: "solved"; by: "game" | "wardrop"; steps: number | null }
  /** The 1A/1B accounting: the statistics samples of a notebook where the 1A identities hold. */
  | { kind: "identity samples"; notebook: string; kept: number; all: number; band: number };
