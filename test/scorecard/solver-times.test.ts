import { describe, expect, it } from "vitest";
import type { RoundRow } from "../../lib/mechanism/rounds";
import { thesisColumn } from "../../lib/scorecard/mechanism-rows";
import { solverTimeRows } from "../../views/scorecard/solver-times";

const row = (sample: string, experiment: string, TTS: number, payment = "clarke") =>
  ({ sample, experiment, payment, TTS }) as unknown as RoundRow;

describe("solverTimeRows", () => {
  it("puts the thesis's Table 18 beside our times, one row per experiment, judging neither", () => {
    const rows = [
      row("s1", "1A", 0.002),
      row("s2", "1A", 0.004),
      row("s3", "1A", 0.003),
      row("s1", "1B", 0.001),
    ];
    rows.push(row("s1", "1A", 99, "vcg"));
    const out = solverTimeRows(rows);
    expect(out.map((r) => r.experiment)).toEqual(["1A", "1B"]);
    expect(out[0]["ours median (s)"]).toBe(0.003);
    expect(out[0]["ours max (s)"]).toBe(0.004);
    expect(out[0].samples).toBe(3);
    expect(out[0]["thesis max (s)"]).toBe(Math.max(...thesisColumn(18, "TTS_1A")));
    expect(out.every((r) => r.verdict.startsWith("not judged"))).toBe(true);
  });
  it("refuses rows whose time was not measured", () => {
    expect(() => solverTimeRows([row("s1", "1A", NaN)])).toThrow(
      /^invalid rows \(s1, 1A\) TTS: NaN; expected a measured time/,
    );
  });
});
