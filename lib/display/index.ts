/** Barrel of the display area: what notebooks call to show tables, figures and markdown, and check parameters. */
export { setupNotebook, notebookEnvironment, environmentRows, type NotebookEnvironment } from "./setup";
export { RICH_RESULT_HOOK, richResult, registerRichResults } from "./rich-result";
export { checkParameters, type ParameterRule } from "./check-parameters";
export {
  showPlot,
  plotBundle,
  plotHtml,
  plotlyLibraryPath,
  PLOTLY_MIME,
  PLOTLY_LIBRARY_MARK,
  DEFAULT_PLOT_SIZE,
  type PlotFigure,
} from "./plot";
export { showTable, tableBundle, formatCell, type TableDisplayOptions } from "./table";
export { showMarkdown, markdownBundle, markdownToHtml } from "./markdown";
export { type MimeBundle, sendBundle, updatableDisplay } from "./display-sink";
export { histogramFigure, type HistogramFigureOptions } from "./figures";
export { NOTEBOOK_MAP, type NotebookMapEntry } from "./notebook-map";
export { availableTraces, missingTraceNotice } from "./trace-notice";
