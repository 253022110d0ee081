/**
 * A twin version's declaration (`data/twin/v<version>.json`, data/README.md): the facts the
 * version is calibrated to, each with its target (and, for a fact measured as a number, the
 * interval it must land in), and the stated search that fits its joint shape. The file is fixed
 * before anything downstream runs on the version; {@link readTwinDeclaration} reads and checks it,
 * and lib/twin/derived-fit.ts fits against its targets.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { invalidArgument } from "../util/errors";
import { meetsTarget } from "../agreement/reference";
import { projectRoot } from "../util/project-paths";

/** One declared fact: a statement with a target in words, or a number with its interval. */
export interface DeclaredFact {
  /** The fact's id as jointShapeFacts names it ("F1", "F4a", "F7", …). */
  id: string;
  /** What the thesis says or what its tables give. */
  statement: string;
  /** The target in words (F1–F5), or the number aimed at (F7: a share of jobs; F8: node-minutes). */
  target: string | number;
  /** The interval a numeric target must land in (the thesis's 95% interval of the mean), same units. */
  low?: number;
  high?: number;
  /** Thesis samples behind a numeric target. */
  n?: number;
}

/** One free parameter of the declared search: its name, range and grid step. */
export interface DeclaredParameter {
  name: string;
  /** Lowest and highest value searched. */
  range: [number, number];
  /** Grid step: the values searched are range[0] + k·step. */
  step: number;
}

/** A twin version's declaration, as checked by {@link readTwinDeclaration}. */
export interface TwinDeclaration {
  /** The file it was read from. */
  file: string;
  version: number;
  /** The source name that loads the version ("twin-v5"). */
  source: string;
  /** What kind of version it is (calibration, experiment). */
  kind: string;
  /** What the version is and what is by construction on it, in sentences. */
  doc: string[];
  facts: DeclaredFact[];
  /** The search: its free parameters, and how it walks them, in words. */
  fit: { free: DeclaredParameter[]; search: string; objective: string };
}

/** The declaration file of a twin version, relative to the project root. */
export function twinDeclarationFile(version: number, root = projectRoot()): string {
  return path.join(root, "data", "twin", `v${version}.json`);
}

/**
 * Reads and checks the declaration of a twin version.
 * @param root the project root. Defaults to the working directory.
 * @throws `<file>: invalid <field>: …; expected …` naming the field (e.g. `facts[6].low`), or
 *   `invalid version: …` when no declaration exists for it
 */
export function readTwinDeclaration(version: number, root = projectRoot()): TwinDeclaration {
  const file = twinDeclarationFile(version, root);
  if (!fs.existsSync(file))
    throw invalidArgument("version", version, `a twin version with a declaration (${file} not found)`);
  const rel = path.relative(root, file);
  const bad = (field: string, value: unknown, expected: string) =>
    new Error(`${rel}: ${invalidArgument(field, value, expected).message}`);
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (e) {
    throw bad("JSON", (e as Error).message, "a JSON object (fix the syntax)");
  }
  const str = (v: unknown, field: string) => {
    if (typeof v !== "string" || v === "") throw bad(field, v, "a non-empty string");
    return v;
  };
  const num = (v: unknown, field: string) => {
    if (typeof v !== "number" || !Number.isFinite(v)) throw bad(field, v, "a finite number");
    return v;
  };
  if (o.version !== version) throw bad("version", o.version, `${version} (the file's name)`);
  if (!Array.isArray(o.facts) || o.facts.length === 0) throw bad("facts", o.facts, "a non-empty array");
  const facts = o.facts.map((f: Record<string, unknown>, k: number): DeclaredFact => {
    const at = `facts[${k}]`;
    const fact: DeclaredFact = {
      id: str(f.id, `${at}.id`),
      statement: str(f.statement, `${at}.statement`),
      target: typeof f.target === "number" ? num(f.target, `${at}.target`) : str(f.target, `${at}.target`),
    };
    if (typeof fact.target === "number") {
      fact.low = num(f.low, `${at}.low`);
      fact.high = num(f.high, `${at}.high`);
      fact.n = num(f.n, `${at}.n`);
      if (!meetsTarget(fact.target, { low: fact.low, high: fact.high }))
        throw bad(`${at}.target`, fact.target, `a value within [low, high] = [${fact.low}, ${fact.high}]`);
    }
    return fact;
  });
  const fit = (o.fit ?? {}) as Record<string, unknown>;
  if (!Array.isArray(fit.free) || fit.free.length === 0)
    throw bad("fit.free", fit.free, "a non-empty array of free parameters");
  const free = fit.free.map((p: Record<string, unknown>, k: number): DeclaredParameter => {
    const at = `fit.free[${k}]`;
    const range = p.range as unknown[];
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !(num(range[0], `${at}.range[0]`) < num(range[1], `${at}.range[1]`))
    )
      throw bad(`${at}.range`, p.range, "[lowest, highest] with lowest < highest");
    const step = num(p.step, `${at}.step`);
    if (!(step > 0)) throw bad(`${at}.step`, step, "a positive number");
    return { name: str(p.name, `${at}.name`), range: [range[0] as number, range[1] as number], step };
  });
  return {
    file: rel,
    version,
    source: str(o.source, "source"),
    kind: str(o.kind, "kind"),
    doc: Array.isArray(o.doc) ? o.doc.map((d, k) => str(d, `doc[${k}]`)) : [str(o.doc, "doc")],
    facts,
    fit: { free, search: str(fit.search, "fit.search"), objective: str(fit.objective, "fit.objective") },
  };
}
