/**
 * A schedule's fingerprint for identity checks across rewrites: SHA-256 over one line per job in
 * input order — index, id, start time (seconds) and node list (sacct's NodeList; empty without
 * node placement) — so two runs hash equal exactly when every job starts at the same instant on
 * the same nodes.
 */
import { createHash } from "node:crypto";
import type { SimResult } from "../../lib/sim/engine";

/** The SHA-256 (hex) of every job's start time and node list. */
export function scheduleHash(r: Pick<SimResult, "jobs" | "start" | "nodeLists">): string {
  const h = createHash("sha256");
  r.jobs.forEach((j, i) => h.update(`${i}\t${j.id}\t${r.start[i]}\t${r.nodeLists[i] ?? ""}\n`));
  return h.digest("hex");
}
