/**
 * Thesis Section 2's set-up as data: the Figure 1 hierarchy (as described in Section 2.1.1) and the
 * readers that turn Table 2's weight names into {@link PriorityWeights}.
 */
import { invalidField } from "../util/errors";
import type { AssociationRow } from "./associations";
import type { PriorityWeights } from "./multifactor";
import type { ReferenceRecord } from "../io/reference-csv";

/**
 * Figure 1's hierarchy: root → bsc, prace, res; bsc → bsc_es, bsc_ls, bsc_cs; bsc_es → bsc30, bsc32;
 * bsc30 → bsc3090, bsc3092; bsc32 → bsc3285, bsc3288, bsc3200. The thesis gives shares and usage only
 * for the bsc_es sub-tree (Table 1); elsewhere shares are 1 and usage 0 (structure only).
 */
export const FIGURE1_ROWS: readonly AssociationRow[] = Object.freeze([
  { entity: "bsc", parent: "root", kind: "account", shares: 1 },
  { entity: "prace", parent: "root", kind: "account", shares: 1 },
  { entity: "res", parent: "root", kind: "account", shares: 1 },
  { entity: "bsc_es", parent: "bsc", kind: "account", shares: 1 },
  { entity: "bsc_ls", parent: "bsc", kind: "account", shares: 1 },
  { entity: "bsc_cs", parent: "bsc", kind: "account", shares: 1 },
  { entity: "bsc30", parent: "bsc_es", kind: "account", shares: 3 },
  { entity: "bsc3090", parent: "bsc30", kind: "user", shares: 1, usage: 500 },
  { entity: "bsc3092", parent: "bsc30", kind: "user", shares: 1, usage: 1000 },
  { entity: "bsc32", parent: "bsc_es", kind: "account", shares: 5 },
  { entity: "bsc3285", parent: "bsc32", kind: "user", shares: 2, usage: 3000 },
  { entity: "bsc3288", parent: "bsc32", kind: "user", shares: 1, usage: 3000 },
  { entity: "bsc3200", parent: "bsc32", kind: "user", shares: 1, usage: 3000 },
] as AssociationRow[]);

const WEIGHT_NAMES: Record<string, keyof PriorityWeights> = {
  PriorityAgeWeight: "age",
  PriorityWeightAge: "age",
  PrioritySizeWeight: "jobSize",
  PriorityWeightJobSize: "jobSize",
  PriorityFairshareWeight: "fairShare",
  PriorityWeightFairshare: "fairShare",
  PriorityQoS: "qos",
  PriorityWeightQOS: "qos",
  PriorityWeightPartition: "partition",
};

/**
 * Weights from Table 2's form (`weight,value` rows named PriorityAgeWeight, PrioritySizeWeight,
 * PriorityFairshareWeight, PriorityQoS, or Slurm's PriorityWeight… names). Missing weights are 0.
 */
export function weightsFromRecords(records: readonly ReferenceRecord[], file = "<weights>"): PriorityWeights {
  const w: PriorityWeights = { age: 0, jobSize: 0, fairShare: 0, qos: 0, partition: 0 };
  for (const { values, line } of records) {
    const key = WEIGHT_NAMES[values.weight];
    if (!key) throw invalidField(file, line, "weight", values.weight, Object.keys(WEIGHT_NAMES).join(", "));
    const v = Number(values.value);
    if (values.value === "" || !Number.isInteger(v) || v < 0 || v > 4294967295)
      throw invalidField(file, line, "value", values.value, "an integer in [0, 2^32 − 1]");
    w[key] = v;
  }
  return w;
}
