import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileExpression, optionalExpression } from "../../lib/expr/expression";
import { EXPRESSION_FUNCTIONS, restrictedMath } from "../../lib/expr/instance";

const S = ["age", "fairshare", "size", "partition", "qos"];
const compile = (src: string) => compileExpression("PRIORITY_FORMULA", src, S);

describe("compileExpression: values", () => {
  it("evaluates arithmetic, functions, constants, conditions", () => {
    expect(compile("1000*age + 2000*fairshare + 500*size").evaluate([0.5, 0.25, 0.1, 0, 0])).toBe(1050);
    expect(
      compile("2^10 + sqrt(16) - abs(-3) + min(age, qos) + max(1, 2)").evaluate([0.5, 0, 0, 0, 0.25]),
    ).toBe(1024 + 4 - 3 + 0.25 + 2);
    expect(compile("age > 0.5 ? 1 : 2").evaluate([0.75, 0, 0, 0, 0])).toBe(1);
    expect(compile("age > 0.5 ? 1 : 2").evaluate([0.25, 0, 0, 0, 0])).toBe(2);
    expect(compile("(age > 0.5) * 10 + (qos == 0 and size != 1)").evaluate([0.75, 0, 0.5, 0, 0])).toBe(11);
    expect(
      compile("7 % 4 + mod(9, 5) + floor(2.7) + ceil(2.1) + round(2.5) + fix(-2.5)").evaluate([
        0, 0, 0, 0, 0,
      ]),
    ).toBe(3 + 4 + 2 + 3 + 3 - 2);
    expect(compile("pi").evaluate([0, 0, 0, 0, 0])).toBe(Math.PI);
    expect(compile("2 age").evaluate([3, 0, 0, 0, 0])).toBe(6);
  });
  it("records the symbols used, in first-use order", () => {
    expect(compile("qos + 2*age + qos").used).toEqual(["qos", "age"]);
    expect(compile("1").used).toEqual([]);
  });
  it("optionalExpression: blank or undefined is no expression", () => {
    expect(optionalExpression("F", undefined, S)).toBeUndefined();
    expect(optionalExpression("F", "  ", S)).toBeUndefined();
    expect(optionalExpression("F", "age", S)!.evaluate([0.5, 0, 0, 0, 0])).toBe(0.5);
  });
});

describe("compileExpression: refusals name the parameter and the problem", () => {
  const cases: [string, RegExp][] = [
    [
      "1000*age + 2000*fairshar",
      /^invalid PRIORITY_FORMULA: "1000\*age \+ 2000\*fairshar"; unknown symbol "fairshar"; expected an expression in age, fairshare, size, partition, qos$/,
    ],
    [
      "1000*age +",
      /^invalid PRIORITY_FORMULA: "1000\*age \+"; syntax error at character 11: Unexpected end of expression; expected an expression in age/,
    ],
    ["(age", /; syntax error at character 5: Parenthesis \) expected/],
    [
      'import("x", {})',
      /^invalid PRIORITY_FORMULA: "import\(\\"x\\", \{\}\)"; function "import" is not allowed \(allowed: abs, min, /,
    ],
    ['createUnit("foo")', /; function "createUnit" is not allowed/],
    ['evaluate("1")', /; function "evaluate" is not allowed/],
    ['parse("1")', /; function "parse" is not allowed/],
    ["simplify(age)", /; function "simplify" is not allowed/],
    ["derivative(age, age)", /; function "derivative" is not allowed/],
    ["compile(age)", /; function "compile" is not allowed/],
    ["unit(5, 1)", /; function "unit" is not allowed/],
    ["matrix(age)", /; function "matrix" is not allowed/],
    ["5 cm", /; unknown symbol "cm"/],
    ["x = 1", /; assignments are not allowed/],
    ["f(x) = x", /; function definitions are not allowed/],
    ["[1, 2]", /; matrices are not allowed/],
    ["{a: 1}", /; objects are not allowed/],
    ["age.b", /; property access is not allowed/],
    ["1:3", /; ranges are not allowed/],
    ["age; qos", /; only one expression is allowed/],
    ['"text"', /; strings are not allowed/],
    ["true", /; booleans are not allowed/],
    ["age < size < qos", /; chained comparisons are not allowed/],
    ["size(1)", /; "size" is a symbol here, not a function/],
    ["sqrt(1, 2)", /; Too many arguments in function sqrt/],
    ["", /^invalid PRIORITY_FORMULA: ""; the expression is empty; expected an expression in/],
  ];
  for (const [src, re] of cases) it(JSON.stringify(src), () => expect(() => compile(src)).toThrow(re));
  it("a non-string", () =>
    expect(() => compileExpression("F", 3 as unknown as string, S)).toThrow(
      /^invalid F: 3; a number, not a string; expected/,
    ));
  it("a bad symbol declaration", () =>
    expect(() => compileExpression("F", "1", ["a-b"])).toThrow(
      /^invalid symbol for F: "a-b"; expected an identifier$/,
    ));
  it("a non-finite result names the parameter and the inputs", () => {
    const f = compile("log(age - 1)");
    expect(() => f.evaluate([1, 0.5, 0.25, 0, 0])).toThrow(
      /^invalid PRIORITY_FORMULA: "log\(age - 1\)" gives -Infinity at age=1, fairshare=0.5, size=0.25, partition=0, qos=0; expected a finite number$/,
    );
    expect(() => compile("sqrt(age - 2)").evaluate([1, 0, 0, 0, 0])).toThrow(
      /gives NaN at age=1, .*; expected a finite number$/,
    );
    expect(() => compile("1/age").evaluate([0, 0, 0, 0, 0])).toThrow(/gives Infinity at age=0/);
    expect(() => compile("age > 0.5").evaluate([1, 0, 0, 0, 0])).toThrow(
      /gives true at age=1, .*; expected a finite number$/,
    );
  });
});

describe("the restricted instance", () => {
  it("has none of the dangerous functions, and import/parse throw", () => {
    const { math } = restrictedMath();
    const m = math as unknown as Record<string, unknown>;
    for (const name of ["simplify", "derivative", "resolve", "reviver", "unit", "chain", "sum", "help"])
      expect(m[name]).toBeUndefined();
    for (const name of ["createUnit", "evaluate", "compile", "matrix", "bignumber", "fraction", "complex"])
      expect(() => (m[name] as () => unknown)()).toThrow(
        new RegExp(`^function ${name} is disabled in expressions$`),
      );
    expect(() => math.import({ x: 1 })).toThrow(/^function import is disabled in expressions$/);
    expect(() => math.parse("1")).toThrow(/^function parse is disabled in expressions$/);
    for (const f of EXPRESSION_FUNCTIONS) expect(typeof m[f]).toBe("function");
  });
});

describe("property: a linear formula is the weighted sum", () => {
  it("w·x written as an expression equals the hand-computed sum, bit for bit", () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    const weight = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        fc.array(weight, { minLength: 5, maxLength: 5 }),
        fc.array(unit, { minLength: 5, maxLength: 5 }),
        (w, x) => {
          const f = compile(
            `${w[0]}*age + ${w[1]}*fairshare + ${w[2]}*size + ${w[3]}*partition + ${w[4]}*qos`,
          );
          expect(f.evaluate(x)).toBe(w[0] * x[0] + w[1] * x[1] + w[2] * x[2] + w[3] * x[3] + w[4] * x[4]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
