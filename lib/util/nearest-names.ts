/**
 * The known names nearest to a misspelt one, for an error's "did you mean": by edit distance
 * (insertions, deletions, substitutions and swaps of two neighbours, each 1), case ignored.
 */

/** The optimal-string-alignment distance between two strings (case ignored). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase(),
    t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= t.length; j++) d[0][j] = j;
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[s.length][t.length];
}

/**
 * Up to `max` names of `known` nearest to `name` (ties in `known`'s order); a name that contains
 * `name`, or that `name` contains, counts as 1 apart. Defaults: max 3.
 */
export function nearestNames(name: string, known: readonly string[], max = 3): string[] {
  const low = name.toLowerCase();
  return known
    .map((k, i) => {
      const kl = k.toLowerCase();
      const contains = low.length >= 3 && (kl.includes(low) || low.includes(kl));
      return { k, i, d: contains ? Math.min(1, editDistance(low, kl)) : editDistance(low, kl) };
    })
    .sort((x, y) => x.d - y.d || x.i - y.i)
    .slice(0, max)
    .map((x) => x.k);
}
