// Reader of the repository's data/share-classes.csv (`symbol, cik, share_class, reporting_class,
// listing_per_reporting, source`): which listing of a multi-class filer is which share class, and
// how many of its shares make one share of the class the filer reports per-share figures in.
// Format only: rows in file order; the rule that uses them is market/share-classes.ts.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { csvRows, nonBlank } from './csv-table.js';

/** The repository's own share class table (not corpus data: docs/metrics.md, Share classes). */
export const SHARE_CLASSES_FILE = fileURLToPath(new URL('../../data/share-classes.csv', import.meta.url));

export interface ShareClassRow {
  symbol: string;
  /** CIK as written (unpadded digits). */
  cik: string | null;
  shareClass: string | null;
  /** The listing whose class the filer's per-share figures are in (BRK-A for BRK-B). */
  reportingClass: string | null;
  /** Shares of this listing per share of the reporting class (BRK-B: 1500); null when not a positive number. */
  listingPerReporting: number | null;
  source: string | null;
}

export function parseShareClasses(text: string): ShareClassRow[] {
  return csvRows(text, { trim: true, bom: true }).flatMap((r) => {
    const symbol = nonBlank(r.symbol);
    if (!symbol) return [];
    const n = Number(nonBlank(r.listing_per_reporting) ?? NaN);
    return [{
      symbol: symbol.toUpperCase(),
      cik: nonBlank(r.cik),
      shareClass: nonBlank(r.share_class),
      reportingClass: nonBlank(r.reporting_class)?.toUpperCase() ?? null,
      listingPerReporting: Number.isFinite(n) && n > 0 ? n : null,
      source: nonBlank(r.source),
    }];
  });
}

/** The rows of the file; [] when it does not exist. */
export function readShareClasses(file: string): ShareClassRow[] {
  if (!fs.existsSync(file)) return [];
  return parseShareClasses(fs.readFileSync(file, 'utf8'));
}
