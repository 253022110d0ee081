/**
 * A job's `--constraint` (sacct's Constraints, sbatch(1) "-C, --constraint") as the replay tests it:
 * lib/sim's cons_tres model tests each node alone against features joined by `&` (all) and `|`
 * (any), `&` binding first (sbatch(1): `foo|bar&baz` is foo, or bar and baz). Slurm's other forms
 * are brought to that test:
 *
 * - brackets `(a|b)&c` are multiplied out (`a&c|b&c`): the same test;
 * - a matching OR `[rack1|rack2]` (every node on one rack) becomes a plain OR (`rack1|rack2`): nodes
 *   may then mix racks — simplified;
 * - a node count `intel*4` (at least 4 of the nodes) is dropped (`intel`: every node), and within a
 *   square bracket holding counts `[rack1*2&rack2*4]` (2 nodes of one, 4 of the other) the `&`
 *   between counted terms becomes `|` (each node has one or the other) — simplified;
 * - anything else (`!`, a feature name with other characters than letters, digits, `_`, `.`, `-`,
 *   unbalanced brackets, more than 64 terms multiplied out) is refused: the replay drops it.
 */

/** The constraint as the replay tests it, and whether that test is looser or stricter than Slurm's. */
export type ReplayConstraint = { test: string; simplified: boolean } | { refused: string };

type Dnf = string[][];
type Node = { dnf: Dnf; counted: boolean };

const MAX_TERMS = 64;

class Refused extends Error {}

/** A recursive-descent reading of a constraint into sums of products (see the module comment). */
class Reader {
  private i = 0;
  simplified = false;
  constructor(private readonly s: string) {}
  read(): Dnf {
    const d = this.or(false);
    if (this.i < this.s.length) throw new Refused(`unexpected "${this.s[this.i]}" at ${this.i + 1}`);
    return d;
  }
  /** Terms joined by `|`, each of `&`-joined factors; in a square bracket, `&` between counted factors is `|`. */
  private or(inSquare: boolean): Dnf {
    let out: Dnf = [];
    for (;;) {
      let acc: Node = this.factor();
      while (this.s[this.i] === "&") {
        this.i++;
        const next = this.factor();
        if (inSquare && (acc.counted || next.counted)) {
          this.simplified = true;
          acc = { dnf: [...acc.dnf, ...next.dnf], counted: true };
        } else acc = { dnf: product(acc.dnf, next.dnf), counted: acc.counted || next.counted };
      }
      out = [...out, ...acc.dnf];
      if (out.length > MAX_TERMS) throw new Refused(`more than ${MAX_TERMS} terms`);
      if (this.s[this.i] !== "|") return out;
      this.i++;
    }
  }
  private factor(): Node {
    const c = this.s[this.i];
    let dnf: Dnf;
    if (c === "(" || c === "[") {
      this.i++;
      if (c === "[") this.simplified = true;
      dnf = this.or(c === "[");
      if (this.s[this.i] !== (c === "(" ? ")" : "]")) throw new Refused(`unbalanced "${c}"`);
      this.i++;
    } else {
      const m = /^[\w.-]+/.exec(this.s.slice(this.i));
      if (!m)
        throw new Refused(c === undefined ? "an empty feature name" : `unexpected "${c}" at ${this.i + 1}`);
      this.i += m[0].length;
      dnf = [[m[0]]];
    }
    const count = /^\*\d+/.exec(this.s.slice(this.i));
    if (count) {
      this.i += count[0].length;
      this.simplified = true;
    }
    return { dnf, counted: count !== null };
  }
}

function product(a: Dnf, b: Dnf): Dnf {
  const out: Dnf = [];
  for (const x of a) for (const y of b) out.push([...new Set([...x, ...y])]);
  if (out.length > MAX_TERMS) throw new Refused(`more than ${MAX_TERMS} terms`);
  return out;
}

/** A constraint as the replay tests it (see the module comment); "" → no test. */
export function replayConstraint(expr: string): ReplayConstraint {
  if (expr === "") return { test: "", simplified: false };
  const r = new Reader(expr);
  try {
    const dnf = r.read();
    return { test: dnf.map((t) => t.join("&")).join("|"), simplified: r.simplified };
  } catch (e) {
    if (e instanceof Refused) return { refused: e.message };
    throw e;
  }
}
