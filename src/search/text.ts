// Text normalization shared by the ticker index and the ranking: the same folding (lowercase,
// accents removed, '&' as 'and', punctuation as spaces) on names and queries, so they compare equal.

/** Lowercase ASCII words of a text. "J.P. Morgan & Co." -> ["j", "p", "morgan", "and", "co"]. */
export function words(text: string): string[] {
  return fold(text).split(' ').filter((w) => w.length > 0);
}

/** Lowercase, accent-free, '&' -> 'and', every run of non-alphanumerics as one space. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Alphanumerics only, uppercase: "brk.b" -> "BRKB" (symbols compared without separators). */
export function compactSymbol(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

// Legal-form and filler words: indexed (so "corp" still finds), but not counted as name content.
export const NAME_FILLER = new Set([
  'the', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'companies', 'ltd', 'limited', 'plc', 'llc',
  'lp', 'l', 'p', 'sa', 'nv', 'ag', 'se', 'de', 'of', 'and', 'holdings', 'holding', 'group', 'trust', 'new', 'class',
  'common', 'stock', 'shares', 'ordinary', 'share', 'a', 'b', 'c', 'the', 'fund', 'etf', 's', 'n', 'v',
]);

/** Damerau-Levenshtein (optimal string alignment) distance, or max+1 as soon as it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = new Array<number>(lb + 1);
  let cur = new Array<number>(lb + 1);
  for (let j = 0; j <= lb; j += 1) prev[j] = j;
  for (let i = 1; i <= la; i += 1) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= lb; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[lb] as number;
}

/** Jaro-Winkler similarity in [0, 1] (prefix-weighted; good for short names and typos). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const ma = new Uint8Array(la);
  const mb = new Uint8Array(lb);
  let matches = 0;
  for (let i = 0; i < la; i += 1) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j += 1) {
      if (mb[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      ma[i] = 1;
      mb[j] = 1;
      matches += 1;
      break;
    }
  }
  if (matches === 0) return 0;
  let t = 0;
  for (let i = 0, k = 0; i < la; i += 1) {
    if (!ma[i]) continue;
    while (!mb[k]) k += 1;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) t += 1;
    k += 1;
  }
  const jaro = (matches / la + matches / lb + (matches - t / 2) / matches) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix += 1;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** Every string obtained by deleting one character (SymSpell-style typo keys). */
export function deletes1(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}
