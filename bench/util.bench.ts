/**
 * lib/util/stats.ts against mathjs on large typed arrays (why stats.ts keeps its own loops): mean,
 * sample sd and a type-7 quantile of 10^5 and 10^6 values, ours vs mathjs (which needs a plain
 * Array copy and dispatches every element through typed-function). Ratio = ours / mathjs.
 */
import { mean as mathMean, quantileSeq, std as mathStd } from "mathjs";
import { mean, quantileSorted, sampleSd } from "../lib/util/stats";
import { createRng } from "../lib/util/rng";
import { type BenchRow, timeMs } from "./harness";

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const n of [100_000, 1_000_000]) {
    const rng = createRng(`stats-${n}`);
    const x = Float64Array.from({ length: n }, () => rng.next() * 1000);
    const sorted = Float64Array.from(x).sort();
    const cases: [string, () => unknown, () => unknown][] = [
      ["mean", () => mean(x), () => mathMean(Array.from(x))],
      ["sample sd", () => sampleSd(x), () => mathStd(Array.from(x))],
      [
        "quantile p=0.37 (sorted)",
        () => quantileSorted(sorted, 0.37),
        () => quantileSeq(Array.from(sorted), 0.37, true),
      ],
    ];
    for (const [name, ours, theirs] of cases) {
      const b = await timeMs(theirs, 2);
      const a = await timeMs(ours, 2);
      rows.push({
        name: `stats ${name}, n=${n}`,
        value: a,
        unit: "ms",
        baseline: { name: "mathjs", value: b },
        note: "same definition (test/util/stats.test.ts); lower is better",
      });
    }
  }
  return rows;
}
