import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replayConstraint } from "../../lib/site/site-constraint";

describe("replayConstraint: sbatch's --constraint forms as the replay's per-node test", () => {
  it("keeps AND, OR and & binding first; multiplies brackets out", () => {
    expect(replayConstraint("")).toEqual({ test: "", simplified: false });
    expect(replayConstraint("intel")).toEqual({ test: "intel", simplified: false });
    expect(replayConstraint("intel&ib")).toEqual({ test: "intel&ib", simplified: false });
    expect(replayConstraint("foo|bar&baz")).toEqual({ test: "foo|bar&baz", simplified: false });
    expect(replayConstraint("(a|b)&c")).toEqual({ test: "a&c|b&c", simplified: false });
    expect(replayConstraint("(a|b)&(c|d)")).toEqual({ test: "a&c|a&d|b&c|b&d", simplified: false });
  });
  it("simplifies a matching OR to an OR, drops counts, and reads & between counted terms in [] as |", () => {
    expect(replayConstraint("[rack1|rack2|rack3]")).toEqual({ test: "rack1|rack2|rack3", simplified: true });
    expect(replayConstraint("graphics*4")).toEqual({ test: "graphics", simplified: true });
    expect(replayConstraint("[rack1*2&rack2*4]")).toEqual({ test: "rack1|rack2", simplified: true });
    expect(replayConstraint("[haswell*2&(knl&hemi)*4]")).toEqual({
      test: "haswell|knl&hemi",
      simplified: true,
    });
    expect(replayConstraint("[(rack1|rack2)*1&(rack3)*2]")).toEqual({
      test: "rack1|rack2|rack3",
      simplified: true,
    });
  });
  it("refuses what it cannot test, saying why", () => {
    expect(replayConstraint("!gpu")).toEqual({ refused: 'unexpected "!" at 1' });
    expect(replayConstraint("a&")).toEqual({ refused: "an empty feature name" });
    expect(replayConstraint("(a|b")).toEqual({ refused: 'unbalanced "("' });
    expect(replayConstraint("knl=quad")).toEqual({ refused: 'unexpected "=" at 4' });
    const wide = Array.from({ length: 7 }, (_, i) => `(a${i}|b${i})`).join("&");
    expect(replayConstraint(wide)).toEqual({ refused: "more than 64 terms" });
  });
});

describe("replayConstraint without counts or square brackets tests exactly what the expression says", () => {
  // the oracle: the expression evaluated on a node's features, & binding before | (sbatch(1))
  type Expr = string | { op: "&" | "|"; a: Expr; b: Expr } | { paren: Expr };
  const text = (e: Expr): string =>
    typeof e === "string" ? e : "paren" in e ? `(${text(e.paren)})` : `${text(e.a)}${e.op}${text(e.b)}`;
  const holds = (s: string, has: Set<string>): boolean =>
    s.split("|").some((t) => t.split("&").every((f) => has.has(f)));
  // evaluate the printed text by the precedence rule, resolving brackets innermost first
  const evaluate = (s: string, has: Set<string>): boolean => {
    let t = s;
    for (let m = /\(([^()]*)\)/.exec(t); m; m = /\(([^()]*)\)/.exec(t)) {
      const v = evaluate(m[1], has) ? "T" : "F";
      t = t.slice(0, m.index) + v + t.slice(m.index + m[0].length);
    }
    return holds(t, new Set([...has, "T"]));
  };
  const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom("a", "b", "c", "d"),
      fc.record({ op: fc.constantFrom("&" as const, "|" as const), a: tie("e"), b: tie("e") }),
      fc.record({ paren: tie("e") }),
    ),
  })).e;
  it("on every node's features, the test holds exactly when the expression does", () => {
    fc.assert(
      fc.property(expr, fc.subarray(["a", "b", "c", "d"]), (e, features) => {
        const r = replayConstraint(text(e));
        fc.pre(!("refused" in r));
        if ("refused" in r) return;
        expect(r.simplified).toBe(false);
        const has = new Set(features);
        expect(holds(r.test, has)).toBe(evaluate(text(e), has));
      }),
    );
  });
});
