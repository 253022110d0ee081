/**
 * Markdown computed in a cell (numbers from lib woven into text), shown as HTML and plain text, and
 * the markdown renderer of the HTML report. TeX between `$…$` / `$$…$$` is rendered by KaTeX to
 * MathML, which browsers draw natively (no stylesheet or fonts needed in notebooks or the report).
 */
import { Marked } from "marked";
import markedKatex from "marked-katex-extension";
import { type MimeBundle, sendBundle } from "./display-sink";

/** Renders markdown (GitHub-flavoured, with TeX math) to HTML, synchronously. */
export function markdownToHtml(md: string): string {
  const marked = new Marked({ gfm: true, async: false });
  // a variable, not a literal: tslab's older module resolution sees these options' type without
  // KaTeX's own fields and would reject the literal's extra properties
  const katexOptions = { output: "mathml", throwOnError: false, nonStandard: true };
  marked.use(markedKatex(katexOptions as Parameters<typeof markedKatex>[0]));
  return marked.parse(md) as string;
}

/** The MIME bundle of a markdown text. Notebook 6 drops untrusted `text/markdown`, so HTML is sent too. */
export function markdownBundle(md: string): MimeBundle {
  return { "text/markdown": md, "text/html": markdownToHtml(md), "text/plain": md };
}

/** Shows markdown text in the notebook. */
export function showMarkdown(md: string): void {
  sendBundle(markdownBundle(md));
}
