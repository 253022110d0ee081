/**
 * npm test: type-check, format check (Prettier), unit tests (vitest), headless execution of every notebook into report/
 * (with static images and HTML), and the browser check of that report. Every step runs; the exit
 * code is non-zero if any failed. The last line is "tests: N passed, M failed, K skipped".
 * Steps that need system packages (Chromium, python3-nbformat) say "skipped" with the install line
 * when those are absent, and fail under CI=true. Checks that start services (Notebook 6,
 * JupyterLab, a local Slurm) are in `npm run check:integration`.
 *   --only <glob>   limit the notebooks (repeatable), as in npm run report
 * SCHEDGAME_TEST_BASELINE=sequential runs everything the plain way (the baseline), for
 * `npm run bench -- test`'s same-run baseline: vitest isolating every file on one worker, one kernel at a time, no
 * twin, trace or PNG cache, tslab compiling lib in each kernel.
 */
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { checkReport, formatPageCheck } from "../workbook/report-check";
import { reportProblems } from "../workbook/report-consistency";
import { parseNotebook } from "../workbook/notebook";
import { findChromium } from "../workbook/static-images";
import { runReport } from "../workbook/report";
import { failureSummary } from "../workbook/runner";
import { kernelRegistry } from "../workbook/kernel-registry";
import { listTraces, traceDirectories } from "../lib/io/trace-paths";

const root = path.resolve(__dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** A command run in the checkout, its stdout and stderr kept in one text, and its exit status. */
function captured(cmd: string, args: string[]): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", (e) => resolve({ status: null, out: `${out}${e.message}\n` }));
    child.on("close", (status) => resolve({ status, out }));
  });
}

async function main(): Promise<number> {
  const baseline = process.env.SCHEDGAME_TEST_BASELINE === "sequential";
  // the unit tests see the environment as given (the baseline's settings are for the notebooks only)
  const unitEnv = { ...process.env };
  if (baseline) {
    process.env.SCHEDGAME_TWIN_CACHE = "off";
    process.env.SCHEDGAME_TRACE_CACHE = "off";
    process.env.SCHEDGAME_PNG_CACHE = "off";
    process.env.SCHEDGAME_KERNEL_LIB = "source";
    console.log(
      "baseline run (SCHEDGAME_TEST_BASELINE=sequential): vitest --isolate on one worker, --jobs 1, no twin, trace or PNG cache, tslab compiles lib",
    );
  }
  const argv = process.argv.slice(2);
  const only = argv.flatMap((a, i) => (argv[i - 1] === "--only" ? [a] : []));
  let passed = 0,
    failed = 0,
    skipped = 0;
  // each step says how long the one before it took (wall clock), so a slow CI run shows where
  let stepStart = 0;
  const stepDone = () => {
    if (stepStart) console.log(`(step took ${((Date.now() - stepStart) / 1000).toFixed(0)} s)`);
    stepStart = Date.now();
  };
  const step = (title: string) => {
    stepDone();
    console.log(`\n=== ${title}`);
  };
  // A check that needs a system package: skipped with the install line on a machine without it,
  // a failure under CI=true (where .ci/run installs it).
  const missing = (what: string, install: string) => {
    if (process.env.CI === "true") {
      failed++;
      console.log(`FAILED: ${what} not installed (${install}); required under CI=true`);
    } else {
      skipped++;
      console.log(`skipped: ${what} not installed (${install})`);
    }
  };

  // the type-check and the format check are single-threaded: both at once, each printed whole when done
  step("type-check (tsc --noEmit) and format (prettier --check; npm run format writes it)");
  const [tsc, fmt] = await Promise.all([
    captured(bin("tsc"), ["--noEmit"]),
    captured(bin("prettier"), ["--check", "--log-level", "warn", "."]),
  ]);
  process.stdout.write(tsc.out);
  tsc.status === 0 ? passed++ : failed++;
  console.log(tsc.status === 0 ? "type-check passed" : "type-check FAILED");
  process.stdout.write(fmt.out);
  fmt.status === 0 ? passed++ : failed++;
  console.log(fmt.status === 0 ? "format check passed" : "format check FAILED: run npm run format");

  step("unit tests (vitest)");
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "schedgame-vitest-")), "results.json");
  const vt = spawnSync(
    bin("vitest"),
    [
      "run",
      ...(baseline ? ["--isolate", "--maxWorkers=1"] : []),
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${json}`,
    ],
    { cwd: root, stdio: "inherit", env: { ...unitEnv, TZ: "UTC" } },
  );
  if (fs.existsSync(json)) {
    const r = JSON.parse(fs.readFileSync(json, "utf8"));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (vt.status !== 0 && r.numFailedTests === 0) failed++; // a suite failed to load or an unhandled error
  } else {
    failed++;
    console.log("vitest wrote no results");
  }

  step("notebooks (headless, into report/)");
  const kernels = kernelRegistry();
  process.on("SIGINT", () => {
    kernels.killAll();
    process.exit(130);
  });
  process.on("exit", kernels.killAll);
  const jobs = baseline ? 1 : Math.max(1, os.availableParallelism());
  const summary = await runReport({
    root,
    only,
    jobs,
    log: (l) => console.log(l),
    onKernel: kernels.onKernel,
  });
  for (const o of summary.outcomes) {
    if (o.failure) {
      failed++;
      console.log(
        `FAILED: notebook ${o.name}.ipynb, cell ${o.failure.cell}: ${failureSummary(o.failure.stderr)}`,
      );
    } else passed++;
  }

  step(
    "executed report: findings hold numbers, one value per quantity, comparisons compare, the index in order",
  );
  {
    const dir = path.join(root, "report", "notebooks");
    const executed = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ipynb"))
      .sort()
      .map((f) => ({
        name: f.replace(/\.ipynb$/, ""),
        nb: parseNotebook(fs.readFileSync(path.join(dir, f), "utf8"), f),
      }));
    const index = path.join(root, "report", "index.html");
    const problems = reportProblems(
      executed,
      fs.existsSync(index) ? fs.readFileSync(index, "utf8") : undefined,
    );
    for (const p of problems) console.log(`✗ ${p.check}: ${p.notebook}: ${p.what}`);
    if (problems.length) failed += problems.length;
    else {
      passed++;
      console.log(`✓ ${executed.length} executed notebooks and the index`);
    }
  }

  step("executed notebooks validate against the nbformat schema (Debian python3-nbformat)");
  const validate = spawnSync(
    "/usr/bin/python3",
    [
      "-c",
      [
        "import sys, glob, nbformat",
        "bad = 0",
        "for f in sorted(glob.glob(sys.argv[1] + '/*.ipynb')):",
        "    try:",
        "        nbformat.validate(nbformat.read(f, as_version=4)); print('valid', f)",
        "    except Exception as e:",
        "        bad += 1; print('INVALID', f, str(e)[:300])",
        "sys.exit(1 if bad else 0)",
      ].join("\n"),
      path.join(root, "report", "notebooks"),
    ],
    { encoding: "utf8" },
  );
  if (validate.error || /No module named/.test(validate.stderr ?? "")) {
    missing("/usr/bin/python3 with nbformat", "apt-get install python3-nbformat");
  } else {
    process.stdout.write(validate.stdout);
    validate.status === 0 ? passed++ : failed++;
  }

  step("notebooks 03 and 04 with SOURCE set to every shared SWF trace");
  const traces = listTraces(root)?.names ?? [];
  const dataNotebooks = ["03-data-experiments", "04-data-jobs"].filter(
    (n) => only.length === 0 || summary.outcomes.some((o) => o.name === n),
  );
  if (traces.length === 0) {
    const msg = `no traces in ${traceDirectories(root).join(", ")} (run 'npm run traces:download' (needs internet) or set SCHEDGAME_TRACES)`;
    if (process.env.CI === "true") {
      failed++;
      console.log(`FAILED: ${msg}; required under CI=true`);
    } else {
      skipped++;
      console.log(`skipped: ${msg}`);
    }
  }
  // The traces run `jobs` at a time (each its own report folder); lines print in trace order.
  const queue = dataNotebooks.length ? traces.slice() : [];
  const lines = new Map<string, { ok: boolean; text: string }[]>();
  await Promise.all(
    Array.from({ length: Math.min(jobs, queue.length) }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const trace: string = next;
        const params = Object.fromEntries(dataNotebooks.map((n) => [n, { SOURCE: trace }]));
        const r = await runReport({
          root,
          only: dataNotebooks,
          params,
          images: false,
          html: false,
          outDir: path.join(root, "report", "trace-runs", trace.replace(/\//g, "_")),
          onKernel: kernels.onKernel,
        });
        // A log whose cleaning keeps (almost) nothing must stop with lib/clean/kept.ts's error naming the
        // step, the field and the fix — that error is the expected outcome, anything else fails.
        const cleaningError = (stderr: string) =>
          /invalid source .*: cleaning kept \d+ of \d+ jobs .*; step "[\w-]+" .* — field: /.test(stderr);
        lines.set(
          trace,
          r.outcomes.map((o) => {
            if (!o.failure)
              return { ok: true, text: `✓ ${o.name} SOURCE="${trace}" (${o.seconds.toFixed(1)} s)` };
            const summary = failureSummary(o.failure.stderr);
            if (cleaningError(o.failure.stderr))
              return {
                ok: true,
                text: `✓ ${o.name} SOURCE="${trace}" stops with the cleaning error naming the cause: ${summary.slice(0, 160)}…`,
              };
            return {
              ok: false,
              text: `✗ ${o.name} SOURCE="${trace}": failed at cell ${o.failure.cell}: ${summary}`,
            };
          }),
        );
      }
    }),
  );
  for (const trace of traces)
    for (const l of lines.get(trace) ?? []) {
      console.log(l.text);
      l.ok ? passed++ : failed++;
    }

  step("notebooks 04 and 10 on Slurm's own accounting (SOURCE = the recorded sacct fixture)");
  const sacctNotebooks = ["04-data-jobs", "10-slurm-simulator"].filter(
    (n) => only.length === 0 || summary.outcomes.some((o) => o.name === n),
  );
  if (sacctNotebooks.length) {
    const sacctSource = "sacct:test/fixtures/slurm/sacct.txt";
    const r = await runReport({
      root,
      only: sacctNotebooks,
      params: Object.fromEntries(sacctNotebooks.map((n) => [n, { SOURCE: sacctSource }])),
      images: false,
      html: false,
      jobs,
      outDir: path.join(root, "report", "trace-runs", "sacct"),
      onKernel: kernels.onKernel,
    });
    for (const o of r.outcomes) {
      if (o.failure) {
        failed++;
        console.log(
          `✗ ${o.name} SOURCE="${sacctSource}": failed at cell ${o.failure.cell}: ${failureSummary(o.failure.stderr)}`,
        );
      } else {
        passed++;
        console.log(`✓ ${o.name} SOURCE="${sacctSource}" (${o.seconds.toFixed(1)} s)`);
      }
    }
  }

  step("notebooks 07–11, 15 and 18 with a rule and a scheduler of your own (EXTRA_RULES, EXTRA_SCHEDULERS)");
  const yours = [
    {
      notebook: "07-main-experiments",
      param: "EXTRA_RULES",
      value: [{ name: "W2", key: "b/w^2" }],
      // the Table 10 and 12 summaries' rows, the per-sample tables' column, the table of payments by
      // rule, Figure 18's trace, the auditor's rows and the value against the optimum
      want: [
        "<td>TV_W2 (yours)</td>",
        "<td>PM_W2 (yours)</td>",
        "TV_W2 (yours)</th>",
        "<td>W2 (yours)</td>",
        "trace W2 (yours)",
        "<td>W2 (yours) + Clarke</td>",
        "<td>W2 (yours) + critical</td>",
        "<caption>W2 (yours) / optimum 1A beside the greedy",
      ],
    },
    {
      notebook: "08-greedy-modified",
      param: "EXTRA_RULES",
      value: [{ name: "W2", key: "b/w^2" }],
      // a summary's row, the per-sample tables' column, the table of payments by rule and the auditor's rows
      want: [
        "<td>PM_W2 (yours)</td>",
        "PM_W2 (yours)</th>",
        "<td>W2 (yours)</td>",
        "<td>W2 (yours) + Clarke</td>",
      ],
    },
    {
      notebook: "09-priority-model",
      param: "EXTRA_RULES",
      value: [{ name: "W2", key: "b/w^2" }],
      // Table 24's summary row, the per-sample tables' column and Figure 20's trace
      want: ["<td>TV_W2 (yours)</td>", "TV_W2 (yours)</th>", "trace W2 (yours)"],
    },
    {
      notebook: "10-slurm-simulator",
      param: "EXTRA_SCHEDULERS",
      value: [{ name: "SJF", base: "easy", priority: "-limit" }],
      // every table and figure that compares schedulers: the Table 28 and 29 summaries, the PoA
      // table, the per-sample tables' columns, Figure 21 and the utilisation figure, the planned-time sweep
      want: [
        "<td>TV, SJF (yours)</td>",
        "<td>PoA, SJF (yours)</td>",
        "<td>the same samples, SJF (yours)</td>",
        "<th>TV, SJF (yours)</th>",
        "<th>PoA, SJF (yours)</th>",
        "<td>planned factor, SJF (yours)</td>",
        "trace SJF (yours)",
        "trace planned factor, SJF (yours)",
      ],
    },
    {
      notebook: "11-cooperation",
      param: "EXTRA_SCHEDULERS",
      value: [{ name: "SJF", base: "easy", priority: "-limit" }],
      // the sweep on the thesis's samples and the budget's first iteration; on a trace, the planned-time
      // sweeps (tables and figure) and the budget comparison
      want: [
        "<caption>The same samples under SJF (yours): first iteration and full schedule per α</caption>",
        ">TV SJF (yours)</th>",
        ...(traces.includes("KTH-SP2-1996-2.1-cln")
          ? [
              "<td>SJF (yours)</td>",
              "KTH-SP2-1996-2.1-cln under SJF (yours): planned times towards the run times</caption>",
              "trace KTH-SP2-1996-2.1-cln under SJF (yours): mean wait",
            ]
          : []),
      ],
    },
    {
      notebook: "18-your-cluster",
      param: "EXTRA_SCHEDULERS",
      value: [{ name: "SJF", base: "easy", priority: "-limit" }],
      // the what-if's tables of your schedulers against Slurm's
      want: [
        "<caption>Your schedulers against Slurm's under your settings, by wait fairness (%)</caption>",
        "<caption>Your schedulers: the whole schedule (change against Slurm's %, outcome)</caption>",
        "<td>SJF (yours)</td>",
      ],
    },
    {
      notebook: "15-real-machines",
      param: "EXTRA_SCHEDULERS",
      value: [{ name: "SJF", base: "easy", priority: "-limit" }],
      // the scheduler comparison's rows (only where a trace is found: else the section is skipped)
      want: traces.includes("KTH-SP2-1996-2.1-cln") ? ["<td>SJF (yours)</td>", "trace SJF (yours)"] : [],
    },
  ].filter((y) => only.length === 0 || summary.outcomes.some((o) => o.name === y.notebook));
  if (yours.length) {
    const outDir = path.join(root, "report", "trace-runs", "yours");
    const r = await runReport({
      root,
      only: yours.map((y) => y.notebook),
      params: Object.fromEntries(yours.map((y) => [y.notebook, { [y.param]: y.value }])),
      images: false,
      html: false,
      jobs,
      outDir,
      onKernel: kernels.onKernel,
    });
    for (const y of yours) {
      const o = r.outcomes.find((x) => x.name === y.notebook);
      const outputs: { data?: Record<string, unknown> }[] =
        o && !o.failure
          ? JSON.parse(
              fs.readFileSync(path.join(outDir, "notebooks", `${o.name}.ipynb`), "utf8"),
            ).cells.flatMap((c: { outputs?: unknown[] }) => c.outputs ?? [])
          : [];
      const shows = (w: string) =>
        w.startsWith("trace ")
          ? outputs.some((x) =>
              (
                (x.data?.["application/vnd.plotly.v1+json"] as { data?: { name?: string }[] })?.data ?? []
              ).some((t) => t.name === w.slice("trace ".length)),
            )
          : outputs.some((x) => String(x.data?.["text/html"] ?? "").includes(w));
      const missing = y.want.filter((w) => !shows(w));
      const what = `${y.notebook} ${y.param}=${JSON.stringify(y.value)}`;
      if (!o || o.failure || missing.length) {
        failed++;
        console.log(
          `✗ ${what}: ${o?.failure ? `failed at cell ${o.failure.cell}: ${failureSummary(o.failure.stderr)}` : `missing ${missing.join(", ")}`}`,
        );
      } else {
        passed++;
        console.log(`✓ ${what}: shown (${o.seconds.toFixed(1)} s)`);
      }
    }
  }

  step("browser check of report/ (headless Chromium)");
  if (!findChromium()) missing("Chromium", "apt-get install chromium, or set CHROMIUM_PATH");
  else
    try {
      for (const r of await checkReport(path.join(root, "report"))) {
        console.log(formatPageCheck(r));
        r.ok ? passed++ : failed++;
      }
    } catch (e) {
      failed++;
      console.log(`browser check FAILED: ${(e as Error).message}`);
    }

  stepDone();
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed ? 1 : 0;
}

main().then(
  (c) => process.exit(c),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
