/** The map of schedgame's notebooks to the sections of the seed documents they reproduce. */

/** One notebook of the workbook. */
export interface NotebookMapEntry {
  /** File name without extension. */
  notebook: string;
  /** Seed document: "thesis" (003), "operators" (001), "level-based" (002), "auctions" (004), or "workbook". */
  seed: string;
  /** The sections it reproduces. */
  sections: string;
  /** What it shows. */
  content: string;
  /**
   * Notebooks that must finish before this one starts when the report runs notebooks in parallel
   * (this one reads the results files they write). Defaults to none.
   */
  after?: readonly string[];
}

/** The notebooks, in reading order. */
export const NOTEBOOK_MAP: readonly NotebookMapEntry[] = Object.freeze([
  {
    notebook: "00-workbook",
    seed: "workbook",
    sections: "—",
    content: "how the workbook works; environment; a proof-of-chain table and figure",
  },
  {
    notebook: "01-slurm-priority",
    seed: "thesis + level-based",
    sections: "2; LEVEL_BASED post",
    content: "association tree, Fair Tree, classic and LEVEL_BASED fair share, multifactor priority, QoS",
  },
  {
    notebook: "02-scheduling-analysis",
    seed: "thesis",
    sections: "3",
    content: "the formal model: blocking, backfill, BF_MOD vs BF_UNMOD, time-limit accuracy",
  },
  {
    notebook: "03-data-experiments",
    seed: "thesis",
    sections: "4.4.1",
    content: "Autosubmit experiment filters, Figures 2–8, Table 8",
  },
  {
    notebook: "04-data-jobs",
    seed: "thesis",
    sections: "4.4.2",
    content: "job filters, Figures 9–15 and 22, Table 9",
  },
  {
    notebook: "05-games-and-mechanisms",
    seed: "thesis",
    sections: "5",
    content: "game theory and mechanism design, each with a computed example",
  },
  {
    notebook: "06-sampling",
    seed: "thesis",
    sections: "6.1, App. C",
    content: "samples 0–20 and their distributions",
  },
  {
    notebook: "07-main-experiments",
    seed: "thesis",
    sections: "6.3.1",
    content: "Tables 10–18, Figures 18–19",
  },
  { notebook: "08-greedy-modified", seed: "thesis", sections: "6.3.2", content: "Tables 19–23" },
  { notebook: "09-priority-model", seed: "thesis", sections: "6.3.3", content: "Tables 24–27, Figure 20" },
  {
    notebook: "10-slurm-simulator",
    seed: "thesis",
    sections: "6.3.4–6.4",
    content: "Slurm-like simulator, Tables 28–29, Figure 21, Price of Anarchy",
  },
  {
    notebook: "11-cooperation",
    seed: "thesis",
    sections: "6.5, 7, 8",
    content:
      "planned-time accuracy, the budget scheduler, coalitions, players who pay less, worst deviations, conclusions checked",
  },
  {
    notebook: "12-priority-operators",
    seed: "operators",
    sections: "all",
    content: "seven operators, resolution, densities, job sizes, Fig. 17",
  },
  {
    notebook: "14-sequential-auctions",
    seed: "auctions",
    sections: "3–5",
    content: "proportional share, generalized Vickrey, fair share, evolved bidders",
  },
  {
    notebook: "15-real-machines",
    seed: "thesis",
    sections: "8 (first item)",
    content: "the whole pipeline on every shared trace: findings × machines, what moves the PoA",
  },
  {
    notebook: "16-scorecard",
    seed: "thesis",
    sections: "Tables 8–29, Figures 2–22",
    content: "reproduction scorecard: thesis vs ours with a computed verdict per row",
  },
]);
