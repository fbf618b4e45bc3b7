// Assembles the ticker universe from the NASDAQ Trader directory (current + history), SEC's ticker
// files (current + history): one entry per symbol. Invariant: listed = the symbol is in the current
// directory (test issues excluded) or the current SEC file; anything seen only in history is delisted.
import type { DirectoryRow, DirectorySnapshot, DerivedGoneRow } from '../sources/nasdaq-listings.js';
import type { SecTickerSnapshot, SecTickerRow } from '../sources/sec-company-tickers-history.js';
import { baseSymbol, classifySecurity, displayName, issuerName, normalizeSymbol, typeFromSymbol, type SecurityType } from '../model/symbols.js';
import { venue, venueFromDirectory, venueFromSec, type VenuePlacement } from './exchanges.js';

export interface TickerEntry {
  symbol: string;
  /** Display name (issuer for common stock/ADR, full security name otherwise). */
  name: string;
  /** The issuing company's name (directory issuer part, else SEC name). */
  issuerName: string;
  /** Name in SEC's ticker file for this symbol or its CIK, or null. */
  secName: string | null;
  /** Security name as the directory writes it, or null for SEC-only symbols. */
  securityName: string | null;
  cik: string | null;
  exchange: string | null;
  exchangeName: string | null;
  mic: string | null;
  market: string | null;
  listingCountryCode: string | null;
  type: SecurityType;
  listed: boolean;
  etf: boolean;
  /** Position in the current SEC ticker file (SEC orders it by size), 0 = first; null when absent. */
  secRank: number | null;
  firstSeen: string | null;
  lastSeen: string | null;
  /** Where the entry came from: directory, sec, directory-history, sec-history. */
  source: 'directory' | 'sec' | 'directory-history' | 'sec-history';
}

export interface UniverseInputs {
  directory: DirectorySnapshot | null;
  directoryHistory: DirectorySnapshot[];
  derived: DerivedGoneRow[];
  sec: SecTickerSnapshot | null;
  secHistory: SecTickerSnapshot[];
}

const NAME_NOISE = new Set(['the', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'plc', 'llc', 'lp', 'l', 'p', 'sa', 'nv', 'ag', 'se', 'de', 'holdings', 'holding', 'group', 'trust', 'new']);

/** Significant lowercase words of a company name (legal-form words dropped). */
export function nameKey(name: string): string[] {
  return name.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9 ]+/g, ' ').split(/\s+/).filter((w) => w && !NAME_NOISE.has(w));
}

/** Loose test that two names denote the same issuer: their first significant words agree. */
export function sameIssuer(a: string, b: string): boolean {
  const ka = nameKey(a);
  const kb = nameKey(b);
  if (ka.length === 0 || kb.length === 0) return false;
  return ka[0] === kb[0] || ka.join('').startsWith(kb.join('')) || kb.join('').startsWith(ka.join(''));
}

function placed(p: VenuePlacement | null): Pick<TickerEntry, 'exchange' | 'exchangeName' | 'mic' | 'market' | 'listingCountryCode'> {
  const v = venue(p?.code);
  return {
    exchange: p?.code ?? null,
    exchangeName: v?.name ?? null,
    mic: p?.mic ?? null,
    market: v?.market ?? null,
    listingCountryCode: v?.countryCode ?? null,
  };
}

function fromDirectoryRow(row: DirectoryRow | DerivedGoneRow, listed: boolean, source: TickerEntry['source']): TickerEntry {
  const symbol = normalizeSymbol(row.rawSymbol);
  const type = classifySecurity(row.securityName, row.etf, symbol);
  const p = 'file' in row ? venueFromDirectory(row.exchangeLetter, row.marketCategory) : venueFromDirectory(row.exchangeCode);
  return {
    symbol,
    name: displayName(row.securityName, type),
    issuerName: row.etf ? row.securityName : issuerName(row.securityName),
    secName: null,
    securityName: row.securityName,
    cik: null,
    ...placed(p),
    type,
    listed,
    etf: row.etf,
    secRank: null,
    firstSeen: null,
    lastSeen: null,
    source,
  };
}

function fromSecRow(row: SecTickerRow, listed: boolean, source: TickerEntry['source'], rank: number | null): TickerEntry {
  return {
    symbol: row.ticker,
    name: row.name,
    issuerName: row.name,
    secName: row.name,
    securityName: null,
    cik: row.cik,
    ...placed(venueFromSec(row.exchange)),
    type: secType(row),
    listed,
    etf: false,
    secRank: rank,
    firstSeen: null,
    lastSeen: null,
    source,
  };
}

function secType(row: SecTickerRow): SecurityType {
  const bySuffix = typeFromSymbol(row.ticker);
  if (bySuffix) return bySuffix;
  // OTC convention: a fifth letter Y marks an ADR.
  if (row.exchange === 'OTC' && /^[A-Z]{4}Y$/.test(row.ticker)) return 'ADR';
  return 'common stock';
}

/** Symbol of the issuer's shares that a derivative symbol hangs off (BAC-PB -> BAC, AACBW -> AACB). */
function parentSymbol(entry: TickerEntry): string | null {
  if (entry.symbol.includes('-')) return baseSymbol(entry.symbol);
  if (entry.symbol.length === 5 && (entry.type === 'warrant' || entry.type === 'unit' || entry.type === 'right')) return entry.symbol.slice(0, 4);
  return null;
}

interface SeenSpan {
  first: string | null;
  last: string | null;
}

function noteSeen(seen: Map<string, SeenSpan>, symbol: string, date: string | null): void {
  if (!date) return;
  let s = seen.get(symbol);
  if (!s) {
    s = { first: null, last: null };
    seen.set(symbol, s);
  }
  if (!s.first || date < s.first) s.first = date;
  if (!s.last || date > s.last) s.last = date;
}

/** normalizeSymbol through a cache: the ~30 history snapshots repeat the same raw symbols (~130k rows). */
function normalizedSymbol(cache: Map<string, string>, raw: string): string {
  let symbol = cache.get(raw);
  if (symbol === undefined) {
    symbol = normalizeSymbol(raw);
    cache.set(raw, symbol);
  }
  return symbol;
}

export function buildUniverse(inputs: UniverseInputs): TickerEntry[] {
  const bySymbol = new Map<string, TickerEntry>();
  const secCurrent = new Map<string, { row: SecTickerRow; rank: number }>();
  inputs.sec?.rows.forEach((row, rank) => { if (!secCurrent.has(row.ticker)) secCurrent.set(row.ticker, { row, rank }); });
  const secPast = new Map<string, SecTickerRow>();
  for (const snap of inputs.secHistory) for (const row of snap.rows) if (!secPast.has(row.ticker)) secPast.set(row.ticker, row);

  // 1. The current directory: listed.
  for (const row of inputs.directory?.rows ?? []) {
    if (row.testIssue) continue;
    const e = fromDirectoryRow(row, true, 'directory');
    if (bySymbol.has(e.symbol)) continue;
    e.lastSeen = inputs.directory?.date ?? null;
    bySymbol.set(e.symbol, e);
  }
  // 2. The current SEC file: CIK and SEC name for directory symbols; SEC-only symbols are listed too.
  for (const [symbol, { row, rank }] of secCurrent) {
    const e = bySymbol.get(symbol);
    if (e) {
      e.cik = row.cik;
      e.secName = row.name;
      e.secRank = rank;
      if (!e.exchange) Object.assign(e, placed(venueFromSec(row.exchange)));
    } else {
      bySymbol.set(symbol, fromSecRow(row, true, 'sec', rank));
    }
  }
  // 3. Directory history (newest first) and derived files: symbols not seen now are delisted.
  const seen = new Map<string, SeenSpan>();
  const symbols = new Map<string, string>();
  const history = [...inputs.directoryHistory].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  for (const snap of history) {
    for (const row of snap.rows) {
      if (row.testIssue) continue;
      const symbol = normalizedSymbol(symbols, row.rawSymbol);
      noteSeen(seen, symbol, snap.date);
      if (!bySymbol.has(symbol)) bySymbol.set(symbol, fromDirectoryRow(row, false, 'directory-history'));
    }
  }
  for (const row of inputs.derived) {
    const symbol = normalizedSymbol(symbols, row.rawSymbol);
    noteSeen(seen, symbol, row.firstSeen);
    noteSeen(seen, symbol, row.lastSeen);
    if (!bySymbol.has(symbol)) bySymbol.set(symbol, fromDirectoryRow(row, false, 'directory-history'));
  }
  // 4. SEC history: CIKs for delisted directory symbols when the names agree; SEC-only past symbols.
  for (const [symbol, row] of secPast) {
    const e = bySymbol.get(symbol);
    if (!e) {
      bySymbol.set(symbol, fromSecRow(row, false, 'sec-history', null));
    } else if (!e.cik && !e.listed && sameIssuer(e.issuerName, row.name)) {
      e.cik = row.cik;
      e.secName = row.name;
    }
  }
  for (const [symbol, s] of seen) {
    const e = bySymbol.get(symbol);
    if (!e) continue;
    e.firstSeen = s.first;
    if (!e.listed) e.lastSeen = s.last;
  }
  // 5. Derivatives without their own SEC row take their parent's CIK when the issuer names agree.
  for (const e of bySymbol.values()) {
    if (e.cik) continue;
    const parent = parentSymbol(e);
    const p = parent ? bySymbol.get(parent) : undefined;
    if (p?.cik && sameIssuer(e.issuerName, p.secName ?? p.issuerName)) {
      e.cik = p.cik;
      e.secName = p.secName;
    }
  }
  return [...bySymbol.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
}
