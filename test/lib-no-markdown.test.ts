/**
 * lib returns data: no string it builds holds markdown — bold (`**x`), italics (`*word*`), a table
 * rule (`|---`) or a bullet at a line's start. What turns lib's data into tables and sentences lives
 * in views/. Read from each lib file's string and template literals (TypeScript's parser: comments
 * aside); the readers of markdown reference files name the lines they read and are exempt.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "./ts-files";

const root = path.resolve(__dirname, "..");
// readers of the markdown reference files, which name the lines they read
const EXEMPT = new Set(["lib/io/reference-markdown.ts", "lib/operators/reference.ts"]);
const MARKDOWN = /\*\*\S|(^|[\s(])\*[A-Za-z][^*\n]*\*(?=[\s).,;:]|$)|\|\s*-{3}|(^|\n)[ \t]*- /;

/** The text of every string and template literal of a TypeScript source. */
function literals(text: string): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    // a template as one string, each substitution an "x", so a part is read where it sits in its line
    else if (ts.isTemplateExpression(n))
      out.push(n.head.text + n.templateSpans.map((s) => `x${s.literal.text}`).join(""));
    ts.forEachChild(n, visit);
  };
  visit(ts.createSourceFile("x.ts", text, ts.ScriptTarget.Latest, true));
  return out;
}

/** The literals of a source that hold markdown. */
function markdownIn(text: string): string[] {
  return literals(text).filter((s) => MARKDOWN.test(s));
}

describe("lib builds no markdown", () => {
  it("finds bold, italics, a table rule and a bullet in literals, not in comments", () => {
    const src = [
      "// **a comment** is not output",
      "/** - nor a doc bullet */",
      'const a = "**bold**";',
      "const b = `the *inconclusive* rows ${x}`;",
      'const c = ["| a |", "|---|"];',
      "const d = `line\\n- ${item}`;",
      'const e = "plain text, 2 * 3 = 6, a-b";',
      "const f = `${a} - ${b}`;",
    ].join("\n");
    expect(markdownIn(src)).toEqual(["**bold**", "the *inconclusive* rows x", "|---|", "line\n- x"]);
  });
  it("holds for every lib file", () => {
    const offenders = tsFiles(path.join(root, "lib"))
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .filter((f) => !EXEMPT.has(f))
      .flatMap((f) =>
        markdownIn(fs.readFileSync(path.join(root, f), "utf8")).map((s) => `${f}: ${JSON.stringify(s)}`),
      );
    expect(offenders).toEqual([]);
  });
});
