/** A literal site for the explainers' tests: jobs given by hand on a small machine, Slurm 22.05's settings otherwise. */
import type { SiteJob } from "../../lib/site/site-jobs";
import type { SiteModel } from "../../lib/site/site";
import { type SettingsChange, applySettingsChange, siteSettings } from "../../lib/site/site-settings";
import { siteTree } from "../../lib/site/site-tree";

/** A job: times in seconds, one CPU per node unless given. */
export function job(
  p: Partial<SiteJob> & Pick<SiteJob, "id" | "eligible" | "start" | "end" | "nodes">,
): SiteJob {
  return {
    jobNumber: Number(p.id.replace(/\D/g, "")) || 0,
    arrayTask: NaN,
    user: "u",
    account: "a",
    partition: "p",
    qos: "normal",
    state: "COMPLETED",
    submit: p.eligible,
    limit: 3600,
    cpus: p.nodes,
    nodeList: "",
    gpus: 0,
    reqCpus: p.cpus ?? p.nodes,
    reqMemMiB: 0,
    reqGpus: 0,
    constraint: "",
    licenses: 0,
    line: 1,
    ...p,
  };
}

/** A site of these jobs on `nodes` nodes (1 core each), its settings Slurm 22.05's with `change`. */
export function literalSite(jobs: SiteJob[], nodes: number, change: SettingsChange = {}): SiteModel {
  return {
    source: "literal",
    jobs,
    dropped: [],
    changed: [],
    machine: { nodes, coresPerNode: 1, origin: "literal", model: "whole nodes" },
    tree: siteTree({}, jobs),
    settings: applySettingsChange(siteSettings(), change),
    hasFlags: jobs.some((j) => j.startedBy !== undefined),
    configValues: {},
    partitionNodes: {},
    limitedAssociations: [],
    notes: [],
  };
}
