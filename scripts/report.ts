/**
 * npm run report [-- options]: executes the notebooks headlessly and writes report/.
 *   --only <glob>                 run only matching notebooks (repeatable), e.g. --only '01-*'
 *   --param <nb>:<name>=<JSON>    set a parameter (repeatable), e.g. --param 01-slurm-priority:SEED=7
 *   --out <dir>                   output folder (default report)
 *   --notebooks <dir>             notebook folder (default notebooks)
 *   --no-images / --no-html       skip static PNGs / HTML pages
 *   --timeout <seconds>           per-cell limit (default 600)
 *   --jobs <n>                    kernels at once (default: the machine's cores); notebooks wait for those
 *                                 they read results from (NOTEBOOK_MAP's "after")
 *   --verbose                     also log kernel process ids and per-cell times
 * The index lists every notebook with an executed copy in <out>/notebooks, so a run of some notebooks
 * keeps the others' last run in it.
 * Exits 1 when any notebook failed (naming notebook, cell and its stderr), 2 for bad options.
 */
import * as os from "node:os";
import * as path from "node:path";
import { kernelRegistry } from "../workbook/kernel-registry";
import { type ParameterValue, parseParamArg } from "../workbook/parameters";
import { runReport } from "../workbook/report";
import { failureSummary } from "../workbook/runner";

export async function main(argv: string[]): Promise<number> {
  const only: string[] = [];
  const params: Record<string, Record<string, ParameterValue>> = {};
  let outDir = "report",
    notebooksDir = "notebooks",
    images = true,
    html = true,
    timeout = 600,
    verbose = false;
  let jobs = Math.max(1, os.availableParallelism());
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`invalid ${a}: missing value`);
      return argv[++i];
    };
    if (a === "--only") only.push(next());
    else if (a === "--param") {
      const p = parseParamArg(next());
      (params[p.notebook] ??= {})[p.name] = p.value;
    } else if (a === "--out") outDir = next();
    else if (a === "--notebooks") notebooksDir = next();
    else if (a === "--no-images") images = false;
    else if (a === "--no-html") html = false;
    else if (a === "--timeout") {
      timeout = Number(next());
      if (!(timeout > 0)) throw new Error(`invalid --timeout: ${argv[i]}; expected seconds > 0`);
    } else if (a === "--jobs") {
      jobs = Number(next());
      if (!(Number.isInteger(jobs) && jobs >= 1))
        throw new Error(`invalid --jobs: ${argv[i]}; expected a whole number >= 1`);
    } else if (a === "--verbose") verbose = true;
    else throw new Error(`invalid option: ${a}; see the header of scripts/report.ts`);
  }
  const kernels = kernelRegistry();
  const killAll = kernels.killAll;
  const onSignal = (sig: NodeJS.Signals) => {
    console.error(`\n${sig}: stopping kernels`);
    killAll();
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  process.on("exit", killAll);
  const root = process.cwd();
  const summary = await runReport({
    root,
    outDir: path.resolve(root, outDir),
    notebooksDir: path.resolve(root, notebooksDir),
    only,
    params,
    images,
    html,
    jobs,
    cellTimeoutSeconds: timeout,
    log: (l) => console.log(l),
    onKernel: (k, s) => {
      if (verbose) console.log(`  kernel pid ${k.pid} ${s}`);
      kernels.onKernel(k, s);
    },
    onCell: verbose
      ? (c) => console.log(`  cell ${c.cell}: ${c.status} (${(c.ms / 1000).toFixed(2)} s)`)
      : undefined,
  });
  const failed = summary.outcomes.filter((o) => o.failure);
  for (const f of failed)
    console.error(
      `FAILED: notebook ${f.name}.ipynb, cell ${f.failure!.cell}: ${failureSummary(f.failure!.stderr)}`,
    );
  console.log(`notebooks: ${summary.outcomes.length - failed.length} passed, ${failed.length} failed`);
  return failed.length ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error((e as Error).message);
      process.exit(2);
    },
  );
}
