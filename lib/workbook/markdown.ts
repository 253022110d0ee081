/** Markdown computed in a cell (numbers from lib woven into text), shown as HTML and plain text. */
import { marked } from "marked";
import { sendBundle } from "./display-sink";
import type { MimeBundle } from "./notebook";

/** Renders markdown to HTML (GitHub-flavoured, synchronous). */
export function markdownToHtml(md: string): string {
  return marked.parse(md, { async: false, gfm: true }) as string;
}

/** The MIME bundle of a markdown text. Notebook 6 drops untrusted `text/markdown`, so HTML is sent too. */
export function markdownBundle(md: string): MimeBundle {
  return { "text/markdown": md, "text/html": markdownToHtml(md), "text/plain": md };
}

/** Shows markdown text in the notebook. */
export function showMarkdown(md: string): void {
  sendBundle(markdownBundle(md));
}
