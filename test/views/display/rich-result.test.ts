import { describe, expect, it } from "vitest";
import * as aq from "arquero";
import { RICH_RESULT_HOOK, registerRichResults, richResult } from "../../../views/display/rich-result";
import { PLOTLY_MIME } from "../../../views/display/plot";
import { toDataFrame } from "../../../lib/io/dataframe";

describe("richResult: how a cell's last expression displays", () => {
  it("an arquero table as a table, a figure as a Plotly figure, anything else as the REPL prints it", () => {
    const t = richResult(aq.table({ a: [1, 2] }));
    expect(t["text/html"]).toMatch(/^<table class="schedgame-table">/);
    const f = richResult({ data: [{ type: "bar", x: [1], y: [2] }], layout: {} });
    expect(f[PLOTLY_MIME]).toEqual({ data: [{ type: "bar", x: [1], y: [2] }], layout: {}, config: {} });
    expect(richResult(42)).toEqual({ "text/plain": "42" });
    expect(richResult("abc")).toEqual({ "text/plain": "'abc'" });
    expect(richResult({ data: [1, 2] })).toEqual({ "text/plain": "{ data: [ 1, 2 ] }" }); // not a figure: its traces are not objects
  });
  it("a danfo.js DataFrame or Series as a table, its index first when labelled", () => {
    const df = toDataFrame(aq.table({ q: ["a", "b", "a"], n: [1, 2, 3] }));
    const plain = richResult(df);
    expect(plain["text/plain"]).toBe(["q  n", "-  -", "a  1", "b  2", "a  3"].join("\n"));
    const counts = richResult(df["q"].valueCounts());
    expect(counts["text/html"]).toMatch(
      /^<table class="schedgame-table"><thead><tr><th>index<\/th><th style="text-align:right">value<\/th>/,
    );
    expect(counts["text/plain"]).toBe(
      ["index  value", "-----  -----", "a          2", "b          1"].join("\n"),
    );
  });
  it("registerRichResults installs the hook the kernel shim calls", () => {
    registerRichResults();
    expect((globalThis as Record<string, unknown>)[RICH_RESULT_HOOK]).toBe(richResult);
  });
});
