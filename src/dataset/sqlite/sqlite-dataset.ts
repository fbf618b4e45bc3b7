// Read side of a dataset build: one read-only SQLite handle, and the named queries over it
// (read-queries.ts), each created once per handle and preparing its statements once; nothing on
// the request path parses source files.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { checkDatasetFile, DatasetFileError, describeSqliteFailure } from './dataset-file-check.js';
import type { DatasetQueries } from '../queries/read-queries.js';
import type { SqliteHandle } from './sqlite-handle.js';
import { SqliteCompanies } from './sqlite-companies.js';
import { SqliteEarningsCalls } from './sqlite-earnings-calls.js';
import { SqliteExchangeCalendars } from './sqlite-exchange-calendars.js';
import { SqliteFactStore } from './sqlite-fact-store.js';
import { SqliteFx } from './sqlite-fx.js';
import { SqliteIdentifiers } from './sqlite-identifiers.js';
import { SqliteLogos } from './sqlite-logos.js';
import { SqliteRecords } from './sqlite-records.js';
import { SqliteScreen } from './sqlite-screen.js';
import { SqliteReference } from './sqlite-reference.js';
import { SqlitePrices } from './sqlite-prices.js';
import { SqliteSplits } from './sqlite-splits.js';
import { SqliteTickers } from './sqlite-tickers.js';

/** SQLite page cache per read handle, in KiB. */
export const SQLITE_CACHE_KIB = 16384;
/** SQLite mmap window per read handle, in bytes (0: reads through the page cache). */
export const SQLITE_MMAP_BYTES = 0;

export class DatasetMissingError extends Error {
  constructor(readonly datasetPath: string) {
    super('no dataset has been built yet: run `tenk ingest --source DIR` or set TENK_SOURCE');
  }
}

export class Dataset implements DatasetQueries, SqliteHandle {
  private readonly statements = new Map<string, Database.Statement>();
  private recordQueries: SqliteRecords | undefined;
  private splitQueries: SqliteSplits | undefined;
  private priceQueries: SqlitePrices | undefined;
  private tickerQueries: SqliteTickers | undefined;
  private companyQueries: SqliteCompanies | undefined;
  private identifierQueries: SqliteIdentifiers | undefined;
  private referenceQueries: SqliteReference | undefined;
  private logoQueries: SqliteLogos | undefined;
  private exchangeCalendarQueries: SqliteExchangeCalendars | undefined;
  private fxQueries: SqliteFx | undefined;
  private earningsCallQueries: SqliteEarningsCalls | undefined;
  private factStoreQueries: SqliteFactStore | undefined;
  private screenQueries: SqliteScreen | undefined;

  private constructor(readonly db: Database.Database, readonly path: string) {}

  static open(datasetPath: string): Dataset {
    if (!fs.existsSync(datasetPath)) throw new DatasetMissingError(datasetPath);
    let db: Database.Database | undefined;
    try {
      db = new Database(datasetPath, { readonly: true, fileMustExist: true });
      db.pragma('query_only = ON');
      // Memory (docs/api.md, "Memory"): no mmap window (it added ~100 MB of file-backed RSS once
      // the warm-up had read the catalog tables; the OS page cache still holds the file), and a
      // page cache of 16 MiB (KiB when negative) for the hot index pages.
      db.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
      db.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
    } catch (err) {
      db?.close();
      // Name the file and the cause, not just "disk I/O error" (issue 20 #11).
      throw new DatasetFileError(datasetPath, describeSqliteFailure(err));
    }
    return new Dataset(db, datasetPath);
  }

  /** The named queries over a handle the caller owns and closes (a build file read by a late build step). */
  static ofHandle(db: Database.Database, datasetPath: string): Dataset {
    return new Dataset(db, datasetPath);
  }

  /** Opens a dataset after checking it is a complete tenk build (what `tenk serve` serves). */
  static openChecked(datasetPath: string): Dataset {
    checkDatasetFile(datasetPath);
    return Dataset.open(datasetPath);
  }

  /** A prepared statement, prepared once per dataset handle. */
  prepare(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  get records(): SqliteRecords { return (this.recordQueries ??= new SqliteRecords(this)); }
  get splits(): SqliteSplits { return (this.splitQueries ??= new SqliteSplits(this)); }
  get prices(): SqlitePrices { return (this.priceQueries ??= new SqlitePrices(this)); }
  get tickers(): SqliteTickers { return (this.tickerQueries ??= new SqliteTickers(this)); }
  get companies(): SqliteCompanies { return (this.companyQueries ??= new SqliteCompanies(this)); }
  get identifiers(): SqliteIdentifiers { return (this.identifierQueries ??= new SqliteIdentifiers(this)); }
  get reference(): SqliteReference { return (this.referenceQueries ??= new SqliteReference(this)); }
  get logos(): SqliteLogos { return (this.logoQueries ??= new SqliteLogos(this)); }
  get exchangeCalendars(): SqliteExchangeCalendars { return (this.exchangeCalendarQueries ??= new SqliteExchangeCalendars(this)); }
  get fx(): SqliteFx { return (this.fxQueries ??= new SqliteFx(this)); }
  get earningsCalls(): SqliteEarningsCalls { return (this.earningsCallQueries ??= new SqliteEarningsCalls(this)); }
  get factStore(): SqliteFactStore { return (this.factStoreQueries ??= new SqliteFactStore(this)); }
  get screens(): SqliteScreen { return (this.screenQueries ??= new SqliteScreen(this)); }

  meta(key: string): string | null {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  hasTable(name: string): boolean {
    return this.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
  }

  /** False once closed (a server closes a replaced dataset when its last request is done). */
  get isOpen(): boolean {
    return this.db.open;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
