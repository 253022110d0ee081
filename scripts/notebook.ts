/**
 * Authoring aid: convert between the percent script form and .ipynb.
 *   tsx scripts/notebook.ts to-ipynb notebooks/src.ts notebooks/NN-name.ipynb
 *   tsx scripts/notebook.ts to-percent notebooks/NN-name.ipynb  (prints the script)
 *   tsx scripts/notebook.ts clear notebooks/*.ipynb              (strips outputs in place)
 */
import * as fs from "node:fs";
import { clearOutputs, formatNotebook, parseNotebook } from "../workbook/notebook";
import { notebookFromPercent, percentFromNotebook } from "../workbook/percent";

const [cmd, ...args] = process.argv.slice(2);
if (cmd === "to-ipynb" && args.length === 2) {
  fs.writeFileSync(args[1], formatNotebook(notebookFromPercent(fs.readFileSync(args[0], "utf8"), args[0])));
  console.log(`wrote ${args[1]}`);
} else if (cmd === "to-percent" && args.length === 1) {
  process.stdout.write(percentFromNotebook(parseNotebook(fs.readFileSync(args[0], "utf8"), args[0])));
} else if (cmd === "clear" && args.length >= 1) {
  for (const f of args)
    fs.writeFileSync(f, formatNotebook(clearOutputs(parseNotebook(fs.readFileSync(f, "utf8"), f))));
  console.log(`cleared ${args.length} notebook(s)`);
} else {
  console.error(
    "usage: tsx scripts/notebook.ts to-ipynb <script.ts> <out.ipynb> | to-percent <nb.ipynb> | clear <nb.ipynb>...",
  );
  process.exit(2);
}
