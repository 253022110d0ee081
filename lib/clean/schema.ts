/**
 * Tables 6 and 7 of the thesis: the fields of the Autosubmit Experiment File and Job File, read
 * from `data/reference/thesis/table06-07-schema.md`, with the cleaning step that reads each field
 * (lib/clean/experiments.ts and lib/clean/jobs.ts; a field left blank is carried but never read).
 */
import * as path from "node:path";
import { readReferenceMarkdown } from "../io/reference-markdown";
import { invalidArgument, invalidField } from "../util/errors";
import { keyword } from "../util/options";
import { projectRoot } from "../util/project-paths";

/** Which cleaning step reads each field (step ids as in the cleaning log). */
const FIELD_USES: Record<"experiments" | "jobs", Readonly<Record<string, string>>> = {
  experiments: {
    id: "experiment (the jobs of valid experiments, by exp_id)",
    name: "test-name (no t0… tests)",
    completed: "completed-share (≥ 10 % of total)",
    total: "completed-share",
    created: "Figures 3–8 (month of creation)",
    model: "model-empty, models (Table 8)",
    hpc: "hpc (MareNostrum only)",
    wrapper: "wrapper (no vertical wrappers)",
  },
  jobs: {
    exp_id: "experiment (valid experiments only)",
    type: "Figure 9 (type)",
    submit: "submit (> 0); qtime = (start − submit)/60",
    start: "derive: qtime, rtime",
    finish: "derive: rtime = (finish − start)/60",
    status: "status (COMPLETED only)",
    wallclock: "fix-wallclock (empty → Table 9); derive: minutes",
    procs: "procs-present, procs-min (≥ one node); derive: nprocs, nnodes",
    queue: "fix-queue (empty → bsc_es); queue (no debug queues); Table 9",
  },
};

const CAPTIONS = { experiments: /\(Table 6\)/, jobs: /\(Table 7\)/ } as const;

/**
 * Table 6 (`file = "experiments"`) or Table 7 (`"jobs"`): the thesis's field, type and
 * description, and the cleaning step that reads the field ("" for a field never read).
 * @param dir the folder of the thesis's reference files. Defaults to `data/reference/thesis`.
 * @throws `invalid file: …` for another file name; `<md file>:<line>: invalid …` for a malformed
 *   table or a missing Table 6/7 caption
 */
export function thesisSchema(
  file: "experiments" | "jobs",
  dir = path.join(projectRoot(), "data", "reference", "thesis"),
): { field: string; type: string; description: string; readBy: string }[] {
  keyword(file, "file", ["experiments", "jobs"]);
  const name = path.join(dir, "table06-07-schema.md");
  const table = readReferenceMarkdown(name).find((t) => t.comments.some((c) => CAPTIONS[file].test(c)));
  if (!table)
    throw invalidField(
      name,
      1,
      "caption",
      "",
      `a table captioned "… (Table ${file === "experiments" ? 6 : 7})"`,
    );
  for (const c of ["field", "type", "description"])
    if (!table.columns.includes(c))
      throw invalidArgument(`columns of ${name}`, table.columns, "field, type, description");
  return table.records.map(({ values }) => ({
    field: values.field,
    type: values.type,
    description: values.description,
    readBy: FIELD_USES[file][values.field] ?? "",
  }));
}
