/**
 * The SWF header: `; Key: value` comment lines (MaxNodes, MaxProcs, UnixStartTime, MaxJobs,
 * MaxRecords, `Queue:`/`Partition:` name tables, and the "(N jobs removed)" notes of cleaned logs),
 * and the job count a header states.
 */

/** What the header says (every value optional: headers may be stripped). */
export interface SwfHeader {
  /** Every `; Key: value` line, last one wins, keys as written. */
  fields: Record<string, string>;
  /** MaxNodes (leading integer). */
  maxNodes?: number;
  /** MaxProcs (leading integer). */
  maxProcs?: number;
  /** UnixStartTime, epoch seconds of submit time 0. */
  unixStartTime?: number;
  /** MaxJobs. */
  maxJobs?: number;
  /** MaxRecords. */
  maxRecords?: number;
  /** Queue number → name (`; Queue: 3 normal`); "" when unnamed. */
  queues: Map<number, string>;
  /** Partition number → name. */
  partitions: Map<number, string>;
  /** Sum of the "(N jobs removed)" notes of a cleaned log. */
  jobsRemoved: number;
}

/**
 * The job count a header states, or undefined without one: MaxRecords when it is below MaxJobs
 * (the archive already counted the removed jobs), otherwise MaxRecords (or MaxJobs) minus the jobs the
 * "cleaned version" notes list as removed.
 */
export function headerJobCount(h: SwfHeader): number | undefined {
  const records = h.maxRecords ?? h.maxJobs;
  if (records === undefined) return undefined;
  if (h.maxJobs !== undefined && h.maxRecords !== undefined && h.maxRecords < h.maxJobs) return h.maxRecords;
  return records - h.jobsRemoved;
}

/** A header with nothing in it (a log whose header was stripped). */
export function emptySwfHeader(): SwfHeader {
  return { fields: {}, queues: new Map(), partitions: new Map(), jobsRemoved: 0 };
}

const LEADING_INT = /^-?\d+/;

/** Adds one header comment line (without its leading `;`) to the header. */
export function parseHeaderLine(h: SwfHeader, body: string): void {
  const m = /^\s*([A-Za-z][\w ]*?)\s*:\s*(.*)$/.exec(body);
  const removed = /\((\d+) jobs? removed\)/.exec(body);
  if (removed) h.jobsRemoved += Number(removed[1]);
  if (!m) return;
  const key = m[1];
  const value = m[2].trim();
  h.fields[key] = value;
  const int = () => {
    const t = LEADING_INT.exec(value);
    return t ? Number(t[0]) : undefined;
  };
  if (key === "MaxNodes") h.maxNodes = int();
  else if (key === "MaxProcs") h.maxProcs = int();
  else if (key === "UnixStartTime") h.unixStartTime = int();
  else if (key === "MaxJobs") h.maxJobs = int();
  else if (key === "MaxRecords") h.maxRecords = int();
  else if (key === "Queue" || key === "Partition") {
    const q = /^(-?\d+)\s*(.*)$/.exec(value);
    if (q) (key === "Queue" ? h.queues : h.partitions).set(Number(q[1]), q[2].trim());
  }
}
