/**
 * The sentences of notebook 01 (markdown), each built from a {@link PriorityWalkthrough}: its
 * findings, the shares and usage of Table 1, where our Fair Tree differs from the thesis's worked
 * example, exact Level FS, usage decay, the job-priority example, and the comparisons of the
 * fair-share algorithms.
 */
import { group, percent } from "../display/format";
import type { FairShareResult } from "../../lib/slurm/fair-tree";
import type { LevelBasedResult } from "../../lib/slurm/level-based";
import type { PriorityWalkthrough } from "./priority-walkthrough";
import { sshareCheckText } from "./sshare-check";
import { orderAgreement } from "./tables";

/** Notebook 01's sentences (markdown). */
export interface WalkthroughText {
  findings: string;
  shares: string;
  differ: string;
  exact: string;
  decay: string;
  priority: string;
  scale: string;
  reading: string;
  randomCaption: string;
  sshareCaption: string;
  /** Title of the decay figure. */
  decayTitle: string;
  /** Which cluster dumps were read, or that none was. */
  cluster: string;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The sentences of notebook 01 from its walkthrough. */
export function walkthroughText(w: PriorityWalkthrough): WalkthroughText {
  const agree = w.random.others.map((r) => ({ r, ...orderAgreement(w.random.slurm, r) }));
  const check = w.cluster.sshareCheck;
  const sshareCaption = check && w.cluster.sshare ? sshareCheckText(w.cluster.sshare, check) : "";
  const text = {
    shares: sharesText(w),
    differ: differText(w),
    exact: exactText(w),
    decay: decayText(w),
    priority: priorityText(w),
    scale: scaleText(w),
    reading: readingText(w, agree),
    randomCaption:
      `Random tree (seed ${String(w.options.randomSeed)}): ${w.random.tree.users.length} users, ` +
      `${w.random.tree.order.length - w.random.tree.users.length - 1} accounts`,
    sshareCaption,
    decayTitle: decayTitle(w),
    cluster: clusterText(w),
  };
  const { agreed, total } = publishedAgreement(w);
  const diffs = levelFsDiffs(w);
  const top = topPriority(w);
  const levelBasedAgree = agree.find(
    (a) => a.r.algorithm.startsWith("level-based") && !/no interp/.test(a.r.algorithm),
  );
  const classic = agree.find((a) => a.r.algorithm.startsWith("classic"));
  const findings = [
    "**Findings**:",
    `- Fair Tree on Table 1: ${agreed} of the ${total} fair-share factors the thesis prints agree exactly; ` +
      (diffs.length === 0
        ? "every published Level FS matches ours."
        : `the published Level FS of ${diffs.map((r) => r.entity).join(", ")} differs from ours (below).`),
    `- ${text.shares}`,
    `- Job priority under Table 2's weights: job ${top.id} ranks first with ${group(top.priority, 0)} points; ` +
      `fair share moves a job by at most ${group(w.weights.fairShare, 0)} points, QoS by up to ${group(w.weights.qos, 0)}.`,
    `- On a random tree of ${w.random.tree.users.length} users, the share of user pairs ordered as Fair Tree ` +
      `(slurm) orders them: ${agree.map((a) => `${a.r.algorithm} ${group(a.agreement, 3)}`).join(", ")}` +
      (levelBasedAgree && classic
        ? ` — LEVEL_BASED's interpolation of shares and classic fair share's effective usage reverse ` +
          `${group(levelBasedAgree.discordant, 0)} and ${group(classic.discordant, 0)} of ${group(classic.concordant + classic.discordant, 0)} pairs.`
        : "."),
    sshareCaption ? `- ${sshareCaption}` : "",
  ];
  return { ...text, findings: findings.filter((s) => s !== "").join("\n") };
}

function publishedAgreement(w: PriorityWalkthrough): { agreed: number; total: number } {
  const total = w.published.filter((r) => r.values.fairshare !== "").length;
  const agreed = w.worked.filter((r) => r["|Δ fairshare|"] === 0).length;
  return { agreed, total };
}

// worked-example rows whose Level FS differs from the thesis's by more than its printed precision
function levelFsDiffs(w: PriorityWalkthrough) {
  return w.worked.filter((r) => typeof r["|Δ level_fs|"] === "number" && r["|Δ level_fs|"] > 0.0005);
}

function sharesText(w: PriorityWalkthrough): string {
  const rootName = w.tree.root;
  const kids = [...w.norm.values()].filter((n) => w.tree.nodes.get(n.name)?.parent === rootName);
  const parts = kids.map(
    (n) =>
      `${n.name} holds **${percent(n.levelShares, { space: true, grouped: true })}** of the shares and has used **${percent(n.levelUsage, { space: true, grouped: true })}** of the usage`,
  );
  const served = [...kids].sort((a, b) => a.levelUsage / a.levelShares - b.levelUsage / b.levelShares);
  const thesis =
    rootName === "bsc_es" && w.norm.has("bsc30") && w.norm.has("bsc32")
      ? ` (the thesis: 37.5 % and 62.5 % of the shares; bsc32 "around 86 %" of the usage)`
      : "";
  const under =
    served.length > 1 ? ` ${served[0].name} is the most under-served account (lowest usage per share).` : "";
  return `Under ${rootName}: ${parts.join("; ")}${thesis}.${under}`;
}

function differText(w: PriorityWalkthrough): string {
  const diffs = levelFsDiffs(w).map((r) => {
    const [pub, ours] = [Number(r["level_fs (thesis)"]), Number(r["level_fs (ours)"])];
    const digits = (x: number) => x.toFixed(3).replace(".", "").split("").sort().join("");
    const transposed =
      digits(pub) === digits(ours) ? ": the same digits in another order, a transposition" : "";
    return `for ${r.entity} the thesis prints Level FS = ${pub}, its own formula gives **${ours.toFixed(4)}** (|Δ| = ${Math.abs(pub - ours).toFixed(3)})${transposed}`;
  });
  const { agreed, total } = publishedAgreement(w);
  const head = diffs.length
    ? `**Where we differ.** ${capitalise(diffs.join("; "))}. ${agreed} of the ${total} published fair-share factors agree exactly, so the ordering is unaffected${agreed === total ? "" : " except where they differ"}.`
    : `**No difference.** Every published Level FS matches ours; ${agreed} of the ${total} published fair-share factors agree exactly.`;
  const ties = w.exactLevelFs.filter((r) => r["ties with"] !== "" && w.tree.users.includes(r.entity.trim()));
  if (ties.length < 2) return head;
  const names = ties.map((r) => r.entity.trim());
  const thesisFactor = (n: string) =>
    w.worked.find((r) => r.entity === n)?.["fairshare (ours)"] ?? w.fairTree.factors.get(n);
  return (
    `${head}\n\n**Ties.** ${names.join(" and ")} have the same Level FS (${ties[0]["Level FS (exact)"]}). The thesis ` +
    `"breaks ties arbitrarily" (input order here): ${names.map((n) => `${n} gets ${thesisFactor(n)}`).join(", ")}. ` +
    `Slurm's code gives tied users the same rank: with \`variant: "slurm"\` they get ` +
    `${names.map((n) => `**${w.slurmFairTree.factors.get(n)}**`).join(" and ")}. Other Slurm details ` +
    `(\`variant: "slurm"\`): zero shares give Level FS 0 (the thesis's Algorithm 2 checks U = 0 first and would ` +
    `give ∞), and on equal Level FS users sort before accounts.`
  );
}

function exactText(w: PriorityWalkthrough): string {
  const rows = w.exactLevelFs;
  const exact = rows.filter((r) => r["float is exact"]).length;
  const ties = rows.filter((r) => r["ties with"] !== "").map((r) => r.entity.trim());
  return (
    `${exact} of ${rows.length} float Level FS values are the double nearest the exact fraction (the others ` +
    `differ from it in the last bits); exact ties: ${ties.join(", ") || "none"}.`
  );
}

function decayText(w: PriorityWalkthrough): string {
  const job = w.options.timelineJob;
  const mine = w.timeline.filter((r) => r.user === job.association);
  const drop = mine.find((r) => r.factor < mine[0].factor);
  return (
    `${job.association}'s factor first drops on day ${drop ? group(drop.day, 0) : "— (never, in this run)"}. Decay ` +
    `multiplies every association's usage by the same factor, so on its own it never changes Fair Tree's order ` +
    `(S/U ratios among siblings are unchanged); only new usage does. That is why the order stays put after the job ` +
    `ends on day ${group(job.end / 86400, 0)}, while the absolute usage keeps halving every ${group(w.options.halfLifeDays, 0)} days.`
  );
}

function topPriority(w: PriorityWalkthrough) {
  return w.priorities.reduce((a, b) => (b.priority > a.priority ? b : a));
}

function priorityText(w: PriorityWalkthrough): string {
  const top = topPriority(w);
  const { age, jobSize, fairShare, qos } = w.weights;
  const order = (a: number, b: number) => {
    const n = Math.round(Math.log10(a / b));
    return n === 1
      ? "one order of magnitude"
      : n === 2
        ? "two orders of magnitude"
        : `${group(n, 0)} orders of magnitude`;
  };
  return (
    `With Table 2's weights the QoS term (up to ${group(qos, 0)} points) dominates: job ${top.id} ranks first with ` +
    `priority ${group(top.priority, 0)}. Age and size come next (up to ${group(age, 0)} and ${group(jobSize, 0)}), and fair share ` +
    `can move a job by at most ${group(fairShare, 0)} points: ${order(Math.max(age, jobSize), fairShare)} below age ` +
    `and size, ${order(qos, fairShare)} below QoS, as Section 2.2 says.`
  );
}

function scaleText(w: PriorityWalkthrough): string {
  const lb = w.results.find((r): r is LevelBasedResult => "collisions" in r);
  const classic = w.results.find((r) => r.algorithm.startsWith("classic"));
  const top = (r: FairShareResult | undefined) => (r ? (r.factors.get(r.ranking[0]) ?? NaN) : NaN);
  return (
    `The orders agree wherever the table above shows agreement 1 (pairs tied in either algorithm are left out). ` +
    `They differ in scale: Fair Tree gives rank/n (top user 1), LEVEL_BASED rank/count with the top at ` +
    `(count−1)/count = ${group(top(lb), 3)}, and classic gives raw 2^(−U/S) values (top ${group(top(classic), 3)}) ` +
    `that depend on the size of the tree.`
  );
}

function readingText(
  w: PriorityWalkthrough,
  agree: { r: FairShareResult; agreement: number; concordant: number; discordant: number }[],
): string {
  const parts = agree.map((a) => {
    const collisions = "collisions" in a.r ? `, ${group(Number(a.r.collisions), 0)} bucket collisions` : "";
    return `${a.r.algorithm}: **${group(a.agreement, 3)}** (${group(a.discordant, 0)} of ${group(a.concordant + a.discordant, 0)} pairs reversed${collisions})`;
  });
  return (
    `**Reading the comparison.** On this tree of ${w.random.tree.users.length} users, the agreement with Fair Tree ` +
    `(slurm) is ${parts.join("; ")}. Fair Tree and LEVEL_BASED without interpolation order users by the same ` +
    `per-level quantity (S/U, or its monotone transform 2^(−U/S)) lexicographically along the path, so they agree ` +
    `wherever no two siblings fall into the same bucket (a property test in \`test/slurm/level-based.test.ts\` checks ` +
    `this on random trees). The interpolation to [0.1, 1] changes the per-level order (a sibling with S = 0.9, ` +
    `U = 0.8 beats one with S = U = 0.1 under Fair Tree, but not after interpolation). Classic fair share mixes a ` +
    `user's usage with its account's (the effective-usage recursion) and is not lexicographic, so a user of an ` +
    `under-served account can fall below users of an over-served one.`
  );
}

function decayTitle(w: PriorityWalkthrough): string {
  const job = w.options.timelineJob;
  return (
    `Own usage per user (half-life ${group(w.options.halfLifeDays, 0)} days; ${job.association} runs ` +
    `${group(job.cpus, 0)} CPU until day ${group(job.end / 86400, 0)})`
  );
}

function clusterText(w: PriorityWalkthrough): string {
  const { sshareFile, sprioFile } = w.options;
  const read = (file: string, got: boolean) =>
    file === "" ? 'left out ("")' : got ? `read from \`${file}\`` : `not found (\`${file}\`)`;
  return (
    `sshare dump: ${read(sshareFile, w.cluster.sshare !== undefined)}; ` +
    `sprio dump: ${read(sprioFile, w.cluster.sprio !== undefined)}.`
  );
}
