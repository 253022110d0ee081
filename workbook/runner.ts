/**
 * Executes a notebook headlessly in a fresh tslab kernel: every code cell in order, outputs and
 * execution counts recorded, papermill metadata written; stops at the first cell whose
 * execute_reply status is "error" (tslab's only error signal) and reports that cell's stderr.
 */
import { TslabKernel, type KernelOptions } from "./kernel-client";
import { type Notebook, type NotebookCell, cellSource, cellTags, toLines } from "./notebook";
import { PLOTLY_LIBRARY_MARK } from "../views/display/plot";

/** Options of {@link runNotebook}. */
export interface RunOptions extends KernelOptions {
  /** Per-cell time limit, milliseconds. Defaults to 600000. */
  cellTimeoutMs?: number;
  /** Name used in messages and metadata. Defaults to "<notebook>". */
  name?: string;
  /** Called when a kernel starts/stops (so a CLI can kill it on Ctrl-C). Defaults to none. */
  onKernel?: (kernel: TslabKernel, state: "started" | "stopped") => void;
  /** Called after each code cell. Defaults to none. */
  onCell?: (info: { cell: number; status: string; ms: number }) => void;
  /** Keep the output that inlines plotly.js instead of removing it. Defaults to false. */
  keepPlotlyLibrary?: boolean;
}

/** Where and why a notebook failed. */
export interface RunFailure {
  /** 1-based position of the failing cell among all cells. */
  cell: number;
  /** 1-based position among code cells. */
  codeCell: number;
  /** "error", "timeout" or "dead". */
  status: string;
  /** The stderr text of the failing cell. */
  stderr: string;
}

/** The outcome of a run. */
export interface RunResult {
  /** The executed notebook (outputs, counts, papermill metadata). */
  notebook: Notebook;
  /** The failure, if any; cells after it were not run. */
  failure?: RunFailure;
  /** Seconds from kernel start to shutdown. */
  seconds: number;
  /** Seconds spent waiting for the kernel to start. */
  kernelStartSeconds: number;
  /** Sum of per-cell wall times, seconds. */
  cellSeconds: number;
}

/**
 * The line of a failed cell's stderr that says what went wrong: the first `SomethingError: …`
 * line, else the first type-check diagnostic (`L:C - …`), else the first non-empty line.
 */
export function failureSummary(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    lines.find((l) => /^[A-Za-z]*Error\b/.test(l)) ??
    lines.find((l) => /^\d+:\d+ - /.test(l) || /error TS\d+/.test(l)) ??
    lines[0] ??
    "(no stderr)"
  );
}

const iso = (t: number) => new Date(t).toISOString();

function errorBanner(failure: RunFailure, name: string): NotebookCell {
  return {
    cell_type: "markdown",
    id: "papermill-error-banner",
    metadata: { tags: ["papermill-error-cell-tag"] },
    source: toLines(
      `<span style="color:red; font-family:Helvetica Neue, Helvetica, Arial, sans-serif; font-size:2em;">An Exception was encountered at '<a href="#papermill-error-cell">In [${failure.codeCell}]</a>' of ${name}.</span>`,
    ),
  };
}

function errorAnchor(): NotebookCell {
  return {
    cell_type: "markdown",
    id: "papermill-error-cell",
    metadata: { tags: ["papermill-error-cell-tag"] },
    source: toLines(
      `<span id="papermill-error-cell" style="color:red; font-family:Helvetica Neue, Helvetica, Arial, sans-serif; font-size:2em;">Execution using papermill encountered an exception here and stopped:</span>`,
    ),
  };
}

/**
 * Runs every code cell of `nb` in a new kernel. Never throws for cell errors (see `failure`);
 * throws only when the kernel cannot start.
 */
export async function runNotebook(nb: Notebook, options: RunOptions = {}): Promise<RunResult> {
  const {
    cellTimeoutMs = 600_000,
    name = "<notebook>",
    onKernel,
    onCell,
    keepPlotlyLibrary = false,
  } = options;
  const cells = nb.cells
    .filter((c) => !cellTags(c).includes("papermill-error-cell-tag"))
    .map((c) => ({ ...c, metadata: { ...c.metadata } }));
  for (const c of cells) {
    if (c.cell_type !== "code") continue;
    c.outputs = [];
    c.execution_count = null;
    c.metadata.papermill = {
      exception: null,
      start_time: null,
      end_time: null,
      duration: null,
      status: "pending",
    };
  }
  const t0 = Date.now();
  const kernel = await TslabKernel.start(options);
  const kernelStartSeconds = (Date.now() - t0) / 1000;
  onKernel?.(kernel, "started");
  let failure: RunFailure | undefined;
  let cellSeconds = 0;
  let codeCell = 0;
  try {
    for (let i = 0; i < cells.length; i++) {
      const c = cells[i];
      if (c.cell_type !== "code") continue;
      codeCell++;
      const src = cellSource(c);
      const start = Date.now();
      c.metadata.papermill = { ...c.metadata.papermill, status: "running", start_time: iso(start) };
      const r =
        src.trim() === ""
          ? { status: "ok" as const, executionCount: null, outputs: [], stderr: "", ms: 0 }
          : await kernel.execute(src, cellTimeoutMs);
      const end = Date.now();
      cellSeconds += r.ms / 1000;
      c.outputs = keepPlotlyLibrary
        ? r.outputs
        : r.outputs.filter((o) => !(o.output_type === "display_data" && o.metadata?.[PLOTLY_LIBRARY_MARK]));
      c.execution_count = r.executionCount;
      c.metadata.execution = { "shell.execute_reply.started": iso(start), "shell.execute_reply": iso(end) };
      const failed = r.status !== "ok";
      c.metadata.papermill = {
        exception: failed,
        start_time: iso(start),
        end_time: iso(end),
        duration: (end - start) / 1000,
        status: failed ? "failed" : "completed",
      };
      onCell?.({ cell: i + 1, status: r.status, ms: r.ms });
      if (failed) {
        failure = { cell: i + 1, codeCell, status: r.status, stderr: r.stderr.trim() };
        break;
      }
    }
  } finally {
    await kernel.shutdown();
    onKernel?.(kernel, "stopped");
  }
  const seconds = (Date.now() - t0) / 1000;
  let outCells = cells;
  if (failure) {
    const at = failure.cell - 1;
    outCells = [errorBanner(failure, name), ...cells.slice(0, at), errorAnchor(), ...cells.slice(at)];
  }
  const papermill = {
    ...(nb.metadata.papermill ?? {}),
    input_path: name,
    start_time: iso(t0),
    end_time: iso(t0 + seconds * 1000),
    duration: seconds,
    exception: failure ? true : null,
  };
  return {
    notebook: { ...nb, metadata: { ...nb.metadata, papermill }, cells: outCells },
    failure,
    seconds,
    kernelStartSeconds,
    cellSeconds,
  };
}
