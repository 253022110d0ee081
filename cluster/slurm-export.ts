/**
 * A real run of the export script of docs/your-data.md (lib/io/slurm-exports.ts's
 * `SLURM_EXPORT_SCRIPT`) on a local Slurm with accounting, after jobs that show sacct's quirks: an
 * array throttled to two tasks at a time, a heterogeneous job, a job whose name and submit line hold
 * `|`, a job spread one CPU per node over two nodes, a failing job, a job that hits its limit, and a
 * job cancelled while it waited for nodes (it never started). Besides the script's files it records
 * the same jobs as sacct writes them in other shapes: with SubmitLine and WorkDir (free text
 * holding `|`), `--parsable` (a trailing `|`), TAB-delimited, `--noheader`, and the default
 * fixed-width table. Used by scripts/record-slurm-export.ts (the fixtures in
 * test/fixtures/slurm/export/) and test/integration/slurm-export.test.ts.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { SACCT_EXPORT_COLUMNS, SACCT_EXPORT_COMMAND, SLURM_EXPORT_SCRIPT } from "../lib/io/slurm-exports";
import { startRecordingSlurm } from "./slurm-dumps";

/** The extra sacct shapes recorded beside the script's files: file name → sacct arguments after `sacct`. */
export const SACCT_VARIANTS: Readonly<Record<string, string>> = Object.freeze({
  "sacct-submitline.txt": `--allusers --parsable2 --starttime=now-365days --endtime=now --format=JobID,JobName,State,Submit,Start,End,Elapsed,Timelimit,NNodes,AllocCPUS,NodeList,SubmitLine,WorkDir`,
  "sacct-parsable.txt": SACCT_EXPORT_COMMAND.replace("--parsable2", "--parsable").replace(/^sacct /, ""),
  "sacct-tab.txt": `${SACCT_EXPORT_COMMAND.replace(/^sacct /, "")} --delimiter=$'\\t'`,
  "sacct-noheader.txt": `${SACCT_EXPORT_COMMAND.replace(/^sacct /, "")} --noheader`,
  "sacct-fixed.txt": "--allusers --starttime=now-365days --endtime=now",
});

/** The recorded files (name → content) and Slurm's version line. */
export interface SlurmExportRecording {
  files: Record<string, string>;
  version: string;
}

/**
 * Runs the jobs and the export on a fresh 2-node local Slurm (a few minutes: the job over its limit
 * needs its minute).
 * @throws when a daemon does not start or a command fails (with its output)
 */
export async function recordSlurmExport(): Promise<SlurmExportRecording> {
  const c = await startRecordingSlurm({
    SchedulerParameters: "bf_interval=5,bf_continue,default_queue_depth=50",
  });
  try {
    const sbatch = (args: string[]) => c.sbatch(args);
    await sbatch(["--account=physics", "--array=0-3%2", "--time=1", "--wrap", "sleep 2"]);
    await sbatch(["--account=chem", "-J", "env|grep", "--time=2", "--wrap", "env | grep SLURM | sort"]);
    await sbatch(["--account=chem", "--time=2", "-n", "1", ":", "-n", "2", "--wrap", "sleep 3"]);
    await sbatch(["--account=physics", "--time=2", "-N", "2", "-n", "2", "--wrap", "sleep 2"]);
    await sbatch(["--account=chem", "--time=2", "--mem=1M", "--wrap", "exit 3"]);
    await sbatch(["--account=physics", "--time=1", "--wrap", "sleep 300"]); // hits its 1-minute limit
    // A job that waits for both nodes while others run, cancelled before it starts.
    const waiting = await sbatch([
      "--account=chem",
      "--time=2",
      "-N",
      "2",
      "--exclusive",
      "--wrap",
      "sleep 1",
    ]);
    await new Promise((r) => setTimeout(r, 2000));
    await c.run("scancel", [waiting]);
    await c.waitIdle(240_000);
    await new Promise((r) => setTimeout(r, 3000)); // let slurmdbd receive the last records
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slurm-export-"));
    const script = await c.run("bash", ["-c", SLURM_EXPORT_SCRIPT], { cwd: dir, timeoutMs: 60_000 });
    if (script.status !== 0) throw new Error(`the export script failed: ${script.stderr}`);
    const out = path.join(dir, "slurm-export");
    const files: Record<string, string> = {};
    for (const f of fs.readdirSync(out).sort()) files[f] = fs.readFileSync(path.join(out, f), "utf8");
    // the private cluster's state folder (a fresh temp folder) is written as <state>, as the site recordings do
    files["config.txt"] = files["config.txt"].split(c.dir).join("<state>");
    for (const [name, args] of Object.entries(SACCT_VARIANTS)) {
      const r = await c.run("bash", ["-c", `sacct ${args}`], { cwd: dir });
      if (r.status !== 0) throw new Error(`sacct ${args}: ${r.stderr}`);
      // WorkDir holds the same folder: written as /state, still an absolute path as sacct prints it
      files[name] = r.stdout.split(c.dir).join("/state");
    }
    fs.rmSync(dir, { recursive: true, force: true });
    const version = await c.run("sinfo", ["-V"]);
    if (!files["sacct.txt"]?.includes(SACCT_EXPORT_COLUMNS.join("|")))
      throw new Error(`sacct.txt lacks the export's header: ${files["sacct.txt"]?.slice(0, 200)}`);
    return { files, version: version.stdout.trim() };
  } finally {
    await c.stop();
  }
}
