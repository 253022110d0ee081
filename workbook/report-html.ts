/**
 * The HTML report: one page per executed notebook (markdown rendered, code, outputs, interactive
 * plots drawn by plotly.js loaded once per page from a file beside the pages) and an index page.
 */
import { markdownToHtml } from "../lib/display/markdown";
import { type Notebook, type NotebookOutput, cellSource } from "./notebook";
import { PLOTLY_MIME, type PlotFigure, plotHtml } from "../lib/display/plot";

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;font-size:13px;border-radius:4px}
pre.stderr{background:#fff0f0;color:#a00}.cell{margin:1.2em 0}.code pre{border-left:3px solid #4a79c4}
.prompt{color:#888;font:12px monospace}table.schedgame-table{border-collapse:collapse;font-size:13px;margin:.5em 0}
table.schedgame-table td,table.schedgame-table th{border:1px solid #ddd;padding:2px 8px}caption{font-weight:600;text-align:left;padding:4px 0}
.failed{border:2px solid #c00;padding:.5em}nav a{margin-right:1em}`;

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

/** One row of the index page. */
export interface ReportEntry {
  /** Notebook name (no extension). */
  name: string;
  /** Its first heading, when it has one. */
  title: string;
  /** Page file name. */
  page: string;
  /** Executed .ipynb path relative to the index. */
  ipynb: string;
  /** "passed" or "failed at cell N". */
  status: string;
  /** Seconds it took. */
  seconds: number;
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

/** The index page listing every notebook with its status. */
export function reportIndexHtml(entries: ReportEntry[], note: string): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td><a href="${e.page}">${esc(e.name)}</a></td><td>${esc(e.title)}</td><td>${esc(e.status)}</td><td style="text-align:right">${e.seconds.toFixed(1)} s</td><td><a href="${e.ipynb}">.ipynb</a></td></tr>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>schedgame report</title><style>${STYLE}</style></head>
<body><h1>schedgame report</h1><p>${esc(note)}</p>
<table class="schedgame-table"><thead><tr><th>notebook</th><th>title</th><th>status</th><th>time</th><th>executed</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
