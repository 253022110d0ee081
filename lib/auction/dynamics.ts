/**
 * Experiments on the allocation dynamics of seed 004 (Section 5.2: steps with the allocation
 * unchanged, sd of the allocation change). The paper has PS steadiest (75 % unchanged; sd PS < FS <
 * GV); our first runs had it the other way. Each variant changes one factor — the rounding period of
 * the extra servers, the PS bid rule, the GV bid-vector family — on the same job sets (common random
 * numbers), so the table shows which factor moves which statistic.
 */
import type { BidVectorFamilyName } from "./bid-vector";
import { DEFAULT_GV_COEFFICIENTS, DEFAULT_PS_COEFFICIENTS } from "./strategies";

/** One variant of the experiment. */
export interface DynamicsVariant {
  /** What changes, in words. */
  name: string;
  mechanism: "fs" | "ps" | "gv";
  period: number;
  strategies?: readonly number[];
  bidVectorFamily?: BidVectorFamilyName;
}

/** Options of {@link allocationDynamicsTable}. */
export interface DynamicsOptions {
  /** Seed of the job sets. Defaults to 1. */
  seed?: number | string;
  /** Runs per variant. Defaults to 200. */
  runs?: number;
  /** The evolved PS strategy (6 coefficients). Defaults to the seed's default 2/d. */
  psStrategy?: readonly number[];
  /** The evolved GV strategy (18 coefficients). Defaults to the seed's default. */
  gvStrategy?: readonly number[];
  /** The evolved GV strategy's bid-vector family. Defaults to "power". */
  gvFamily?: BidVectorFamilyName;
}

/**
 * The variants: the rounding period (1, 3, 6 rounds) under FS and PS; the PS bid rule (evolved; the
 * default 2/d; a constant share b/B = 0.1 of the remaining balance, whose bids fall smoothly); GV's
 * evolved and default strategies under both bid-vector families.
 */
export function dynamicsVariants(options: DynamicsOptions = {}): DynamicsVariant[] {
  const ps = options.psStrategy ?? DEFAULT_PS_COEFFICIENTS;
  const gv = options.gvStrategy ?? DEFAULT_GV_COEFFICIENTS;
  const fam = options.gvFamily ?? "power";
  const other: BidVectorFamilyName = fam === "power" ? "geometric" : "power";
  return [
    ...[1, 3, 6].map((period) => ({
      name: `FS, extras moved every ${period} round(s)`,
      mechanism: "fs" as const,
      period,
    })),
    ...[1, 3, 6].map((period) => ({
      name: `PS evolved, extras moved every ${period} round(s)`,
      mechanism: "ps" as const,
      period,
      strategies: ps,
    })),
    { name: "PS default bids b/B = 2/d", mechanism: "ps", period: 3, strategies: DEFAULT_PS_COEFFICIENTS },
    { name: "PS constant share b/B = 0.1", mechanism: "ps", period: 3, strategies: [0, 0.1, 0, 0, 0, 0] },
    {
      name: `GV evolved, ${fam} bid vectors`,
      mechanism: "gv",
      period: 3,
      strategies: gv,
      bidVectorFamily: fam,
    },
    {
      name: `GV evolved strategy, ${other} bid vectors`,
      mechanism: "gv",
      period: 3,
      strategies: gv,
      bidVectorFamily: other,
    },
    {
      name: "GV default, power bid vectors",
      mechanism: "gv",
      period: 3,
      strategies: DEFAULT_GV_COEFFICIENTS,
      bidVectorFamily: "power",
    },
    {
      name: "GV default, geometric bid vectors",
      mechanism: "gv",
      period: 3,
      strategies: DEFAULT_GV_COEFFICIENTS,
      bidVectorFamily: "geometric",
    },
  ];
}

/** Options of {@link frameWorkShapeTable}. */
export interface FrameWorkShapeOptions {
  /** Coefficients of variation of the log-normal work content tried. Defaults to [0.25, 0.5, 1, 1.5]. */
  cvs?: readonly number[];
  /** FS completion target of each calibration, %. Defaults to 25.7 (the paper's). */
  targetCompletePct?: number;
  /** Seed of the job sets. Defaults to 1. */
  seed?: number | string;
  /** FS runs measured per shape. Defaults to 300. */
  runs?: number;
}
