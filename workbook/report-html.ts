/**
 * The HTML report: one page per executed notebook (markdown rendered, code, outputs, interactive
 * plots drawn by plotly.js loaded once per page from a file beside the pages) and an index page
 * that opens with the scorecard's headline (notebook 16's cells tagged `headline`: an abstract of at
 * most five sentences, the headline table, the forest plot), then each notebook's findings (its cells
 * tagged `findings`) one click away, then the notebooks grouped by the part of the thesis they
 * reproduce (views/display/notebook-map.ts).
 */
import { markdownToHtml } from "../views/display/markdown";
import { groupNotebooks } from "../views/display/notebook-map";
import { type Notebook, type NotebookOutput, cellSource, cellTags } from "./notebook";
import { PLOTLY_MIME, type PlotFigure, plotHtml } from "../views/display/plot";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;font-size:13px;border-radius:4px}
pre.stderr{background:#fff0f0;color:#a00}.cell{margin:1.2em 0}.code pre{border-left:3px solid #4a79c4}
.prompt{color:#888;font:12px monospace}table.schedgame-table{border-collapse:collapse;font-size:13px;margin:.5em 0}
table.schedgame-table td,table.schedgame-table th{border:1px solid #ddd;padding:2px 8px}caption{font-weight:600;text-align:left;padding:4px 0}
.failed{border:2px solid #c00;padding:.5em}nav a{margin-right:1em}
.caveat{background:#fff8e1;border-left:4px solid #e0a800;padding:.6em 1em}
details.findings{border-top:1px solid #ddd;padding:.3em 0}details.findings summary{cursor:pointer;font-weight:600;margin:.3em 0}
table.notebooks{width:100%}table.notebooks tr.part th{background:#f0f3f8;text-align:left;font-size:14px;padding:6px 8px}
table.notebooks td{vertical-align:top}.desc{color:#555;font-size:12px}.secondary{color:#888;font-size:12px;white-space:nowrap}
.note{color:#888;font-size:12px}`;

function renderOutput(o: NotebookOutput): string {
  switch (o.output_type) {
    case "stream": {
      const text = Array.isArray(o.text) ? o.text.join("") : o.text;
      return `<pre class="${o.name}">${esc(text)}</pre>`;
    }
    case "error":
      return `<pre class="stderr">${esc(`${o.ename}: ${o.evalue}\n${o.traceback.join("\n")}`)}</pre>`;
    default: {
      const d = o.data;
      if (d[PLOTLY_MIME]) {
        const png = typeof d["image/png"] === "string" ? (d["image/png"] as string) : undefined;
        return plotHtml(d[PLOTLY_MIME] as PlotFigure, png);
      }
      if (typeof d["text/html"] === "string") return d["text/html"] as string;
      if (typeof d["image/svg+xml"] === "string") return d["image/svg+xml"] as string;
      if (typeof d["image/png"] === "string") return `<img src="data:image/png;base64,${d["image/png"]}"/>`;
      if (typeof d["text/markdown"] === "string") return markdownToHtml(d["text/markdown"] as string);
      if (typeof d["text/plain"] === "string") return `<pre>${esc(d["text/plain"] as string)}</pre>`;
      return "";
    }
  }
}

/**
 * One notebook as a standalone HTML page.
 * @param nb the executed notebook
 * @param title page title
 * @param plotlySrc URL of plotly.min.js relative to the page. Defaults to "plotly.min.js".
 */
export function notebookToHtml(nb: Notebook, title: string, plotlySrc = "plotly.min.js"): string {
  const body = nb.cells
    .map((c) => {
      const src = cellSource(c);
      if (c.cell_type === "markdown") return `<div class="cell md">${markdownToHtml(src)}</div>`;
      if (c.cell_type === "raw") return `<div class="cell raw"><pre>${esc(src)}</pre></div>`;
      const failed = c.metadata?.papermill?.status === "failed";
      const count = c.execution_count ?? " ";
      const outputs = (c.outputs ?? []).map(renderOutput).join("\n");
      return `<div class="cell code${failed ? " failed" : ""}"><div class="prompt">In [${count}]:</div><pre><code>${esc(src)}</code></pre>${outputs}</div>`;
    })
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title>
<script src="${plotlySrc}"></script><style>${STYLE}</style></head>
<body><nav><a href="index.html">← schedgame report</a></nav>
${body}
</body></html>
`;
}

/** One notebook of the index page. */
export interface ReportEntry {
  /** Notebook name (no extension). */
  name: string;
  /** Its first heading, when it has one. */
  title: string;
  /** Page file name. */
  page: string;
  /** Executed .ipynb path relative to the index. */
  ipynb: string;
  /** "passed", "passed; skipped: needs …" (a part had nothing to show, views/display/skipped.ts) or "failed at cell N". */
  status: string;
  /** Seconds it took. */
  seconds: number;
  /** When it finished (ISO time), if known. */
  finished?: string;
  /** The executed notebook: the index shows its cells tagged `findings` and `headline`. */
  notebook: Notebook;
}

/** The first markdown heading of a notebook, or its name. */
export function notebookTitle(nb: Notebook, fallback: string): string {
  for (const c of nb.cells) {
    if (c.cell_type !== "markdown") continue;
    const m = /^#+\s+(.+)$/m.exec(cellSource(c));
    if (m) return m[1].trim();
  }
  return fallback;
}

/**
 * The index entry of an executed notebook, from the run's metadata it carries (papermill's
 * `duration`, `end_time` and `exception`; the failed cell numbered as in the committed notebook).
 */
export function reportEntry(name: string, nb: Notebook): ReportEntry {
  const pm = nb.metadata?.papermill ?? {};
  const cells = nb.cells.filter((c) => !cellTags(c).includes("papermill-error-cell-tag"));
  const failedAt = cells.findIndex((c) => c.metadata?.papermill?.status === "failed");
  const skipped = skippedNeeds(nb);
  const status =
    failedAt >= 0
      ? `failed at cell ${failedAt + 1}`
      : pm.exception
        ? "failed"
        : skipped.length
          ? `passed; skipped: needs ${skipped.join("; ")}`
          : "passed";
  return {
    name,
    title: notebookTitle(nb, name),
    page: `${name}.html`,
    ipynb: `notebooks/${name}.ipynb`,
    status,
    seconds: typeof pm.duration === "number" ? pm.duration : NaN,
    finished: typeof pm.end_time === "string" ? pm.end_time : undefined,
    notebook: nb,
  };
}

/** What the parts of an executed notebook that had nothing to show needed (their notices' `schedgame.skipped`), once each, in order. */
export function skippedNeeds(nb: Notebook): string[] {
  const needs = nb.cells.flatMap((c) =>
    (c.outputs ?? []).flatMap((o) => {
      const s = (o as { metadata?: { schedgame?: { skipped?: unknown } } }).metadata?.schedgame?.skipped;
      return typeof s === "string" ? [s] : [];
    }),
  );
  return [...new Set(needs)];
}

const isSkipNotice = (o: NotebookOutput) =>
  typeof (o as { metadata?: { schedgame?: { skipped?: unknown } } }).metadata?.schedgame?.skipped ===
  "string";

/**
 * The outputs of the code cells tagged `tag`, in cell order, as a reader sees them: errors, stderr
 * and the notices of skipped parts (the status says what they need) left out. A cell whose metadata has `schedgame.index_outputs` (a count) gives only its
 * first that many outputs (a headline cell that also shows details below it).
 */
export function taggedOutputs(nb: Notebook, tag: string): NotebookOutput[] {
  return nb.cells
    .filter((c) => c.cell_type === "code" && cellTags(c).includes(tag))
    .flatMap((c) => {
      const shown = (c.outputs ?? []).filter(
        (o) =>
          o.output_type !== "error" &&
          !(o.output_type === "stream" && o.name === "stderr") &&
          !isSkipNotice(o),
      );
      const limit = c.metadata?.schedgame?.index_outputs;
      return typeof limit === "number" && limit >= 0 ? shown.slice(0, limit) : shown;
    });
}

const INTRO = `<p>schedgame reproduces, step by step and from data, the master's thesis <em>The High
Performance Scheduler Game: A Characterization of Slurm, Metrics, and the Viability of
Cooperation</em> (Uruchi Ticona, UPC, 2020) — Slurm's priority and fair share, the cleaning of
MareNostrum4 job logs, the scheduler as a knapsack auction with VCG payments, a Slurm-like simulator
and the Price of Anarchy — and three companion texts: <em>Priority Operators for Fairshare
Scheduling</em>, the LEVEL_BASED Slurm prioritization post, and <em>A Comparison Between Mechanisms
for Sequential Compute Resource Auctions</em>. Every number below was computed when the notebooks
ran; where the thesis publishes a value, ours stands beside it with the outcome of one rule.</p>
<p class="caveat"><strong>On what data.</strong> The thesis's MareNostrum4 Autosubmit jobs are
private, so by default the workbook runs on a synthetic twin calibrated to the facts the thesis
publishes in Section 4 (those facts therefore match by construction); notebook 15 runs the same
pipeline on real public logs.</p>`;

function section(id: string, heading: string, intro: string, body: string): string {
  return body ? `<h2 id="${id}">${heading}</h2>${intro}\n${body}` : "";
}

/**
 * The index page: what the workbook reproduces and on what data; the scorecard's headline (cells
 * tagged `headline`: the abstract, the headline table, the forest plot); the findings of every
 * notebook that has cells tagged `findings`, in reading order, each folded in a `<details>`; then
 * every notebook grouped by part of the thesis, with its one-line description, status and run time.
 */
export function reportIndexHtml(entries: ReportEntry[], note: string, plotlySrc = "plotly.min.js"): string {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const groups = groupNotebooks(entries.map((e) => e.name));
  const ordered = groups.flatMap((g) => g.notebooks.map((n) => byName.get(n.name)!));
  const link = (e: ReportEntry) => `<a href="${e.page}">${esc(e.title)}</a>`;
  const outputsHtml = (outs: NotebookOutput[]) => outs.map(renderOutput).join("\n");
  const findings = ordered
    .map((e) => ({ e, outs: taggedOutputs(e.notebook, "findings") }))
    .filter((f) => f.outs.length > 0)
    .map(
      ({ e, outs }) =>
        `<details class="findings"><summary>${esc(e.title)}</summary>\n${outputsHtml(outs)}\n<p>${link(e)}</p></details>`,
    )
    .join("\n");
  const headline = ordered
    .map((e) => ({ e, outs: taggedOutputs(e.notebook, "headline") }))
    .filter((h) => h.outs.length > 0)
    .map(({ e, outs }) => `${outputsHtml(outs)}\n<p>Every row, its evidence and the rule: ${link(e)}.</p>`)
    .join("\n");
  const rows = groups
    .map((g) => {
      const head = `<tr class="part"><th colspan="5">${esc(g.part)}</th></tr>`;
      const body = g.notebooks.map(({ name, entry }) => {
        const e = byName.get(name)!;
        const time = Number.isFinite(e.seconds) ? `${e.seconds.toFixed(1)} s` : "";
        const when = e.finished ? ` title="finished ${esc(e.finished)}"` : "";
        return `<tr><td>${link(e)}${entry ? `<div class="desc">${esc(entry.content)}</div>` : ""}</td><td class="desc">${esc(entry?.sections ?? "")}</td><td class="secondary"${when}>${esc(e.status)}</td><td class="secondary" style="text-align:right">${time}</td><td class="secondary"><a href="${e.ipynb}">.ipynb</a></td></tr>`;
      });
      return [head, ...body].join("\n");
    })
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>schedgame: The High Performance Scheduler Game, reproduced</title>
<script src="${plotlySrc}"></script><style>${STYLE}</style></head>
<body><h1>The High Performance Scheduler Game, reproduced</h1>
${INTRO}
${section("abstract", "Abstract", "", headline)}
${section("findings", "Findings by notebook", "<p>What each notebook found, as it opens with it, in reading order: one click away.</p>", findings)}
<h2 id="notebooks">Notebooks by part of the thesis</h2>
<table class="schedgame-table notebooks"><thead><tr><th>notebook</th><th>reproduces</th><th>status</th><th>time</th><th>executed</th></tr></thead><tbody>
${rows}
</tbody></table>
<p class="note">${esc(note)}</p></body></html>
`;
}
