// In-memory ticker search index, built once from the universe. Every lookup goes through a hash
// map (exact symbol, compact symbol, symbol prefix, name word, name-word prefix, one-deletion typo
// keys), never a scan of the universe. Invariant: entry ids are ordered by static prior (most
// prominent first), so every postings list is already in prior order and can be cut at any length.
import { compactSymbol, deletes1, fold, NAME_FILLER, words } from './text.js';
import { venue } from '../reference/exchanges.js';
import { normalizeSymbol, shareClass } from '../model/symbols.js';
import { packLists, plainLists, type KeyedLists } from './packed-lists.js';

export interface SearchEntry {
  symbol: string;
  name: string;
  issuerName: string;
  secName: string | null;
  /** Directory security name ("Alphabet Inc. - Class C Capital Stock"), or null. */
  securityName: string | null;
  exchange: string | null;
  exchangeName: string | null;
  type: string;
  listed: boolean;
  /** Position in SEC's size-ordered ticker file, or null. */
  secRank: number | null;
  /** Former company names (SEC submissions), searchable but never displayed. */
  formerNames?: readonly string[];
}

export interface IndexedEntry extends SearchEntry {
  id: number;
  prior: number;
  shareClass: string | null;
  compact: string;
  prominence: number;
}

/**
 * The name forms ranking compares a query with, derived from an entry's names by nameForms().
 * Not kept as arrays per entry (they were ~2 KB per ticker, most of the index's heap): the index
 * keeps one string per entry (formsText) and splits it for the candidates a query scores.
 */
export interface NameForms {
  /** Folded company names (issuer name, then SEC's name and former names when different), leading "the" dropped. */
  foldedNames: string[];
  /** Words of each of foldedNames (first word first). */
  nameWords: string[][];
  /** Per name: its significant (non-filler) words, joined by ' ' and concatenated. */
  nameSignificant: string[][];
  nameSignificantText: string[];
  nameSignificantConcat: string[];
  /** Every indexed word (issuer, SEC and display names), deduplicated. */
  allWords: string[];
  /** Name words written together ("exxon mobil" -> "exxonmobil") and initials ("tsmc"): matched as weaker words. */
  joinedForms: string[];
}

/** Static prior weights: listed, common stock before derivatives, major venue, SEC size rank. */
export const PRIOR_WEIGHTS = {
  listed: 15,
  type: { 'common stock': 14, ADR: 14, 'limited partnership': 9, ETF: 6, ETN: 3, 'preferred stock': 1 } as Record<string, number>,
  venue: 8,
  popularity: 24,
} as const;

/** "The Boeing Company" -> "boeing company": leading article dropped so name-prefix signals see the real first word. */
function foldName(name: string): string {
  return fold(name).replace(/^the /, '');
}

/** Share class from the symbol (BRK-B) or, failing that, the security name ("... Class C Capital Stock"). */
function classOf(e: SearchEntry): string | null {
  const fromSymbol = shareClass(e.symbol);
  if (fromSymbol) return fromSymbol;
  const m = e.securityName ? /\bClass ([A-Z])\b/.exec(e.securityName) : null;
  return m ? (m[1] as string) : null;
}

/** The name forms of an entry (a pure function of its names: the same at build and query time). */
export function nameForms(e: SearchEntry): NameForms {
  const foldedNames = [foldName(e.issuerName)];
  for (const n of [e.secName, ...(e.formerNames ?? [])]) {
    if (!n) continue;
    const f = foldName(n);
    if (f && !foldedNames.includes(f)) foldedNames.push(f);
  }
  const nameWords = foldedNames.map((n) => n.split(' ').filter((w) => w.length > 0));
  const all = new Set([...nameWords.flat(), ...words(e.name)]);
  const joined = new Set<string>();
  for (const ws of nameWords) {
    for (let i = 0; i + 1 < ws.length && i < 3; i += 1) {
      joined.add((ws[i] as string) + (ws[i + 1] as string));
      if (i + 2 < ws.length) joined.add((ws[i] as string) + (ws[i + 1] as string) + (ws[i + 2] as string));
    }
    if (ws.length >= 3) joined.add(ws.map((w) => w[0]).join(''));
    const sig = ws.filter((w) => !NAME_FILLER.has(w));
    if (sig.length >= 3) joined.add(sig.map((w) => w[0]).join(''));
  }
  for (const w of all) joined.delete(w);
  return withNameWords(foldedNames, nameWords, [...all], [...joined]);
}

/** The name forms of folded names, their words, all words and joined forms (the significant-word forms follow from the words). */
function withNameWords(foldedNames: string[], nameWords: string[][], allWords: string[], joinedForms: string[]): NameForms {
  const nameSignificant = nameWords.map((ws) => ws.filter((w) => !NAME_FILLER.has(w)));
  return {
    foldedNames,
    nameWords,
    nameSignificant,
    nameSignificantText: nameSignificant.map((ws) => ws.join(' ')),
    nameSignificantConcat: nameSignificant.map((ws) => ws.join('')),
    allWords,
    joinedForms,
  };
}

// Name forms as one string: folded names separated by '\n', then '\t', all words separated by ' ',
// '\t', joined forms separated by ' '. Folded text holds only [a-z0-9 ], so the separators are free.
export function formsText(f: NameForms): string {
  return `${f.foldedNames.join('\n')}\t${f.allWords.join(' ')}\t${f.joinedForms.join(' ')}`;
}

const splitWords = (s: string): string[] => (s.length === 0 ? [] : s.split(' '));

export function formsFromText(text: string): NameForms {
  const [names, all, joined] = text.split('\t') as [string, string, string];
  const foldedNames = names.split('\n');
  const nameWords = foldedNames.map((n) => n.split(' ').filter((w) => w.length > 0));
  return withNameWords(foldedNames, nameWords, splitWords(all), splitWords(joined));
}

export function priorOf(e: SearchEntry, universeSize: number): number {
  const v = venue(e.exchange)?.prominence ?? 0.1;
  const pop = e.secRank === null ? 0 : Math.max(0, 1 - Math.log1p(e.secRank) / Math.log1p(Math.max(universeSize, 2)));
  return (e.listed ? PRIOR_WEIGHTS.listed : 0) + (PRIOR_WEIGHTS.type[e.type] ?? 0) + PRIOR_WEIGHTS.venue * v + PRIOR_WEIGHTS.popularity * pop;
}

type Postings = Map<string, number[]>;

/** Longest indexed word prefix: longer prefixes are rare and a typo or exact match finds them. */
const PREFIX_MAX = 12;

/** Split name forms kept for the most recently scored entries (a query scores at most 64; ~1 KB each). */
const FORMS_CACHE_MAX = 2048;

function push(map: Postings, key: string, id: number): void {
  const list = map.get(key);
  if (!list) map.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

/** Typo keys: each vocabulary word and its one-deletion variants -> the vocabulary words (by position). */
function typoKeys(vocabulary: readonly string[]): Postings {
  const map: Postings = new Map();
  vocabulary.forEach((w, i) => {
    for (const k of [w, ...deletes1(w)]) push(map, k, i);
  });
  return map;
}

export class TickerIndex {
  readonly entries: IndexedEntry[];
  private readonly bySymbol = new Map<string, number>();
  private readonly byCompact = new Map<string, number>();
  private readonly symbolPrefix: KeyedLists;
  private readonly wordPostings: KeyedLists;
  private readonly wordPrefix: KeyedLists;
  private readonly wordVocabulary: readonly string[];
  private readonly wordTypo: KeyedLists;
  private readonly symbolVocabulary: readonly string[];
  private readonly symbolTypo: KeyedLists;
  /** Per entry id: its name forms as one string (formsText). */
  private readonly formsTexts: string[] = [];
  /** Forms of the most recently scored entries, split already (at most FORMS_CACHE_MAX). */
  private readonly formsCache = new Map<number, NameForms>();

  /** pack: false keeps the build's plain maps of arrays (the reference the packed form is tested against). */
  constructor(source: readonly SearchEntry[], options: { pack?: boolean } = {}) {
    const lists = options.pack === false ? plainLists : packLists;
    const withPrior = source.map((e) => ({ e, prior: priorOf(e, source.length) }));
    withPrior.sort((a, b) => b.prior - a.prior || (a.e.symbol < b.e.symbol ? -1 : 1));
    this.entries = withPrior.map(({ e, prior }, id) => ({
      ...e, id, prior,
      shareClass: classOf(e),
      compact: compactSymbol(e.symbol),
      prominence: venue(e.exchange)?.prominence ?? 0.1,
    }));
    const symbolPrefix: Postings = new Map();
    const wordPostings: Postings = new Map();
    const wordPrefix: Postings = new Map();
    const vocabulary = new Set<string>();
    const symbolVocabulary = new Set<string>();
    for (const e of this.entries) {
      const forms = nameForms(e);
      this.formsTexts.push(formsText(forms));
      this.bySymbol.set(e.symbol, e.id);
      if (!this.byCompact.has(e.compact)) this.byCompact.set(e.compact, e.id);
      for (let n = 1; n < e.compact.length; n += 1) push(symbolPrefix, e.compact.slice(0, n), e.id);
      if (e.compact.length >= 3) symbolVocabulary.add(e.compact);
      // Every word gets exact postings; prefixes (up to PREFIX_MAX) and typo keys only for company-name
      // words, not for the long security descriptions of preferreds, units and notes.
      for (const w of forms.allWords) push(wordPostings, w, e.id);
      const nameSet = new Set(forms.nameWords.flat());
      for (const w of nameSet) {
        for (let n = 1; n < w.length && n <= PREFIX_MAX; n += 1) push(wordPrefix, w.slice(0, n), e.id);
        if (w.length >= 3) vocabulary.add(w);
      }
      // Joined forms are looked up exactly (no typo keys: they would triple the index build).
      for (const w of forms.joinedForms) push(wordPostings, w, e.id);
    }
    this.symbolPrefix = lists(symbolPrefix);
    this.wordPostings = lists(wordPostings);
    this.wordPrefix = lists(wordPrefix);
    this.wordVocabulary = [...vocabulary];
    this.wordTypo = lists(typoKeys(this.wordVocabulary));
    this.symbolVocabulary = [...symbolVocabulary];
    this.symbolTypo = lists(typoKeys(this.symbolVocabulary));
  }

  get size(): number { return this.entries.length; }

  entry(id: number): IndexedEntry { return this.entries[id] as IndexedEntry; }

  /** The entry's name forms, split from the string kept for it (equal to nameForms(entry)). */
  forms(id: number): NameForms {
    let f = this.formsCache.get(id);
    if (f === undefined) {
      if (this.formsCache.size >= FORMS_CACHE_MAX) this.formsCache.delete(this.formsCache.keys().next().value as number);
      f = formsFromText(this.formsTexts[id] as string);
      this.formsCache.set(id, f);
    }
    return f;
  }

  /** The entry whose symbol is exactly this (after SEC-style normalization: BRK.B -> BRK-B). */
  exactSymbol(query: string): number | undefined {
    const s = normalizeSymbol(query);
    return this.bySymbol.get(s) ?? this.bySymbol.get(query.trim().toUpperCase());
  }

  /** The entry whose symbol equals the query with separators removed (brk b -> BRK-B). */
  compactSymbol(query: string): number | undefined {
    const c = compactSymbol(query);
    return c ? this.byCompact.get(c) : undefined;
  }

  symbolsWithPrefix(compact: string): Iterable<number> { return this.symbolPrefix.get(compact); }
  wordIds(word: string): Iterable<number> { return this.wordPostings.get(word); }
  wordPrefixIds(prefix: string): Iterable<number> { return this.wordPrefix.get(prefix); }

  /** Vocabulary words within one deletion of the query word on either side (candidates for edit distance <= 2). */
  typoWords(word: string): string[] { return this.typoCandidates(this.wordTypo, this.wordVocabulary, word); }
  /** Compact symbols (3+ chars) within one deletion on either side. */
  typoSymbols(compact: string): string[] { return this.typoCandidates(this.symbolTypo, this.symbolVocabulary, compact); }
  idOfCompact(compact: string): number | undefined { return this.byCompact.get(compact); }

  private typoCandidates(map: KeyedLists, vocabulary: readonly string[], word: string): string[] {
    const out = new Set<string>();
    for (const k of [word, ...deletes1(word)]) {
      for (const i of map.get(k)) {
        const w = vocabulary[i] as string;
        if (w !== word) out.add(w);
      }
    }
    return [...out];
  }

  /** The lists behind the look-ups, by name (for the test comparing packed and plain forms). */
  listsForTest(): Record<string, KeyedLists> {
    return { symbolPrefix: this.symbolPrefix, wordPostings: this.wordPostings, wordPrefix: this.wordPrefix, wordTypo: this.wordTypo, symbolTypo: this.symbolTypo };
  }
}
