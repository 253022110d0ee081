/** Slurm hostlists, the compressed node lists sacct prints in NodeList and slurmctld logs. */

/**
 * The node names of a Slurm hostlist: `n[1-3,5],m7` → n1, n2, n3, n5, m7; a range keeps its
 * zero padding (`c[08-10]` → c08, c09, c10); "None assigned" (a job that never ran) → none.
 */
export function expandHostlist(list: string): string[] {
  const out: string[] = [];
  for (const m of list.trim().matchAll(/([^,[\]]+)(?:\[([^\]]+)\])?/g)) {
    const prefix = m[1];
    if (!m[2]) {
      if (prefix !== "None assigned") out.push(prefix);
      continue;
    }
    for (const part of m[2].split(",")) {
      const r = /^(\d+)(?:-(\d+))?$/.exec(part);
      if (!r) continue;
      const width = r[1].length;
      for (let k = Number(r[1]); k <= Number(r[2] ?? r[1]); k++)
        out.push(prefix + String(k).padStart(width, "0"));
    }
  }
  return out;
}
