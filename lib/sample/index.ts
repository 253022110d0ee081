/** Sampling: uniform draws to 2W, the special sample, the thesis's sample file format, summaries and figures. */
export {
  drawSample,
  drawThesisSamples,
  thesisSampleSet,
  type SampleSet,
  type SampleSetOptions,
  type Sample,
  type DrawOptions,
  type ThesisSamplesOptions,
} from "./draw";
export {
  formatSampleFile,
  parseSampleFile,
  writeSampleFiles,
  readSampleFiles,
  SAMPLE_COLUMNS,
  type ParseSampleOptions,
} from "./sample-file";
export { summariseJobs, type SampleSummaryRow } from "./summary";
export {
  sampleDistributionFigure,
  appendixCFigure,
  plannedMinutesFigure,
  samplesBoxFigure,
  type DistributionBins,
} from "./figures";
export { loadSampleSource, type SampleSource } from "./source";
export {
  cachedSourceData,
  isTwinSource,
  type CachedSourceData,
  type SourceCacheOptions,
  type SourceCacheUse,
} from "./source-cache";
