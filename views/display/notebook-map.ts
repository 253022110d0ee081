/**
 * The map of schedgame's notebooks to the sections of the seed documents they reproduce, grouped
 * into the parts of the thesis: notebook 00's table and the report's index both read it.
 */

/**
 * The parts of the thesis the notebooks are grouped by, in reading order, which is also the
 * notebooks' file order (each part holds a run of consecutive notebooks, so grouping never reorders
 * them: test/views/display/notebook-map.test.ts); "Other" comes last.
 */
export const NOTEBOOK_PARTS = Object.freeze([
  "The workbook",
  "Background: Slurm priority and scheduling (§2–3)",
  "Data (§4)",
  "Games and mechanisms (§5)",
  "Experiments (§6.1–6.4)",
  "Cooperation and conclusions (§6.5, §7–8)",
  "Companion papers",
  "Beyond the thesis",
  "Scorecard",
  "Appendix",
  "Your own cluster",
] as const);

/** One part of {@link NOTEBOOK_PARTS}. */
export type NotebookPart = (typeof NOTEBOOK_PARTS)[number];

/** The group of notebooks that no map entry names. */
export const OTHER_PART = "Other";

/** One notebook of the workbook. */
export interface NotebookMapEntry {
  /** File name without extension. */
  notebook: string;
  /** The part of the thesis it belongs to. */
  part: NotebookPart;
  /** Seed document: "thesis" (003), "operators" (001), "level-based" (002), "auctions" (004), or "workbook". */
  seed: string;
  /** The document and sections it reproduces, as the map shows them. */
  sections: string;
  /** What it shows. */
  content: string;
  /**
   * Notebooks that must finish before this one starts when the report runs notebooks in parallel
   * (this one reads the results files they write). Defaults to none.
   */
  after?: readonly string[];
  /**
   * True for a notebook whose cells run for tens of seconds on a fresh clone: the report starts it
   * before the others, so a parallel run does not end on it alone. Defaults to false.
   */
  long?: boolean;
}

/** The notebooks, in file order. */
export const NOTEBOOK_MAP: readonly NotebookMapEntry[] = Object.freeze([
  {
    notebook: "00-workbook",
    part: "The workbook",
    seed: "workbook",
    sections: "—",
    content: "what the workbook is, on what data, how to tweak a notebook and use your own logs; this map",
  },
  {
    notebook: "01-slurm-priority",
    part: "Background: Slurm priority and scheduling (§2–3)",
    seed: "thesis + level-based",
    sections: "thesis §2; LEVEL_BASED post (seed 002)",
    content: "association tree, Fair Tree, classic and LEVEL_BASED fair share, multifactor priority, QoS",
  },
  {
    notebook: "02-scheduling-analysis",
    part: "Background: Slurm priority and scheduling (§2–3)",
    seed: "thesis",
    sections: "thesis §3",
    content: "the formal model: blocking, backfill, BF_MOD vs BF_UNMOD, time-limit accuracy",
  },
  {
    notebook: "03-data-experiments",
    part: "Data (§4)",
    seed: "thesis",
    sections: "thesis §4.4.1",
    content: "Autosubmit experiment filters, Figures 2–8, Table 8",
  },
  {
    notebook: "04-data-jobs",
    part: "Data (§4)",
    seed: "thesis",
    sections: "thesis §4.4.2",
    content: "Tables 6–7, job filters, Figures 9–15 and 22, Table 9",
  },
  {
    notebook: "05-games-and-mechanisms",
    part: "Games and mechanisms (§5)",
    seed: "thesis",
    sections: "thesis §5",
    content: "game theory and mechanism design, each with a computed example",
  },
  {
    notebook: "06-sampling",
    part: "Experiments (§6.1–6.4)",
    seed: "thesis",
    sections: "thesis §6.1, Appendix C",
    content: "samples 0–20 and their distributions",
  },
  {
    notebook: "07-main-experiments",
    part: "Experiments (§6.1–6.4)",
    seed: "thesis",
    sections: "thesis §6.3.1",
    content: "the knapsack-auction experiments: Tables 10–18, Figures 18–19",
  },
  {
    notebook: "08-greedy-modified",
    part: "Experiments (§6.1–6.4)",
    seed: "thesis",
    sections: "thesis §6.3.2",
    content: "the modified greedy allocation: Tables 19–23",
  },
  {
    notebook: "09-priority-model",
    part: "Experiments (§6.1–6.4)",
    seed: "thesis",
    sections: "thesis §6.3.3",
    content: "the priority model: Tables 24–27, Figure 20",
  },
  {
    notebook: "10-slurm-simulator",
    part: "Experiments (§6.1–6.4)",
    seed: "thesis",
    sections: "thesis §6.3.4–6.4",
    content: "Slurm-like simulator, Tables 28–29, Figure 21, Price of Anarchy",
  },
  {
    notebook: "11-cooperation",
    part: "Cooperation and conclusions (§6.5, §7–8)",
    seed: "thesis",
    sections: "thesis §6.5, §7, §8",
    content:
      "planned-time accuracy, the budget scheduler, coalitions, players who pay less, worst deviations, conclusions checked",
  },
  {
    notebook: "12-priority-operators",
    part: "Companion papers",
    seed: "operators",
    sections: "priority-operators paper (seed 001), whole",
    content: "seven operators, resolution, densities, job sizes, Fig. 17",
  },
  {
    notebook: "14-sequential-auctions",
    part: "Companion papers",
    seed: "auctions",
    sections: "sequential-auctions paper (seed 004), §3–5",
    content: "proportional share, generalized Vickrey, fair share, evolved bidders",
  },
  {
    notebook: "15-real-machines",
    part: "Beyond the thesis",
    seed: "thesis",
    sections: "thesis §8 (first item), on real logs",
    content:
      "the whole pipeline on every shared real trace: findings × machines, what moves the PoA, schedulers on traces, node or count placement",
  },
  {
    notebook: "16-scorecard",
    part: "Scorecard",
    seed: "thesis",
    sections: "thesis Tables 8–29, Figures 2–22",
    content:
      "reproduction scorecard: thesis vs ours, the outcome of one rule per row, the open question first",
  },
  {
    notebook: "17-appendix",
    part: "Appendix",
    seed: "workbook",
    sections: "—",
    content:
      "the twin's input facts and versions, the counterfactual experiments, results files, cleaning logs, the SWF mapping",
    long: true,
  },
  {
    notebook: "18-your-cluster",
    part: "Your own cluster",
    seed: "thesis",
    sections: "thesis §2–3, §6.3.4 on your own cluster",
    content:
      "your Slurm export: how each account fared, a replay of your settings with a fidelity gate, a what-if grid of priority and backfill settings, explainers, the chosen setting as a slurm.conf diff",
    long: true,
  },
]);

/** One group of {@link groupNotebooks}: a part and its notebooks in file order. */
export interface NotebookGroup {
  /** A part of {@link NOTEBOOK_PARTS}, or {@link OTHER_PART}. */
  part: string;
  /** Its notebooks: the name and, when the map has it, its entry. */
  notebooks: { name: string; entry?: NotebookMapEntry }[];
}

/**
 * Groups notebook names by part: the parts in {@link NOTEBOOK_PARTS} order (empty ones left out),
 * the names in the order given; a name the map lacks goes to the last group, {@link OTHER_PART}.
 * Every name appears exactly once.
 * @param names notebook names without extension
 * @param map the map. Defaults to {@link NOTEBOOK_MAP}.
 * @throws `invalid notebook names: …` when a name repeats
 */
export function groupNotebooks(
  names: readonly string[],
  map: readonly NotebookMapEntry[] = NOTEBOOK_MAP,
): NotebookGroup[] {
  const repeated = names.filter((n, i) => names.indexOf(n) !== i);
  if (repeated.length)
    throw new Error(`invalid notebook names: ${repeated.join(", ")} repeated; expected each once`);
  const byName = new Map(map.map((e) => [e.notebook, e]));
  const parts: string[] = [...NOTEBOOK_PARTS, OTHER_PART];
  return parts
    .map((part) => ({
      part,
      notebooks: names
        .filter((n) => (byName.get(n)?.part ?? OTHER_PART) === part)
        .map((n) => ({ name: n, entry: byName.get(n) })),
    }))
    .filter((g) => g.notebooks.length > 0);
}

/**
 * Every notebook of the map as display rows grouped by part (the part named on its first row):
 * `{ part, notebook, reproduces, shows }`.
 */
export function notebookMapRows(
  map: readonly NotebookMapEntry[] = NOTEBOOK_MAP,
): { part: string; notebook: string; reproduces: string; shows: string }[] {
  return groupNotebooks(
    map.map((e) => e.notebook),
    map,
  ).flatMap((g) =>
    g.notebooks.map(({ name, entry }, i) => ({
      part: i === 0 ? g.part : "",
      notebook: name,
      reproduces: entry?.sections ?? "—",
      shows: entry?.content ?? "",
    })),
  );
}
