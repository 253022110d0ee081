import { describe, expect, it } from "vitest";
import * as aq from "arquero";
import { RICH_RESULT_HOOK, registerRichResults, richResult } from "../../lib/display/rich-result";
import { PLOTLY_MIME } from "../../lib/display/plot";

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
  it("registerRichResults installs the hook the kernel shim calls", () => {
    registerRichResults();
    expect((globalThis as Record<string, unknown>)[RICH_RESULT_HOOK]).toBe(richResult);
  });
});
