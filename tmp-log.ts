import { TRES_TIMINGS, readTresLog, tresAgreement, tresAgreementTable } from "./cluster/tres-check";
import { loadSite } from "./lib/site/site-model";
const dir = process.argv[2];
const site = loadSite(dir);
const log = readTresLog(dir);
const rows = TRES_TIMINGS.map((t) => tresAgreement(site, t, log));
console.log(tresAgreementTable(rows));
