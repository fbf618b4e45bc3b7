// Ticker search over a TickerIndex: collect a bounded candidate set from the index's maps, score
// each candidate with the weighted model below, return the best. Work per query is bounded by
// CANDIDATES_PER_KEY x keys, independent of the universe size.
//
// Score = symbol signals (exact, compact, prefix, typo) + name signals (all words equal, name
// prefix, per-word match quality, first word, contains, Jaro-Winkler similarity, coverage of the
// name) + the entry's static prior (listed, security type, venue, SEC size rank; see ticker-index).
import { compactSymbol, editDistance, fold, jaroWinkler, NAME_FILLER, words } from './text.js';
import type { IndexedEntry, NameForms, TickerIndex } from './ticker-index.js';

export const RANK_WEIGHTS = {
  exactSymbol: 150,
  compactSymbol: 130,
  symbolPrefix: 30,
  symbolTypo: 15,
  shareClass: 25,
  nameExact: 45,
  namePrefix: 30,
  words: 40,
  firstWord: 8,
  contains: 6,
  similarity: 10,
  coverage: 10,
} as const;

/** Quality of one query word against one name word (1 exact ... 0 no match). */
export const WORD_MATCH = { exact: 1, joined: 0.8, prefixBase: 0.5, typo1: 0.7, typo2: 0.45, substring: 0.3, singleLetterPrefix: 0.15 } as const;

const CANDIDATES_PER_KEY = 32;
const TYPO_WORDS_MAX = 16;
/** Candidates fully scored per query: the best by match evidence, then prior. */
const SCORED_MAX = 64;
/** Evidence each kind of index hit adds to a candidate (only used to choose whom to score fully). */
const EVIDENCE = { symbol: 100, symbolPrefix: 4, symbolTypo: 2, word: 4, wordPrefix: 3, wordTypo: 2 } as const;

export interface SearchOptions {
  limit?: number;
  /** Restrict to one exchange code. */
  exchange?: string | null;
  /** 'all' matches symbols and names; 'name' matches company names only. */
  mode?: 'all' | 'name';
}

export interface SearchHit {
  entry: IndexedEntry;
  score: number;
}

interface Query {
  raw: string;
  folded: string;
  words: string[];
  /** Query words without filler, and their concatenation ("united health" -> "unitedhealth"). */
  significant: string[];
  significantText: string;
  joined: string | null;
  compact: string;
  /** Id of the entry whose symbol is exactly the query, if any. */
  exactId: number | undefined;
}

function maxTypo(word: string): number {
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Typo test with a cheap guard: the words must share their first letter, or the first two swapped. */
function typoDistance(q: string, w: string, max: number): number {
  if (max === 0) return max + 1;
  if (q.charCodeAt(0) !== w.charCodeAt(0) && !(q.charCodeAt(0) === w.charCodeAt(1) && q.charCodeAt(1) === w.charCodeAt(0))) return max + 1;
  return editDistance(q, w, max);
}

/** How well query word q matches the entry's words, in [0, 1]. */
function wordQuality(q: string, entry: IndexedEntry, forms: NameForms): number {
  if (q.length === 1 && entry.shareClass === q.toUpperCase()) return WORD_MATCH.exact;
  let best = 0;
  const dmax = maxTypo(q);
  for (const w of forms.allWords) {
    if (w === q) return WORD_MATCH.exact;
    let v = 0;
    if (w.startsWith(q)) {
      v = q.length === 1 ? WORD_MATCH.singleLetterPrefix : WORD_MATCH.prefixBase + (1 - WORD_MATCH.prefixBase) * (q.length / w.length) * 0.9;
    } else if (dmax > 0 && Math.abs(w.length - q.length) <= dmax) {
      const d = typoDistance(q, w, dmax);
      if (d === 1) v = WORD_MATCH.typo1;
      else if (d === 2) v = WORD_MATCH.typo2;
    }
    if (v === 0 && dmax > 0 && w.length > q.length && typoDistance(q, w.slice(0, q.length), 1) === 1) v = WORD_MATCH.typo2;
    if (v === 0 && q.length >= 3 && w.includes(q)) v = WORD_MATCH.substring;
    if (v > best) best = v;
  }
  if (best < WORD_MATCH.joined && q.length >= 3) {
    for (const j of forms.joinedForms) if (j === q) return WORD_MATCH.joined;
  }
  return best;
}

function matchesWord(q: string, w: string): boolean {
  return w === q || (q.length >= 2 && w.startsWith(q)) || typoDistance(q, w, maxTypo(q)) <= maxTypo(q);
}

/** Name signals against one of the entry's names (issuer name or SEC name): the best is kept. */
function nameScore(forms: NameForms, i: number, q: Query): number {
  let score = 0;
  const folded = forms.foldedNames[i] as string;
  const nameWords = forms.nameWords[i] as string[];
  const significant = forms.nameSignificant[i] as string[];
  if (q.significant.length > 0 && (q.significantText === forms.nameSignificantText[i] || (q.joined !== null && q.joined === forms.nameSignificantConcat[i]))) {
    score += RANK_WEIGHTS.nameExact;
  }
  if (q.folded.length >= 2 && folded.startsWith(q.folded)) score += RANK_WEIGHTS.namePrefix;
  else if (q.folded.length >= 3 && folded.includes(q.folded)) score += RANK_WEIGHTS.contains;
  const first = q.words[0] as string;
  const nameFirst = nameWords[0];
  if (nameFirst && matchesWord(first, nameFirst)) score += RANK_WEIGHTS.firstWord;
  score += RANK_WEIGHTS.similarity * jaroWinkler(q.folded, folded.slice(0, Math.max(q.folded.length, 1)));
  if (significant.length > 0) {
    let covered = 0;
    for (const nw of significant) if (q.words.some((w) => matchesWord(w, nw)) || (q.joined !== null && q.joined.includes(nw))) covered += 1;
    score += RANK_WEIGHTS.coverage * (covered / significant.length);
  }
  return score;
}

export function scoreEntry(entry: IndexedEntry, q: Query, mode: 'all' | 'name', index: TickerIndex): number {
  let score = entry.prior;
  if (mode === 'all') {
    if (q.exactId === entry.id) score += RANK_WEIGHTS.exactSymbol;
    else if (q.compact && entry.compact === q.compact) score += RANK_WEIGHTS.compactSymbol;
    else if (q.compact && entry.compact.startsWith(q.compact)) score += RANK_WEIGHTS.symbolPrefix * (q.compact.length / entry.compact.length);
    else if (q.compact.length >= 3 && Math.abs(entry.compact.length - q.compact.length) <= 1 && editDistance(q.compact, entry.compact, 1) === 1) {
      score += RANK_WEIGHTS.symbolTypo;
    }
  }
  if (q.words.length === 0) return score;
  // A single-letter word naming the entry's share class ("berkshire b", "alphabet class c").
  if (entry.shareClass !== null && q.words.length > 1 && q.words.some((w) => w.length === 1 && w.toUpperCase() === entry.shareClass)) {
    score += RANK_WEIGHTS.shareClass;
  }
  // Words: mean match quality, filler words ("inc", "corp") counting a third; a compound written
  // apart ("united health" for UnitedHealth) counts as every word matched.
  const forms = index.forms(entry.id);
  let wordScore: number;
  if (q.joined !== null && forms.allWords.includes(q.joined)) {
    wordScore = 1;
  } else {
    let total = 0;
    let weight = 0;
    for (const w of q.words) {
      const filler = NAME_FILLER.has(w) && !(w.length === 1 && entry.shareClass === w.toUpperCase());
      const wt = filler ? 0.34 : 1;
      total += wt * wordQuality(w, entry, forms);
      weight += wt;
    }
    wordScore = weight > 0 ? total / weight : 0;
  }
  score += RANK_WEIGHTS.words * wordScore;
  if (wordScore === 0) return score;
  let best = 0;
  for (let i = 0; i < forms.foldedNames.length; i += 1) {
    best = Math.max(best, nameScore(forms, i, q));
  }
  return score + best;
}

function parseQuery(raw: string, index: TickerIndex): Query {
  const w = words(raw);
  const folded = fold(raw).replace(/^the /, '');
  return {
    raw: raw.trim(), folded, words: w, significant: w.filter((x) => !NAME_FILLER.has(x)),
    significantText: w.filter((x) => !NAME_FILLER.has(x)).join(' '),
    joined: w.length > 1 ? w.join('') : null, compact: compactSymbol(raw), exactId: index.exactSymbol(raw),
  };
}

export function searchTickers(index: TickerIndex, rawQuery: string, options: SearchOptions = {}): SearchHit[] {
  const limit = Math.max(1, options.limit ?? 10);
  const mode = options.mode ?? 'all';
  const exchange = options.exchange ? options.exchange.toUpperCase() : null;
  const q = parseQuery(rawQuery, index);
  if (!q.folded && !q.compact) return [];
  const evidence = new Map<number, number>();
  const accept = (id: number) => exchange === null || index.entry(id).exchange === exchange;
  const add = (id: number, weight: number) => evidence.set(id, (evidence.get(id) ?? 0) + weight);
  const take = (ids: Iterable<number>, weight: number, cap = CANDIDATES_PER_KEY) => {
    let n = 0;
    for (const id of ids) {
      if (n >= cap) break;
      if (!accept(id)) continue;
      add(id, weight);
      n += 1;
    }
  };
  if (mode === 'all') {
    if (q.exactId !== undefined && accept(q.exactId)) add(q.exactId, EVIDENCE.symbol);
    const compact = index.compactSymbol(q.raw);
    if (compact !== undefined && accept(compact)) add(compact, EVIDENCE.symbol);
    if (q.compact) take(index.symbolsWithPrefix(q.compact), EVIDENCE.symbolPrefix, CANDIDATES_PER_KEY / 2);
    if (q.compact.length >= 3 && q.compact.length <= 6) {
      for (const s of index.typoSymbols(q.compact).slice(0, TYPO_WORDS_MAX)) {
        const id = index.idOfCompact(s);
        if (id !== undefined && accept(id)) add(id, EVIDENCE.symbolTypo);
      }
    }
  }
  const queryWords = q.joined !== null ? [...q.words, q.joined] : q.words;
  for (const w of queryWords) {
    take(index.wordIds(w), EVIDENCE.word);
    take(index.wordPrefixIds(w), EVIDENCE.wordPrefix);
    const dmax = maxTypo(w);
    if (dmax > 0) {
      for (const v of index.typoWords(w).slice(0, TYPO_WORDS_MAX)) {
        if (editDistance(w, v, dmax) <= dmax) take(index.wordIds(v), EVIDENCE.wordTypo, CANDIDATES_PER_KEY / 2);
      }
    }
  }
  let ids = [...evidence.keys()];
  if (ids.length > SCORED_MAX) {
    // Ids are in prior order, so ties in evidence keep the more prominent entries.
    ids = ids.sort((a, b) => (evidence.get(b) as number) - (evidence.get(a) as number) || a - b).slice(0, SCORED_MAX);
  }
  const hits: SearchHit[] = [];
  for (const id of ids) {
    const entry = index.entry(id);
    hits.push({ entry, score: scoreEntry(entry, q, mode, index) });
  }
  hits.sort((a, b) => b.score - a.score || a.entry.id - b.entry.id);
  return hits.slice(0, limit);
}
