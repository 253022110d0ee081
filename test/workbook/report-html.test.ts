import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { PLOTLY_MIME } from "../../views/display/plot";
import { markdownBundle } from "../../views/display/markdown";
import { skippedMetadata } from "../../views/display/skipped";
import { type Notebook, type NotebookCell, formatNotebook } from "../../workbook/notebook";
import { writeReportHtml } from "../../workbook/report";
import { reportEntry, reportIndexHtml, taggedOutputs } from "../../workbook/report-html";

const md = (text: string): NotebookCell => ({ cell_type: "markdown", metadata: {}, source: text });
const shown = (text: string, tags: string[] = [], metadata: Record<string, unknown> = {}): NotebookCell => ({
  cell_type: "code",
  metadata: { tags, papermill: { status: "completed" }, ...metadata },
  source: "showMarkdown(…)",
  outputs: [{ output_type: "display_data", data: markdownBundle(text), metadata: {} }],
  execution_count: 1,
});
const notebook = (cells: NotebookCell[], papermill: Record<string, unknown> = {}): Notebook => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {
    papermill: { duration: 3.25, end_time: "2026-01-01T00:00:00.000Z", exception: null, ...papermill },
  },
  cells,
});
const figure = { data: [{ type: "bar", x: [1], y: [2] }], layout: { title: { text: "forest" } } };

describe("the report's index", () => {
  const withFindings = reportEntry(
    "07-main-experiments",
    notebook([md("# 07 — Main experiments"), shown("TV is **low**", ["findings"]), shown("details")]),
  );
  const without = reportEntry("02-scheduling-analysis", notebook([md("# 02 — Scheduling"), shown("body")]));
  const scorecard = reportEntry(
    "16-scorecard",
    notebook([
      md("# 16 — Scorecard"),
      {
        cell_type: "code",
        metadata: { tags: ["headline"], schedgame: { index_outputs: 2 } },
        source: "…",
        execution_count: 3,
        outputs: [
          {
            output_type: "display_data",
            data: { [PLOTLY_MIME]: figure, "image/png": "iVBORw0KGgo=", "text/plain": "<fig>" },
            metadata: {},
          },
          { output_type: "display_data", data: { "text/html": "<table>counts</table>" }, metadata: {} },
          { output_type: "display_data", data: markdownBundle("the long list"), metadata: {} },
        ],
      },
    ]),
  );
  const unknown = reportEntry("99-new-appendix", notebook([md("# 99 — Appendix")]));
  const html = reportIndexHtml([without, scorecard, unknown, withFindings], "run note");

  it("says what the workbook reproduces and on what data before anything else", () => {
    expect(html.indexOf("The High Performance Scheduler Game")).toBeLessThan(html.indexOf('id="abstract"'));
    expect(html).toMatch(/synthetic twin calibrated to the facts the thesis\s+publishes in Section 4/);
  });

  it("opens with the scorecard's headline, then each notebook's findings one click away, then the notebook list", () => {
    const abstract = html.indexOf('id="abstract"');
    const findings = html.indexOf('id="findings"');
    const list = html.indexOf('id="notebooks"');
    expect(abstract).toBeGreaterThan(0);
    expect(abstract).toBeLessThan(findings);
    expect(findings).toBeLessThan(list);
    const low = html.indexOf("TV is <strong>low</strong>");
    expect(low).toBeGreaterThan(findings);
    expect(html.lastIndexOf('<details class="findings"><summary>', low)).toBeGreaterThan(findings);
    expect(html).not.toMatch(/>body</);
  });

  it("shows a headline figure as the notebook pages do (static PNG and interactive) and honours index_outputs", () => {
    expect(html).toMatch(
      /<div class="schedgame-plot" data-sg-plot="\w+"><img alt="plot"[^>]*base64,iVBORw0KGgo=/,
    );
    expect(html).toMatch(/window\.Plotly\.newPlot/);
    expect(html).toMatch(/<script src="plotly\.min\.js"><\/script>/);
    expect(html).toMatch(/<table>counts<\/table>/);
    expect(html).not.toMatch(/the long list/);
  });

  it("lists a notebook without findings cells, and every notebook exactly once, unknown ones under Other", () => {
    const list = html.slice(html.indexOf('id="notebooks"'));
    for (const page of ["02-scheduling-analysis", "07-main-experiments", "16-scorecard", "99-new-appendix"])
      expect(list.match(new RegExp(`href="${page}\\.html"`, "g"))?.length).toBe(1);
    const parts = [...list.matchAll(/<tr class="part"><th colspan="5">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(parts).toEqual([
      "Background: Slurm priority and scheduling (§2–3)",
      "Experiments (§6.1–6.4)",
      "Scorecard",
      "Other",
    ]);
    expect(list.indexOf("99-new-appendix.html")).toBeGreaterThan(list.indexOf(">Other<"));
    expect(list).toMatch(/passed<\/td><td class="secondary" style="text-align:right">3\.3 s/);
  });

  it("leaves out the abstract and findings sections when no notebook has such cells", () => {
    const bare = reportIndexHtml([without], "note");
    expect(bare).not.toMatch(/id="findings"|id="abstract"/);
    expect(bare).toMatch(/id="notebooks"/);
  });
});

describe("reportEntry and taggedOutputs", () => {
  it("numbers a failed cell as in the committed notebook (the runner's banner cells left out)", () => {
    const banner: NotebookCell = {
      cell_type: "markdown",
      metadata: { tags: ["papermill-error-cell-tag"] },
      source: "",
    };
    const failed: NotebookCell = { ...shown("x"), metadata: { papermill: { status: "failed" } } };
    const e = reportEntry(
      "x",
      notebook([banner, md("# X"), shown("a"), banner, failed], { exception: true }),
    );
    expect(e).toMatchObject({ status: "failed at cell 3", title: "X", page: "x.html", seconds: 3.25 });
  });

  it("leaves out errors and stderr", () => {
    const cell: NotebookCell = {
      ...shown("kept", ["findings"]),
      outputs: [
        { output_type: "stream", name: "stderr", text: "warn" },
        { output_type: "stream", name: "stdout", text: "out" },
        { output_type: "error", ename: "E", evalue: "v", traceback: [] },
      ],
    };
    expect(taggedOutputs(notebook([cell]), "findings")).toEqual([
      { output_type: "stream", name: "stdout", text: "out" },
    ]);
  });
});

describe("writeReportHtml", () => {
  it("writes a page per executed notebook and an index over every notebook that has an executed copy", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-index-"));
    try {
      fs.mkdirSync(path.join(out, "notebooks"));
      for (const name of ["01-slurm-priority", "05-games-and-mechanisms"])
        fs.writeFileSync(
          path.join(out, "notebooks", `${name}.ipynb`),
          formatNotebook(notebook([md(`# ${name}`), shown(`finding of ${name}`, ["findings"])])),
        );
      const root = path.resolve(__dirname, "../..");
      const names = ["01-slurm-priority", "02-scheduling-analysis", "05-games-and-mechanisms"];
      const r = writeReportHtml({ root, outDir: out, names, note: "n" });
      expect(r).toEqual({ indexPath: path.join(out, "index.html"), pages: 2 });
      const index = fs.readFileSync(r.indexPath, "utf8");
      expect(index).toMatch(/finding of 01-slurm-priority[\s\S]*finding of 05-games-and-mechanisms/);
      expect(index).not.toMatch(/02-scheduling-analysis/);
      expect(fs.readdirSync(out).sort()).toEqual([
        "01-slurm-priority.html",
        "05-games-and-mechanisms.html",
        "index.html",
        "notebooks",
        "plotly.min.js",
      ]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("a part skipped on this machine", () => {
  const notice: NotebookCell = {
    cell_type: "code",
    metadata: { tags: ["findings"], schedgame: { index_outputs: 1 }, papermill: { status: "completed" } },
    source: "…",
    execution_count: 1,
    outputs: [
      {
        output_type: "display_data",
        data: markdownBundle("**Trace not found: `K`**"),
        metadata: skippedMetadata("trace K (npm run traces:download)"),
      },
      { output_type: "display_data", data: markdownBundle("**Findings** on 11 machines"), metadata: {} },
    ],
  };
  const entry = reportEntry("15-real-machines", notebook([md("# 15 — Real machines"), notice]));
  it("gives the notebook's status as skipped with what it needs, never plain passed", () => {
    expect(entry.status).toBe("passed; skipped: needs trace K (npm run traces:download)");
    expect(reportEntry("02-x", notebook([md("# 02"), shown("body")])).status).toBe("passed");
  });
  it("leaves the notice out of the findings, so the findings show first", () => {
    expect(taggedOutputs(entry.notebook, "findings").map((o) => JSON.stringify(o))).toEqual([
      JSON.stringify(notice.outputs![1]),
    ]);
    const html = reportIndexHtml([entry], "note");
    expect(html).toContain("Findings</strong> on 11 machines");
    expect(html).not.toContain("Trace not found");
    expect(html).toContain("passed; skipped: needs trace K (npm run traces:download)");
  });
});
