// DDL of the reference tables (tickers, cusips, mics) and their writers (multi-row inserts for the
// large ones). Other modules read these tables by column name: tickers.symbol is the as-traded
// SEC-style symbol (BRK-B).
import type { Database } from 'better-sqlite3';
import type { TickerEntry } from '../../reference/universe.js';
import type { CusipLink } from '../../reference/cusip-links.js';
import type { MicRow } from '../../sources/iso10383.js';
import type { ProfileRow } from '../../sources/profiles.js';
import { normalizeSector } from '../../reference/sectors.js';
import { normalizeSymbol } from '../../model/symbols.js';
import { createBatchInsert } from './records-table.js';

export const REFERENCE_DDL = [
  `CREATE TABLE tickers (
    symbol TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    issuer_name TEXT NOT NULL,
    sec_name TEXT,
    security_name TEXT,
    cik TEXT,
    exchange TEXT,
    exchange_name TEXT,
    mic TEXT,
    market TEXT,
    listing_country_code TEXT,
    type TEXT NOT NULL,
    listed INTEGER NOT NULL,
    etf INTEGER NOT NULL,
    cusip TEXT,
    isin TEXT,
    sec_rank INTEGER,
    first_seen TEXT,
    last_seen TEXT,
    source TEXT NOT NULL
  ) WITHOUT ROWID`,
  `CREATE INDEX tickers_cik ON tickers (cik)`,
  `CREATE TABLE cusips (
    cusip TEXT NOT NULL,
    cik TEXT NOT NULL,
    cusip6 TEXT NOT NULL,
    rank INTEGER NOT NULL,
    PRIMARY KEY (cusip, cik)
  ) WITHOUT ROWID`,
  // Issuer prefixes (first 6 CUSIP characters) per CIK, including source rows without an issue number:
  // the fallback for a CUSIP whose full code is not linked (e.g. a second share class).
  `CREATE TABLE cusip_issuers (
    cusip6 TEXT NOT NULL,
    cik TEXT NOT NULL,
    rank INTEGER NOT NULL,
    PRIMARY KEY (cusip6, cik)
  ) WITHOUT ROWID`,
  // profiles/profiles.csv as read (sector folded into one vocabulary); keyed by directory symbol.
  `CREATE TABLE profile_sources (
    symbol TEXT PRIMARY KEY,
    sector TEXT,
    industry TEXT,
    country TEXT,
    city TEXT,
    state TEXT,
    employees INTEGER,
    ipo_year INTEGER,
    description TEXT
  ) WITHOUT ROWID`,
  `CREATE TABLE mics (
    mic TEXT PRIMARY KEY,
    operating_mic TEXT NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    acronym TEXT,
    country_code TEXT NOT NULL,
    city TEXT,
    website TEXT,
    status TEXT NOT NULL
  ) WITHOUT ROWID`,
];

/**
 * Indexes of these tables built after the build's steps (BuildStep.lateDdl): the build reads
 * tickers by CIK only (tickers_cik, created with the table).
 */
export const REFERENCE_LATE_DDL = [
  `CREATE INDEX tickers_cusip ON tickers (cusip)`,
  `CREATE INDEX tickers_isin ON tickers (isin)`,
  `CREATE INDEX tickers_exchange ON tickers (exchange, symbol)`,
  `CREATE INDEX cusips_cik ON cusips (cik)`,
];

export interface TickerRowExtras {
  cusip: string | null;
  isin: string | null;
}

export function writeTickers(db: Database, entries: readonly TickerEntry[], extras: Map<string, TickerRowExtras>): void {
  const put = createBatchInsert(db, `INSERT INTO tickers (symbol, name, issuer_name, sec_name, security_name, cik, exchange, exchange_name, mic,
    market, listing_country_code, type, listed, etf, cusip, isin, sec_rank, first_seen, last_seen, source)`, 20);
  const flat: unknown[] = [];
  for (const e of entries) {
    const x = extras.get(e.symbol);
    flat.push(e.symbol, e.name, e.issuerName, e.secName, e.securityName, e.cik, e.exchange, e.exchangeName, e.mic, e.market,
      e.listingCountryCode, e.type, e.listed ? 1 : 0, e.etf ? 1 : 0, x?.cusip ?? null, x?.isin ?? null, e.secRank, e.firstSeen, e.lastSeen, e.source);
  }
  db.transaction(() => put(flat))();
}

export function writeCusips(db: Database, links: readonly CusipLink[]): void {
  const put = createBatchInsert(db, 'INSERT OR IGNORE INTO cusips (cusip, cik, cusip6, rank)', 4);
  const flat: unknown[] = [];
  for (const l of links) flat.push(l.cusip, l.cik, l.cusip6, l.rank);
  db.transaction(() => put(flat))();
}

export function writeCusipIssuers(db: Database, issuers: ReadonlyArray<{ cusip6: string; cik: string; rank: number }>): void {
  const put = createBatchInsert(db, 'INSERT OR IGNORE INTO cusip_issuers (cusip6, cik, rank)', 3);
  const flat: unknown[] = [];
  for (const i of issuers) flat.push(i.cusip6, i.cik, i.rank);
  db.transaction(() => put(flat))();
}

export function writeProfileSources(db: Database, rows: readonly ProfileRow[]): void {
  const ins = db.prepare(`INSERT OR IGNORE INTO profile_sources (symbol, sector, industry, country, city, state, employees, ipo_year, description)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const r of rows) {
      ins.run(normalizeSymbol(r.symbol), normalizeSector(r.sector), r.industry, r.country, r.city, r.state, r.employees, r.ipoYear, r.description);
    }
  })();
}

export function writeMics(db: Database, mics: readonly MicRow[]): void {
  const ins = db.prepare(`INSERT OR IGNORE INTO mics (mic, operating_mic, kind, name, acronym, country_code, city, website, status)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    for (const m of mics) ins.run(m.mic, m.operatingMic, m.kind, m.name, m.acronym, m.countryCode, m.city, m.website, m.status);
  })();
}
