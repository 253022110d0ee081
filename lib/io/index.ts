export { type JobRecord, type Machine, MARENOSTRUM4 } from "./job-record";
export { traceDirectories, findTrace, requireTrace } from "./trace-paths";
export {
  type ColumnSpec,
  type ColumnType,
  type Columns,
  type Delimiter,
  delimiterFor,
  parseDelimited,
  formatDelimited,
} from "./delimited";
export {
  type ReferenceCsv,
  type ReferenceRecord,
  type ReferenceNumberOptions,
  parseReferenceCsv,
  readReferenceCsv,
  referenceNumber,
} from "./reference-csv";
export {
  EXPERIMENT_COLUMNS,
  JOB_COLUMNS,
  EXPERIMENT_COLUMN_NAMES,
  JOB_COLUMN_NAMES,
  parseExperimentFile,
  parseJobFile,
  readExperimentFile,
  readJobFile,
  formatExperimentFile,
  formatJobFile,
  writeExperimentFile,
  writeJobFile,
  wallclockMinutes,
} from "./autosubmit";
export {
  SWF_FIELDS,
  type SwfField,
  type SwfHeader,
  type SwfTrace,
  headerJobCount,
  parseSwf,
  readSwf,
  readSwfSync,
  formatSwf,
} from "./swf";
export { type SwfCacheOptions, type CachedSwf, readSwfCached } from "./swf-cache";
export { encodeSwfTrace, decodeSwfTrace } from "./swf-codec";
export { type SwfMappingOptions, type SwfMachine, SWF_MAPPING, swfToJobTable, swfMachine } from "./swf-jobs";
export {
  type SacctCounts,
  type SacctDump,
  type SacctMachine,
  slurmDuration,
  slurmTime,
  expandNodeList,
  parseSacct,
  readSacct,
  sacctMachine,
} from "./sacct";
export { type SprioRecord, parseSprio } from "./sprio";
export { encodeTable, decodeTable } from "./table-codec";
export { readJsonLines } from "./json-lines";
