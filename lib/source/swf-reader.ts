/**
 * A trace in the Parallel Workloads Archive's Standard Workload Format (`.swf`, `.swf.gz`): a path,
 * or a trace's name looked up in the trace folders (lib/util/project-paths.ts). The machine is
 * the caller's, else what the header states or implies (lib/io/swf-jobs.ts `swfMachine`).
 */
import * as path from "node:path";
import { headerJobCount } from "../io/swf";
import { readSwfCached } from "../io/swf-cache";
import { swfMachine, swfToJobTable } from "../io/swf-jobs";
import { findTrace } from "../io/trace-paths";
import { projectRoot } from "../util/project-paths";
import type { SourceReader } from "./source";

/** The SWF reader. */
export const SWF_READER: SourceReader = {
  kind: "swf",
  reads: "an SWF trace: a .swf or .swf.gz path, or a trace's name in the trace folders",
  claim(text, _resolved, root) {
    const file = findTrace(text, root);
    return file ? { kind: "swf", text, path: file } : undefined;
  },
  read(spec, options) {
    const file = spec.path!;
    const root = options.root ?? projectRoot();
    const { trace } = readSwfCached(file, { root, cache: options.traceCache !== false });
    const given = options.machine && Object.keys(options.machine).length ? options.machine : undefined;
    const machine = swfMachine(trace, given);
    // A log that records no status at all (NASA iPSC: −1 throughout) keeps its "UNKNOWN" jobs.
    const noStatus = trace.columns.status.every((v: number) => v === -1);
    const synthetic = /(^|\/)synthetic\//.test(file) || /lublin/i.test(file);
    return {
      spec,
      description: `SWF trace ${path.basename(file)} (${synthetic ? "a synthetic workload model, not a real log" : "real workload log"}, Parallel Workloads Archive format)${noStatus ? "; it records no job status, so status UNKNOWN is kept" : ""}; machine ${machine.nodes} nodes × ${machine.coresPerNode} cores (${machine.origin})${trace.bom ? "; a UTF-8 byte-order mark was removed" : ""}`,
      synthetic,
      files: [file],
      jobs: swfToJobTable(trace, options.swf),
      machine,
      cleaning: {
        rules: "log",
        file,
        minProcs: machine.nodeSizeStated ? machine.coresPerNode : 1,
        status: noStatus ? "UNKNOWN" : "COMPLETED",
      },
      readLog: [],
      swfJobs: { header: headerJobCount(trace.header), loaded: trace.jobs },
      site: { kind: "swf", trace },
    };
  },
};
