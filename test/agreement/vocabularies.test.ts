/**
 * Every outcome vocabulary is lib/agreement's: no type outside it (in lib or views) is a union of
 * words that includes a verdict's "inconclusive" or "undecided". Read from the modules' syntax
 * (TypeScript's parser), so a new vocabulary is found by what it is, whatever its name.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { tsFiles } from "../ts-files";

const root = path.resolve(__dirname, "..", "..");
const AGREEMENT = path.join(root, "lib", "agreement") + path.sep;

/** The type aliases of a module that are unions of string literals naming an undecided verdict: "file: Name". */
function vocabularies(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2020, false, ts.ScriptKind.TS);
  const words = (t: ts.TypeNode): string[] | undefined => {
    if (!ts.isUnionTypeNode(t)) return undefined;
    const out: string[] = [];
    for (const m of t.types) {
      if (!ts.isLiteralTypeNode(m) || !ts.isStringLiteral(m.literal)) return undefined;
      out.push(m.literal.text);
    }
    return out;
  };
  return sf.statements.flatMap((s) => {
    if (!ts.isTypeAliasDeclaration(s)) return [];
    const w = words(s.type);
    return w && w.some((x) => x === "inconclusive" || x === "undecided")
      ? [`${path.relative(root, file)}: ${s.name.text}`]
      : [];
  });
}

describe("one module holds every outcome vocabulary", () => {
  it("no type outside lib/agreement is a verdict's words", () => {
    const hits = [...tsFiles(path.join(root, "lib")), ...tsFiles(path.join(root, "views"))]
      .filter((f) => !f.startsWith(AGREEMENT))
      .flatMap((f) => vocabularies(f, fs.readFileSync(f, "utf8")));
    expect(hits).toEqual([]);
  });
  it("finds a vocabulary by its words, not its name, and passes other unions", () => {
    const at = path.join(root, "lib", "coop", "example.ts");
    expect(vocabularies(at, 'export type Answer = "yes" | "no" | "inconclusive";')).toEqual([
      "lib/coop/example.ts: Answer",
    ]);
    expect(vocabularies(at, 'type R = "for" | "against" | "undecided";')).toEqual(["lib/coop/example.ts: R"]);
    expect(vocabularies(at, 'type Mode = "all" | "users"; type N = number | "inconclusive";')).toEqual([]);
    // the vocabularies lib/agreement defines are found by the same reading
    const own = tsFiles(path.join(root, "lib", "agreement")).flatMap((f) =>
      vocabularies(f, fs.readFileSync(f, "utf8")),
    );
    expect(own.length).toBeGreaterThanOrEqual(4);
  });
});
