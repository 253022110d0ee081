import { readSwf } from "./lib/io/swf";
import { swfMachine } from "./lib/io/swf-jobs";
import { createScheduler } from "./lib/sim/create-scheduler";
import { simulate } from "./lib/sim/engine";
import { jobsFromSwf } from "./lib/sim/swf-workload";
import { sharedTrace, sharedTraceNames } from "./test/shared-traces";
import { scheduleHash } from "./test/sim/schedule-hash";
for (const trace of sharedTraceNames()) {
  const swf = readSwf(sharedTrace(trace)!);
  const m = swfMachine(swf);
  const { jobs } = jobsFromSwf(swf, { nodes: m.nodes, coresPerNode: m.coresPerNode });
  for (const n of jobs.length > 50000 ? [50000, "all" as const] : ["all" as const]) {
    const part = n === "all" ? jobs : jobs.slice(0, n);
    const r = simulate(part, { nodes: m.nodes, coresPerNode: m.coresPerNode, scheduler: createScheduler({ name: "slurm", placement: "nodes" }) });
    console.log(JSON.stringify([trace, n, scheduleHash(r)]));
  }
}
