/** How a notebook says it read a committed study table (data/studies/) and how to recompute it. */

/** How to recompute a committed study table: run its study, copy its merged rows and stamp over the committed files. */
export function studyRefreshText(study: string, file: string): string {
  const name = study.replace(/^.*\//, "").replace(/\.json$/, "");
  return (
    `\`npm run study -- ${study} --workers 2\` then copy \`data/generated/studies/${name}/merged.jsonl\` to ` +
    `\`${file}\` and its \`stamp.json\` to \`${file.replace(/\.jsonl$/, "")}.stamp.json\``
  );
}
