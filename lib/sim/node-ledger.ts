/**
 * The engine's record of which nodes each job ran on, for schedulers that place jobs on named
 * nodes (the node-level Slurm scheduler): checks each placement (the job's size, no node held by
 * another running job) and keeps each job's node list as sacct prints it (`n[1-3,5]`).
 */
import { invariantViolated } from "../util/errors";
import type { SimJob } from "./job";
import { NodeSet } from "./node-set";

/** Node placements of one simulation run. */
export class NodeLedger {
  /** Per job index: compressed hostlist, or null when the job did not start on named nodes. */
  readonly lists: (string | null)[];
  private readonly held: (NodeSet | undefined)[];
  private busy: NodeSet | undefined;
  private readonly clusterNodes: number;

  /**
   * @param jobs number of jobs
   * @param clusterNodes cluster size W, nodes
   */
  constructor(jobs: number, clusterNodes: number) {
    this.lists = new Array<string | null>(jobs).fill(null);
    this.held = new Array<NodeSet | undefined>(jobs);
    this.clusterNodes = clusterNodes;
  }

  /**
   * Records that job `j` starts on `nodes`; throws when the placement is impossible (a busy node,
   * unless jobs share nodes).
   */
  start(j: number, job: SimJob, nodes: NodeSet, shared = false): void {
    if (!(nodes instanceof NodeSet) || nodes.size !== this.clusterNodes)
      throw invariantViolated(
        `job ${job.id} started on a node set that is not one over the cluster's ${this.clusterNodes} nodes`,
      );
    const busy = (this.busy ??= new NodeSet(this.clusterNodes));
    const c = nodes.count();
    if (c !== job.nodes)
      throw invariantViolated(
        `job ${job.id} needing ${job.nodes} nodes started on ${c} (${nodes.toHostlist()})`,
      );
    if (!shared && !busy.disjoint(nodes))
      throw invariantViolated(
        `job ${job.id} started on ${nodes.toHostlist()}, of which ${nodes.clone().and(busy).toHostlist()} are busy`,
      );
    if (!shared) busy.or(nodes);
    this.held[j] = nodes;
    this.lists[j] = nodes.toHostlist();
  }

  /** Records that job `j` ended: its nodes are free again. */
  end(j: number): void {
    const h = this.held[j];
    if (!h) return;
    this.busy!.andNot(h);
    this.held[j] = undefined;
  }
}
