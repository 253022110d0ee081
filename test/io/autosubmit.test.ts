import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  parseExperimentFile,
  parseJobFile,
  readJobFile,
  writeExperimentFile,
  writeJobFile,
} from "../../lib/io/autosubmit";

const JOB_HEADER =
  "exp_id,exp_name,job_name,type,submit,start,finish,status,wallclock,procs,threads,tasks,queue,platform";
const JOBS = `${JOB_HEADER}\n7,a001,a001_1_SIM,SIM,1000,1060,2260,COMPLETED,00:40,768,1,768,bsc_es,marenostrum4\n7,a001,"a001,2_POST",POST,1000,,,FAILED,,,1,,,local\n`;
const EXPS =
  "id,name,completed,total,user,as.version,created,model,hpc,wrapper,maxwrapper\n1,a001,10,20,u1,3.11.0,2019-05-17 10:00:00,auto-ecearth3,marenostrum4,,\n";

describe("Autosubmit Job File", () => {
  it("parses CSV with quotes and empty (missing) integers", () => {
    const t = parseJobFile(JOBS, "jobs.csv");
    expect(t.numRows()).toBe(2);
    const rows = t.objects() as Record<string, unknown>[];
    expect(rows[0]).toMatchObject({
      exp_id: 7,
      job_name: "a001_1_SIM",
      submit: 1000,
      start: 1060,
      finish: 2260,
      wallclock: "00:40",
      procs: 768,
      queue: "bsc_es",
    });
    expect(rows[1].job_name).toBe("a001,2_POST");
    expect(Number.isNaN(rows[1].procs as number)).toBe(true);
    expect(rows[1].wallclock).toBe("");
  });
  it("parses TSV by extension and loads a file without the optional platform/threads/tasks columns", () => {
    const tsv =
      "exp_id\texp_name\tjob_name\ttype\tsubmit\tstart\tfinish\tstatus\twallclock\tprocs\tqueue\n1\ta\tj\tSIM\t1\t2\t3\tCOMPLETED\t02:00\t48\t\n";
    const t = parseJobFile(tsv, "jobs.tsv");
    expect(t.objects()[0]).toMatchObject({ procs: 48, wallclock: "02:00", queue: "", platform: "" });
  });
  it("names file, line and field for a missing column", () => {
    expect(() => parseJobFile("exp_id,exp_name\n1,a\n", "x.csv")).toThrow(
      /^x\.csv:1: invalid header: .*expected a column named "job_name"/,
    );
  });
  it("names file, line and field for a non-numeric integer", () => {
    const bad = JOBS.replace("768,1,768", "lots,1,768");
    expect(() => parseJobFile(bad, "jobs.csv")).toThrow(
      /^jobs\.csv:2: invalid procs: "lots"; expected an integer or empty$/,
    );
  });
  it("names file and line for a wrong field count", () => {
    expect(() => parseJobFile(`${JOB_HEADER}\n1,2,3\n`, "jobs.csv")).toThrow(
      /^jobs\.csv:2: invalid row: "3 fields"; expected 14 fields as in the header$/,
    );
  });
  it("rejects a malformed wallclock and an unterminated quote", () => {
    expect(() => parseJobFile(JOBS.replace("00:40", "40min"), "j.csv")).toThrow(
      /^j\.csv:2: invalid wallclock: "40min"; expected HH:mm or empty$/,
    );
    expect(() => parseJobFile(`${JOB_HEADER}\n7,"a001\n`, "j.csv")).toThrow(/^j\.csv:2: invalid quoting/);
  });
  it("round-trips through write and read (CSV and TSV)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-io-"));
    const t = parseJobFile(JOBS, "jobs.csv");
    for (const f of ["j.csv", "j.tsv"]) {
      const p = path.join(dir, f);
      writeJobFile(t, p);
      expect(readJobFile(p).objects()).toEqual(t.objects());
    }
  });
});

describe("Autosubmit Experiment File", () => {
  it("parses the Table 6 columns", () => {
    const t = parseExperimentFile(EXPS, "e.csv");
    expect(t.objects()[0]).toMatchObject({
      id: 1,
      name: "a001",
      completed: 10,
      total: 20,
      "as.version": "3.11.0",
      created: "2019-05-17 10:00:00",
      model: "auto-ecearth3",
    });
  });
  it("rejects a bad datetime with file, line and field", () => {
    expect(() => parseExperimentFile(EXPS.replace("2019-05-17 10:00:00", "17/05/2019"), "e.csv")).toThrow(
      /^e\.csv:2: invalid created: "17\/05\/2019"/,
    );
  });
  it("round-trips", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-io-"));
    const t = parseExperimentFile(EXPS, "e.csv");
    writeExperimentFile(t, path.join(dir, "e.tsv"));
    expect(parseExperimentFile(fs.readFileSync(path.join(dir, "e.tsv"), "utf8"), "e.tsv").objects()).toEqual(
      t.objects(),
    );
  });
});

describe("Autosubmit exports in other encodings (one literal fixture per kind)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sg-enc-"));
  it("reads CR-only, CRLF and BOM-prefixed text like LF text", () => {
    const lf = parseJobFile(JOBS, "jobs.csv").objects();
    expect(parseJobFile(JOBS.replace(/\n/g, "\r"), "jobs.csv").objects()).toEqual(lf);
    expect(parseJobFile(JOBS.replace(/\n/g, "\r\n"), "jobs.csv").objects()).toEqual(lf);
    expect(parseJobFile("\uFEFF" + JOBS, "jobs.csv").objects()).toEqual(lf);
  });
  it("reads .csv.gz and .tsv.gz (and gzip by its magic bytes whatever the name)", () => {
    fs.writeFileSync(path.join(dir, "jobs.csv.gz"), zlib.gzipSync(JOBS));
    expect(readJobFile(path.join(dir, "jobs.csv.gz")).numRows()).toBe(2);
    fs.writeFileSync(
      path.join(dir, "jobs.tsv.gz"),
      zlib.gzipSync(JOBS.replace(/,/g, "\t").replace('"a001\t2_POST"', "a001,2_POST")),
    );
    expect(readJobFile(path.join(dir, "jobs.tsv.gz")).numRows()).toBe(2);
    fs.writeFileSync(path.join(dir, "renamed.csv"), zlib.gzipSync(JOBS));
    expect(readJobFile(path.join(dir, "renamed.csv")).numRows()).toBe(2);
  });
  it("names the file for a broken gzip instead of printing its bytes", () => {
    fs.writeFileSync(path.join(dir, "broken.csv.gz"), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    expect(() => readJobFile(path.join(dir, "broken.csv.gz"))).toThrow(
      /broken\.csv\.gz: invalid gzip: .*; expected a gzip-compressed Autosubmit export$/,
    );
  });
});
