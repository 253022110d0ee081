/**
 * The calibrated synthetic twin of the thesis's Autosubmit files, generated in memory (lib/twin):
 * `"twin"` or `"twin:<seed>"` (joint shape v2), `"twin-v1"` … `"twin-v5"` with an optional
 * `:<seed>` (lib/twin/joint.ts says what each version changes). The machine is MareNostrum4's.
 */
import { MARENOSTRUM4 } from "../io/job-record";
import { readThesisSection4 } from "../io/thesis-section4";
import { TWIN_DESCRIPTIONS, type TwinVersion } from "../twin/joint";
import { generateTwinCached } from "../twin/twin-cache";
import { projectPaths, projectRoot } from "../util/project-paths";
import type { SourceReader, SourceSpec } from "./source";

/** Why the twin's job ids need no duplicate check (test/twin/twin.test.ts checks it on the generated twin). */
export const TWIN_IDS_UNIQUE = "the twin's job ids are unique by construction (checked by test/twin)";

/** The twin's spec of a text ("twin", "twin-v4:7", …), or undefined for any other text. */
export function twinSpec(text: string): SourceSpec | undefined {
  const m = /^twin(?:-v([1-5]))?(?::(.+))?$/.exec(text);
  if (!m) return undefined;
  const version = (m[1] === undefined ? 2 : Number(m[1])) as TwinVersion;
  const seed = m[2] === undefined ? 1 : /^\d+$/.test(m[2]) ? Number(m[2]) : m[2];
  return { kind: "twin", text, twin: { version, seed } };
}

/** The text of the twin of `version` drawn with the same seed as twin source `spec` (its seed written as `spec`'s text writes it). */
export function twinText(spec: SourceSpec, version: TwinVersion): string {
  const seed = /:(.+)$/.exec(spec.text)?.[1];
  return `twin${version === 2 ? "" : `-v${version}`}${seed === undefined ? "" : `:${seed}`}`;
}

/** The twin's reader. */
export const TWIN_READER: SourceReader = {
  kind: "twin",
  reads: '"twin", "twin:<seed>", "twin-v1" … "twin-v5" (the calibrated synthetic twin)',
  claim: (text) => twinSpec(text),
  read(spec, options) {
    const root = options.root ?? projectRoot();
    const { version, seed: own } = spec.twin!;
    const seed = options.seed ?? own;
    const ref = readThesisSection4(projectPaths(root).thesisReference);
    const { twin } = generateTwinCached(
      seed,
      ref,
      { jobs: !options.experimentsOnly, version },
      options.twinCache === false ? false : { root },
    );
    return {
      spec,
      description: `synthetic twin v${version} (seed ${String(seed)}) calibrated to the thesis's published statistics${TWIN_DESCRIPTIONS[version]} — not real data`,
      synthetic: true,
      files: [],
      experiments: twin.experiments,
      jobs: twin.jobs,
      machine: { ...MARENOSTRUM4, ...options.machine },
      cleaning: { rules: "autosubmit", idsUniqueBecause: TWIN_IDS_UNIQUE },
      readLog: [],
      experimentsOnly: options.experimentsOnly,
    };
  },
};
