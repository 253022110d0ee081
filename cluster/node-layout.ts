/**
 * The nodes and partitions of a private localhost Slurm cluster: groups of alike nodes (CPUs, memory,
 * GPUs, features, weight), named n1..nN in group order, and partitions over them. cluster/slurm-conf.ts
 * writes one `NodeName` line per group and one `PartitionName` line per partition, and `gresConf` the
 * gres.conf of the GPUs, whose device files the caller creates (`gpuFiles`).
 */
import { expandHostlist } from "../lib/io/hostlist";
import { invalidArgument } from "../lib/util/errors";

/** A group of alike nodes (one `NodeName` line, so one config record in slurmctld). */
export interface NodeGroup {
  /** Nodes in the group; they take the next names n(k+1)..n(k+count). */
  count: number;
  /** CPUs per node (`CPUs=`). */
  cpus: number;
  /** Memory per node, MiB (`RealMemory=`). Defaults to none written (Slurm's 1 MiB). */
  realMemoryMiB?: number;
  /** GPUs per node (`Gres=gpu:N`, and a gres.conf line). Defaults to 0. */
  gpus?: number;
  /** Features (`Features=a,b`). Defaults to none. */
  features?: readonly string[];
  /** Scheduling weight (`Weight=`; Slurm allocates lower weights first). Defaults to none written (Slurm's 1). */
  weight?: number;
}

/** A partition (`PartitionName` line). */
export interface PartitionSpec {
  /** Name (letters, digits, `_`, `-`). */
  name: string;
  /** Its nodes as a Slurm hostlist of the layout's names, e.g. `n[5-6]`. */
  nodes: string;
  /** Whether it is the default partition (exactly one is). Defaults to false. */
  default?: boolean;
}

/** The nodes and partitions of a local cluster. */
export interface NodeLayout {
  groups: readonly NodeGroup[];
  partitions: readonly PartitionSpec[];
}

/** Hostlist of n<first>..n<last>: `n3` or `n[3-4]`. */
export function nodeSpan(first: number, last: number): string {
  if (!Number.isInteger(first) || first < 1 || !Number.isInteger(last) || last < first)
    throw invalidArgument("node span", [first, last], "integers 1 <= first <= last");
  return first === last ? `n${first}` : `n[${first}-${last}]`;
}

/** The layout of N alike nodes of `cpus` CPUs in one default partition `debug` (the harness's usual cluster). */
export function uniformLayout(nodes: number, cpus: number): NodeLayout {
  return {
    groups: [{ count: nodes, cpus }],
    partitions: [{ name: "debug", nodes: nodeSpan(1, nodes), default: true }],
  };
}

/** Node count of a layout. */
export function layoutNodeCount(layout: NodeLayout): number {
  return layout.groups.reduce((s, g) => s + g.count, 0);
}

/** Each group's hostlist (in group order) and its node names. */
export function groupNodes(layout: NodeLayout): { hostlist: string; names: string[] }[] {
  let next = 1;
  return layout.groups.map((g) => {
    const first = next;
    next += g.count;
    return {
      hostlist: nodeSpan(first, next - 1),
      names: Array.from({ length: g.count }, (_, i) => `n${first + i}`),
    };
  });
}

const positive = (v: unknown, max: number) =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;

/**
 * Checks a layout: groups of 1..256 nodes of 1..1024 CPUs, memory 1..2^31 MiB, 0..64 GPUs, features
 * of letters, digits, `_` and `-`, weight 0..2^31; partitions of distinct names whose hostlists name
 * only the layout's nodes, exactly one default.
 * @throws `invalid layout.groups[k].<field>: …` or `invalid layout.partitions[k].<field>: …`
 */
export function checkLayout(layout: NodeLayout): void {
  if (!layout || !Array.isArray(layout.groups) || layout.groups.length === 0)
    throw invalidArgument("layout.groups", layout?.groups, "at least one node group");
  for (const [k, g] of layout.groups.entries()) {
    const at = `layout.groups[${k}]`;
    if (!positive(g.count, 256)) throw invalidArgument(`${at}.count`, g.count, "an integer in 1..256");
    if (!positive(g.cpus, 1024)) throw invalidArgument(`${at}.cpus`, g.cpus, "an integer in 1..1024");
    if (g.realMemoryMiB !== undefined && !positive(g.realMemoryMiB, 2 ** 31))
      throw invalidArgument(`${at}.realMemoryMiB`, g.realMemoryMiB, "MiB, an integer in 1..2^31");
    if (g.gpus !== undefined && !(Number.isInteger(g.gpus) && g.gpus >= 0 && g.gpus <= 64))
      throw invalidArgument(`${at}.gpus`, g.gpus, "an integer in 0..64");
    for (const f of g.features ?? [])
      if (!/^[A-Za-z0-9_-]+$/.test(f)) throw invalidArgument(`${at}.features`, f, "letters, digits, _ and -");
    if (g.weight !== undefined && !(Number.isInteger(g.weight) && g.weight >= 0 && g.weight < 2 ** 31))
      throw invalidArgument(`${at}.weight`, g.weight, "an integer in 0..2^31-1");
  }
  const n = layoutNodeCount(layout);
  if (n > 256) throw invalidArgument("layout node count", n, "at most 256 nodes");
  const parts = layout.partitions;
  if (!Array.isArray(parts) || parts.length === 0)
    throw invalidArgument("layout.partitions", parts, "at least one partition");
  const names = new Set<string>();
  for (const [k, p] of parts.entries()) {
    const at = `layout.partitions[${k}]`;
    if (!/^[A-Za-z0-9_-]+$/.test(p.name ?? "") || names.has(p.name))
      throw invalidArgument(`${at}.name`, p.name, "a distinct name of letters, digits, _ and -");
    names.add(p.name);
    const listed = typeof p.nodes === "string" ? expandHostlist(p.nodes) : [];
    const bad = listed.filter((x) => !/^n\d+$/.test(x) || Number(x.slice(1)) < 1 || Number(x.slice(1)) > n);
    if (listed.length === 0 || bad.length > 0 || /\s/.test(p.nodes))
      throw invalidArgument(`${at}.nodes`, p.nodes, `a hostlist of the layout's nodes n1..n${n}`);
  }
  const defaults = parts.filter((p) => p.default === true).length;
  if (defaults !== 1)
    throw invalidArgument("layout.partitions", `${defaults} defaults`, "exactly one default partition");
}

/**
 * The `NodeName` lines (one per group; `ports` are the slurmd ports of n1..nN) and the
 * `PartitionName` lines of a checked layout.
 */
export function layoutLines(layout: NodeLayout, ports: readonly number[]): string[] {
  let next = 0;
  const nodeLines = groupNodes(layout).map(({ hostlist }, k) => {
    const g = layout.groups[k];
    const own = ports.slice(next, (next += g.count));
    const port = own.length === 1 ? String(own[0]) : `[${own.join(",")}]`;
    const extra = [
      g.realMemoryMiB !== undefined ? `RealMemory=${g.realMemoryMiB}` : "",
      g.features?.length ? `Features=${g.features.join(",")}` : "",
      g.gpus ? `Gres=gpu:${g.gpus}` : "",
      g.weight !== undefined ? `Weight=${g.weight}` : "",
    ].filter((x) => x !== "");
    return [
      `NodeName=${hostlist} NodeHostname=localhost NodeAddr=127.0.0.1 Port=${port} CPUs=${g.cpus}`,
      ...extra,
      "State=UNKNOWN",
    ].join(" ");
  });
  const partitionLines = layout.partitions.map(
    (p) =>
      `PartitionName=${p.name} Nodes=${p.nodes}${p.default ? " Default=YES" : ""} MaxTime=INFINITE State=UP`,
  );
  return [...nodeLines, ...partitionLines];
}

/** Whether any node of the layout has GPUs (then slurm.conf says `GresTypes=gpu` and gres.conf is written). */
export function layoutHasGpus(layout: NodeLayout): boolean {
  return layout.groups.some((g) => (g.gpus ?? 0) > 0);
}

/** The fake GPU device files of a group of `gpus` GPUs under `deviceDir`: gpu0, gpu1, … (shared by the group's nodes; the caller makes them character devices). */
export function gpuFiles(deviceDir: string, gpus: number): string[] {
  return Array.from({ length: gpus }, (_, k) => `${deviceDir}/gpu${k}`);
}

/**
 * The gres.conf of a layout's GPUs: one `NodeName=<group> Name=gpu File=<deviceDir>/gpu[0-N]` line
 * per group with GPUs; "" when no node has GPUs. slurmd 22.05 needs a File for a GPU: it drops a
 * file-less one from what it registers (gres.c gres_g_node_config_load → _find_fileless_gres), and
 * slurmctld then drains the node (gres/gpu count reported lower than configured). A file must be a
 * character or block device (gres_common.c _set_gres_device_desc logs an error for a regular file)
 * and exist when slurmstepd starts (gres.c _my_stat); nothing opens it, and nothing binds a job to
 * a device under TaskPlugin=task/none. The caller creates the files of `gpuFiles` (cluster/local-slurm.ts:
 * character devices with /dev/null's numbers).
 * @param deviceDir absolute folder of the fake device files (under the cluster's state folder)
 */
export function gresConf(layout: NodeLayout, deviceDir: string): string {
  checkLayout(layout);
  if (!/^\/[A-Za-z0-9_./-]*$/.test(deviceDir))
    throw invalidArgument("deviceDir", deviceDir, "an absolute path of letters, digits, _ . / -");
  const lines = groupNodes(layout)
    .map(({ hostlist }, k) => ({ hostlist, gpus: layout.groups[k].gpus ?? 0 }))
    .filter((g) => g.gpus > 0)
    .map(
      (g) =>
        `NodeName=${g.hostlist} Name=gpu File=${deviceDir}/gpu${g.gpus === 1 ? "0" : `[0-${g.gpus - 1}]`}`,
    );
  return lines.length ? lines.join("\n") + "\n" : "";
}
