import { describe, expect, it } from "vitest";
import { markdownBundle } from "../../../views/display/markdown";
import { PLOTLY_MIME, figureKey, plotBundle, plotHtml } from "../../../views/display/plot";
import { formatCell, tableBundle } from "../../../views/display/table";

describe("plotBundle", () => {
  const fig = { data: [{ type: "bar", x: [1], y: [2] }], layout: { title: { text: "t</script>" } } };
  it("carries plotly JSON, html and a text summary", () => {
    const b = plotBundle(fig);
    expect(Object.keys(b).sort()).toEqual([PLOTLY_MIME, "text/html", "text/plain"].sort());
    expect(b["text/plain"]).toBe('<Plotly figure "t</script>": 1 trace(s)>');
  });
  it("escapes '<' in the embedded JSON so a title cannot close the script", () => {
    expect(plotHtml(fig)).not.toMatch(/t<\/script>/);
    expect(plotHtml(fig).match(/<\/script>/g)).toHaveLength(1);
  });
  it("puts a PNG fallback inside the div when given, keyed by the figure hash", () => {
    const h = plotHtml(fig, "AAAA");
    expect(h).toContain(
      `data-sg-plot="${figureKey(fig)}"><img alt="plot" style="max-width:100%" src="data:image/png;base64,AAAA"/></div>`,
    );
  });
  it("rejects a figure without a data list", () => {
    expect(() => plotBundle({} as any)).toThrow(/^invalid figure: \{\}; expected \{data/);
  });
});

describe("tableBundle", () => {
  it("renders html and aligned text, numbers right-aligned and rounded", () => {
    const b = tableBundle(
      [
        { user: "a<b", f: 0.123456 },
        { user: "c", f: 1 },
      ],
      { caption: "F" },
    );
    expect(b["text/plain"]).toBe("F\nuser       f\n----  ------\na<b   0.1235\nc          1");
    expect(b["text/html"]).toContain("<td>a&lt;b</td>");
  });
  it("notes left-out rows", () => {
    const b = tableBundle(
      Array.from({ length: 5 }, (_, i) => ({ i })),
      { limit: 2 },
    );
    expect(b["text/plain"]).toMatch(/… 3 more row\(s\) of 5$/);
  });
  it("rejects a bad limit", () => {
    expect(() => tableBundle([{ a: 1 }], { limit: 0 })).toThrow(/^invalid limit: 0/);
  });
  it("formatCell handles special numbers", () => {
    expect([NaN, Infinity, -0.00001, 2.5, null].map((v) => formatCell(v))).toEqual([
      "NaN",
      "Inf",
      "0",
      "2.5",
      "",
    ]);
  });
});

describe("markdownBundle", () => {
  it("sends markdown and rendered html", () => {
    expect(markdownBundle("**x**")["text/html"]).toBe("<p><strong>x</strong></p>\n");
  });
});

describe("markdown math", () => {
  it("renders $…$ TeX to MathML and leaves code spans alone", () => {
    const html = markdownBundle("Level FS is $S/U$; cost `$5`.")["text/html"] as string;
    expect(html).toMatch(/<math[^>]*>.*<mi>S<\/mi><mi mathvariant="normal">\/<\/mi><mi>U<\/mi>.*<\/math>/s);
    expect(html).toContain("<code>$5</code>");
  });
  it("formatCell groups the thousands of numbers from 10,000 up, integers and decimals, signed", () => {
    expect([9999, 10000, 138240, -1234567.25, 418599.1234567, 3456].map((v) => formatCell(v))).toEqual([
      "9999",
      "10,000",
      "138,240",
      "-1,234,567.25",
      "418,599.1235",
      "3456",
    ]);
  });
});
