/**
 * A declarative study: an experiment kind run over the cartesian product of parameter axes (sources
 * × sample seeds × mechanisms × scheduler options × seeds …), with fixed parameters shared by every
 * task. One task = one combination of the axes; its result rows carry every parameter that produced
 * them. Written as JSON:
 *
 *   { "name": "auction-robustness", "experiment": "auction-sweep",
 *     "grid": { "seed": [1, 2, 3], "budget": ["small (6×12×18)"] }, "params": { "runs": 300 } }
 *
 * `experiment` names a registered kind (study/kinds.ts) or a module of the project,
 * `"module:<path relative to the project root>#<export>"`.
 */
import { invalidArgument } from "../lib/util/errors";

/** A study as written in its JSON file. */
export interface StudySpec {
  /** Name: letters, digits, dot, dash, underscore (it names the results folder). */
  name: string;
  /** Experiment kind: a registered name or `module:<path>#<export>`. */
  experiment: string;
  /** Axes: parameter name → the values it takes (non-empty lists of JSON values). Their product is the task list. */
  grid: Record<string, unknown[]>;
  /** Fixed parameters given to every task. Defaults to none. */
  params?: Record<string, unknown>;
}

/** One task of a study. */
export interface StudyTask {
  /** Position in the enumeration (the merged table's order). */
  index: number;
  /** Stable identity: the JSON of the axis values, in axis order. */
  key: string;
  /** The task's parameters: the fixed ones, then its axis values. */
  params: Record<string, unknown>;
}

const NAME = /^[A-Za-z0-9._-]+$/;

/**
 * Validates a parsed study.
 * @param file where it came from, for messages
 * @throws `<file>: invalid <field>: …; expected …`
 */
export function checkStudySpec(raw: unknown, file = "<study>"): StudySpec {
  const bad = (field: string, value: unknown, expected: string) =>
    new Error(`${file}: ${invalidArgument(field, value, expected).message}`);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw bad("study", raw, "a JSON object");
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!["name", "experiment", "grid", "params", "description"].includes(k))
      throw bad("field", k, "name, experiment, grid, params or description");
  if (typeof o.name !== "string" || !NAME.test(o.name))
    throw bad("name", o.name, "letters, digits, '.', '-' or '_'");
  if (typeof o.experiment !== "string" || o.experiment === "")
    throw bad("experiment", o.experiment, "a registered kind or module:<path>#<export>");
  if (typeof o.grid !== "object" || o.grid === null || Array.isArray(o.grid))
    throw bad("grid", o.grid, "an object of parameter → list of values");
  const grid = o.grid as Record<string, unknown>;
  if (Object.keys(grid).length === 0) throw bad("grid", "{}", "at least one axis");
  for (const [k, v] of Object.entries(grid)) {
    if (!Array.isArray(v) || v.length === 0) throw bad(`grid.${k}`, v, "a non-empty list of values");
    const seen = new Set(v.map((x) => JSON.stringify(x)));
    if (seen.size !== v.length) throw bad(`grid.${k}`, v, "distinct values");
  }
  if (
    o.params !== undefined &&
    (typeof o.params !== "object" || o.params === null || Array.isArray(o.params))
  )
    throw bad("params", o.params, "an object");
  const params = (o.params ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(grid))
    if (k in params) throw bad(`params.${k}`, params[k], `no value: "${k}" is an axis of the grid`);
  return { name: o.name, experiment: o.experiment, grid: grid as Record<string, unknown[]>, params };
}

/** The tasks of a study: the product of its axes, the first axis slowest. */
export function studyTasks(spec: StudySpec): StudyTask[] {
  const axes = Object.keys(spec.grid);
  let combos: unknown[][] = [[]];
  for (const a of axes) combos = combos.flatMap((c) => spec.grid[a].map((v) => [...c, v]));
  return combos.map((values, index) => ({
    index,
    key: JSON.stringify(values),
    params: { ...spec.params, ...Object.fromEntries(axes.map((a, i) => [a, values[i]])) },
  }));
}
