/**
 * Priority operators F(t, s) of "Priority Operators for Fairshare Scheduling" (seed 001, §3.3):
 * the distance between a user's target t ∈ [0, 1] (share of the subgroup's allocation) and
 * normalised state s ∈ [0, 1] (share of the subgroup's recorded usage), as a priority in [−1, 1].
 * Each operator is a small record (a registry entry, like arquero's operator definitions): the
 * function, its derivative in s where cheap, and its inverse in s where a closed form exists.
 */
import { finiteNumber } from "../util/options";
import { compileExpression } from "../expr/expression";

/** A priority operator. `value`, `dvalueDs` and `inverse` are unchecked hot-path functions. */
export interface PriorityOperator {
  /** Display name as the paper writes it ("Relative-2", "SLURM", …). */
  readonly name: string;
  /** The formula, for tables (plain text). */
  readonly formula: string;
  /** F(t, s), unchecked. t, s ≥ 0 (s may exceed 1 on the extended domain used by inverses). */
  value(t: number, s: number): number;
  /** ∂F/∂s at (t, s), s ≠ t, used by the numeric inversion; absent when not provided. */
  dvalueDs?(t: number, s: number): number;
  /**
   * Closed-form inverse in s: the s ≥ 0 with F(t, s) = p, for t > 0 and p in the operator's range
   * on s ∈ [0, ∞) (may return Infinity at the lower end). Absent → numeric inversion.
   */
  inverse?(p: number, t: number): number;
  /** True when the operator meets the paper's definition target: output in [−1, 1], 0 at balance. */
  readonly centred: boolean;
  /**
   * The formula as a mathjs expression in t and s (lib/expr), equal to `value` on [0, 1]² (tested),
   * for counting its operations (cost.ts). Absent when not given.
   */
  readonly expression?: string;
}

const HALF_PI = Math.PI / 2;

/** Absolute: d = t − s (Eq. 5). */
export function absoluteOperator(): PriorityOperator {
  return {
    name: "Absolute",
    formula: "t − s",
    expression: "t - s",
    centred: true,
    value: (t, s) => t - s,
    dvalueDs: () => -1,
    inverse: (p, t) => t - p,
  };
}

function relativeExpression(n: number): string {
  const p = n === 1 ? "" : ` ^ ${n}`;
  return `s < t ? ((t - s) / t)${p} : (s > t ? -(((s - t) / s)${p}) : 0)`;
}

/** Relative: (t − s)/t below target, −(s − t)/s above (Eq. 6). */
export function relativeOperator(): PriorityOperator {
  return relativeNOperator(1);
}

/**
 * Relative exponential, Relative-n: ((t − s)/t)^n below target, −((s − t)/s)^n above (Eq. 7).
 * @param n the exponent, > 0 (the paper studies n = 2); n = 1 is the Relative operator
 */
export function relativeNOperator(n: number): PriorityOperator {
  finiteNumber(n, "n", Number.MIN_VALUE);
  const name = n === 1 ? "Relative" : `Relative-${n}`;
  return {
    name,
    formula: n === 1 ? "(t−s)/t if s<t; −(s−t)/s if s>t" : `((t−s)/t)^${n} if s<t; −((s−t)/s)^${n} if s>t`,
    expression: relativeExpression(n),
    centred: true,
    value: (t, s) => (s < t ? ((t - s) / t) ** n : s > t ? -(((s - t) / s) ** n) : 0),
    dvalueDs: (t, s) =>
      s < t
        ? (-n * ((t - s) / t) ** (n - 1)) / t
        : s > t
          ? (-n * ((s - t) / s) ** (n - 1) * t) / (s * s)
          : -Infinity,
    inverse: (p, t) => (p > 0 ? t * (1 - p ** (1 / n)) : p < 0 ? t / (1 - (-p) ** (1 / n)) : t),
  };
}

/** Sigmoid: sin(π/2·(t − s)/t) below target, −sin(π/2·(s − t)/s) above (Eq. 8). */
export function sigmoidOperator(): PriorityOperator {
  return sigmoidNOperator(1);
}

/**
 * Sigmoid exponential, Sigmoid-n: the n-th root of the Sigmoid's sine (Eq. 9).
 * @param n the root, > 0 (the paper studies n = 2); n = 1 is the Sigmoid operator
 */
export function sigmoidNOperator(n: number): PriorityOperator {
  finiteNumber(n, "n", Number.MIN_VALUE);
  const r = 1 / n;
  return {
    name: n === 1 ? "Sigmoid" : `Sigmoid-${n}`,
    formula:
      n === 1
        ? "sin(π/2·(t−s)/t) if s<t; −sin(π/2·(s−t)/s) if s>t"
        : `sin(π/2·(t−s)/t)^(1/${n}) if s<t; −sin(π/2·(s−t)/s)^(1/${n}) if s>t`,
    expression:
      n === 1
        ? "s < t ? sin(pi / 2 * (t - s) / t) : (s > t ? -sin(pi / 2 * (s - t) / s) : 0)"
        : `s < t ? sin(pi / 2 * (t - s) / t) ^ (1 / ${n}) : (s > t ? -(sin(pi / 2 * (s - t) / s) ^ (1 / ${n})) : 0)`,
    centred: true,
    value: (t, s) =>
      s < t ? Math.sin(HALF_PI * ((t - s) / t)) ** r : s > t ? -(Math.sin(HALF_PI * ((s - t) / s)) ** r) : 0,
    dvalueDs: (t, s) => {
      if (s < t) {
        const a = HALF_PI * ((t - s) / t);
        return (-r * Math.sin(a) ** (r - 1) * Math.cos(a) * HALF_PI) / t;
      }
      if (s > t) {
        const a = HALF_PI * ((s - t) / s);
        return (-r * Math.sin(a) ** (r - 1) * Math.cos(a) * HALF_PI * t) / (s * s);
      }
      return -Infinity;
    },
    inverse: (p, t) =>
      p > 0 ? t * (1 - Math.asin(p ** n) / HALF_PI) : p < 0 ? t / (1 - Math.asin((-p) ** n) / HALF_PI) : t,
  };
}

/**
 * Combined: k·Absolute + (1 − k)·Relative-n (Eq. 10; the paper uses Relative-2). Its Table 1
 * boundary values (−0.5 − s/2, 0.5 + t/2) imply k = 0.5 in the paper's study. The inverse has a
 * closed form above balance (a quadratic) and is numeric below it (a cubic; see inverse.ts).
 * @param k the Absolute weight in [0, 1]
 * @param n the Relative exponent, > 0. Defaults to 2.
 */
export function combinedOperator(k: number, n = 2): PriorityOperator {
  finiteNumber(k, "k", 0, 1);
  const rel = relativeNOperator(n);
  const relValue = rel.value;
  const relD = rel.dvalueDs!;
  return {
    name: k === 0.5 && n === 2 ? "Combined" : `Combined(k=${k}${n === 2 ? "" : `, n=${n}`})`,
    formula: `${k}·(t−s) + ${1 - k}·Relative-${n}`,
    expression: `${k} * (t - s) + ${1 - k} * (${relativeExpression(n)})`,
    centred: true,
    value: (t, s) => k * (t - s) + (1 - k) * relValue(t, s),
    dvalueDs: (t, s) => -k + (1 - k) * relD(t, s),
    // Above balance with n = 2: (1−k)y² + k·t·y − p = 0 for y = (t − s)/t, stable root form.
    inverse:
      n === 2
        ? (p, t) => {
            if (p < 0) return NaN; // NaN = fall back to the numeric inversion
            const kt = k * t;
            const y = (2 * p) / (kt + Math.sqrt(kt * kt + 4 * (1 - k) * p));
            return Number.isNaN(y) ? NaN : t * (1 - y);
          }
        : undefined,
  };
}

/** SLURM original: 2^(−s/t) (Eq. 11), in (0, 1] and 0.5 at balance (not centred). */
export function slurmOriginalOperator(): PriorityOperator {
  return {
    name: "SLURM original",
    formula: "2^(−s/t)",
    expression: "s == t ? 0.5 : 2 ^ (-s / t)",
    centred: false,
    value: (t, s) => (s === t ? 0.5 : 2 ** (-s / t)),
    dvalueDs: (t, s) => -(Math.LN2 / t) * 2 ** (-s / t),
    inverse: (p, t) => (p <= 0 ? Infinity : -t * Math.log2(p)),
  };
}

/** SLURM modified to [−1, 1]: 2^(1 − s/t) − 1 (Eq. 12). */
export function slurmOperator(): PriorityOperator {
  return {
    name: "SLURM",
    formula: "2^(1−s/t) − 1",
    expression: "s == t ? 0 : 2 ^ (1 - s / t) - 1",
    centred: true,
    // expm1 of ln2·(t − s)/t keeps the sign right when s and t differ by a few ulps.
    value: (t, s) => (s === t ? 0 : Math.expm1(Math.LN2 * ((t - s) / t))),
    dvalueDs: (t, s) => -(Math.LN2 / t) * 2 ** (1 - s / t),
    inverse: (p, t) => (p <= -1 ? Infinity : t * (1 - Math.log1p(p) / Math.LN2)),
  };
}

/** Options of {@link paperOperators}. */
export interface PaperOperatorOptions {
  /** Exponent of Relative-n and root of Sigmoid-n. Defaults to 2 (the paper's). */
  n?: number;
  /** Absolute weight k of Combined. Defaults to 0.5 (implied by the paper's Table 1). */
  k?: number;
}

/**
 * The seven operators of the paper's resolution study, in its figure order: Absolute, Relative,
 * Relative-n, Sigmoid, Sigmoid-n, SLURM (modified), Combined(k).
 */
export function paperOperators(options: PaperOperatorOptions = {}): PriorityOperator[] {
  const { n = 2, k = 0.5 } = options;
  return [
    absoluteOperator(),
    relativeOperator(),
    relativeNOperator(n),
    sigmoidOperator(),
    sigmoidNOperator(n),
    slurmOperator(),
    combinedOperator(k, n),
  ];
}

/** The symbols of an operator expression: target share t and normalised state s. */
export const OPERATOR_SYMBOLS: readonly string[] = Object.freeze(["t", "s"]);

/**
 * A user-defined priority operator F(t, s) from a mathjs expression in `t` and `s`, usable wherever a
 * built-in operator is (tables, figures, inversion, resolution analysis). It must give a finite
 * number on all of t, s ∈ [0, 1] (the checks probe t = 0 and s = 0), e.g.
 * `"(t - s) / max(t, s, 1e-12)"` (the Relative operator) or `"t > s ? 1 - s/t : (t - s)/s"`.
 * `centred` is decided on an 11 × 11 grid: |F| ≤ 1 everywhere and F(t, t) = 0 exactly. No closed-form
 * derivative or inverse: the numeric inversion is used.
 * @param source the expression
 * @param name the operator's display name and the parameter named in errors. Defaults to "operator".
 * @throws `invalid <name>: "<source>"; unknown symbol "x"; expected an expression in t, s` (and the
 *   other errors of compileExpression); `invalid <name>: "<source>" gives NaN at t=0, s=0; expected a
 *   finite number` when a grid probe is not finite
 */
export function expressionOperator(source: string, name = "operator"): PriorityOperator {
  const f = compileExpression(name, source, OPERATOR_SYMBOLS);
  let centred = true;
  for (let i = 0; i <= 10; i++) {
    for (let j = 0; j <= 10; j++) {
      const v = f.evaluate([i / 10, j / 10]);
      if (Math.abs(v) > 1 || (i === j && v !== 0)) centred = false;
    }
  }
  const args = new Float64Array(2);
  return {
    name,
    formula: source,
    expression: source,
    centred,
    value: (t, s) => {
      args[0] = t;
      args[1] = s;
      return f.evaluate(args);
    },
  };
}
