// The SEC files sync keeps, each with its URL and its path in the mirror (the layout of
// shared/data that `tenk ingest --source` reads): per-company companyfacts and submissions JSON,
// the ticker file, and the bulk archives of both.
import type { SyncConfig } from '../model/config.js';
import { padCik } from '../model/cik.js';

export interface RemoteFile {
  url: string;
  /** Relative to the mirror root, '/' separated. */
  path: string;
}

export function companyFactsFile(sync: SyncConfig, cik: string): RemoteFile {
  return { url: `${sync.secDataUrl}/api/xbrl/companyfacts/CIK${cik}.json`, path: `sec/companyfacts/CIK${cik}.json` };
}

export function submissionsFile(sync: SyncConfig, cik: string): RemoteFile {
  return { url: `${sync.secDataUrl}/submissions/CIK${cik}.json`, path: `sec/submissions/CIK${cik}.json` };
}

export function tickerFile(sync: SyncConfig): RemoteFile {
  return { url: `${sync.secWwwUrl}/files/company_tickers_exchange.json`, path: 'sec/company_tickers_exchange.json' };
}

export function bulkArchive(sync: SyncConfig, name: 'companyfacts' | 'submissions'): RemoteFile {
  return { url: `${sync.secWwwUrl}/Archives/edgar/daily-index/xbrl/${name}.zip`, path: `sec/${name}.zip` };
}

/** A CIK as SEC's file names spell it (10 digits); null when `text` is not a CIK. */
export function normalizeCik(text: string): string | null {
  return padCik(text.trim().replace(/^CIK/i, ''));
}
