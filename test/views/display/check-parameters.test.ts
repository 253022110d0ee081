import { describe, expect, it } from "vitest";
import { checkParameters } from "../../../views/display/check-parameters";

describe("checkParameters", () => {
  it("passes good values and names the parameter and rule of a bad one", () => {
    expect(() =>
      checkParameters(
        { W: 3456, FACTOR: 2, SEED: "a", SHARES: [0, 0.5, 1] },
        { W: "count", FACTOR: "positive", SEED: "seed", SHARES: "shares" },
      ),
    ).not.toThrow();
    expect(() => checkParameters({ W: -5 }, { W: "count" })).toThrow(
      /^invalid parameter W: -5; expected a whole number >= 1 \(set it in the parameters cell, or --param <notebook>:W=<value>\)$/,
    );
    expect(() => checkParameters({ W: 2.5 }, { W: "count" })).toThrow(
      /^invalid parameter W: 2\.5; expected a whole number >= 1/,
    );
    expect(() => checkParameters({ N: null }, { N: "count0" })).toThrow(
      /^invalid parameter N: null; expected a whole number >= 0/,
    );
    expect(() => checkParameters({ F: 0 }, { F: "positive" })).toThrow(
      /^invalid parameter F: 0; expected a finite number > 0/,
    );
    expect(() => checkParameters({ S: 1.5 }, { S: "share" })).toThrow(
      /^invalid parameter S: 1\.5; expected a number in \[0, 1\]/,
    );
    expect(() => checkParameters({ A: [1, -2] }, { A: "positives" })).toThrow(
      /^invalid parameter A\[1\]: -2; expected a finite number > 0/,
    );
    expect(() => checkParameters({ A: [] }, { A: "counts" })).toThrow(
      /^invalid parameter A: \[\]; expected a non-empty array, each a whole number >= 1/,
    );
  });
  it("refuses a call that does not give a ruled value, or an unknown rule", () => {
    expect(() => checkParameters({}, { W: "count" })).toThrow(
      /^invalid checkParameters call: no value given for W$/,
    );
    expect(() => checkParameters({ W: 1 }, { W: "big" as never })).toThrow(/^invalid rule for W: "big"/);
  });
  it("checks expression parameters: blank passes, a bad formula is refused by its name and problem", () => {
    const rule = { F: { expression: ["age", "fairshare", "size", "partition", "qos"] } };
    expect(() => checkParameters({ F: "" }, rule)).not.toThrow();
    expect(() => checkParameters({ F: "1000*age + 2000*fairshare" }, rule)).not.toThrow();
    expect(() => checkParameters({ F: "1000*age + 2000*fairshar" }, rule)).toThrow(
      /^invalid parameter F: "1000\*age \+ 2000\*fairshar"; unknown symbol "fairshar"; expected an expression in age, fairshare, size, partition, qos \(set it in the parameters cell, or --param <notebook>:F=<value>\)$/,
    );
    expect(() => checkParameters({ F: "age +" }, rule)).toThrow(
      /^invalid parameter F: "age \+"; syntax error at character 6: Unexpected end of expression; /,
    );
    expect(() => checkParameters({ F: 3 }, rule)).toThrow(
      /^invalid parameter F: 3; expected a string: "" or an expression in age, fairshare, size, partition, qos \(set it/,
    );
  });
  it("checks by the notebooks' rules when none are given, and refuses a name without a rule", () => {
    expect(() => checkParameters({ SEED: 3, W: 40 })).not.toThrow();
    expect(() => checkParameters({ COUNT: 0 })).toThrow(
      /^invalid parameter COUNT: 0; expected a whole number >= 1/,
    );
    expect(() => checkParameters({ W: 0 })).not.toThrow(); // 0 = the source's machine
    expect(() => checkParameters({ PRIORITY_FORMULA: "2*agee" })).toThrow(/unknown symbol "agee"/);
    expect(() => checkParameters({ NOT_A_PARAMETER: 1 })).toThrow(
      /^invalid parameter NOT_A_PARAMETER: it has no rule; add one to PARAMETER_RULES/,
    );
  });
});
