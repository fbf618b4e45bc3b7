// DDL and writer of the share_classes table: the listings of multi-class filers (data/share-classes.csv,
// market/share-classes.ts), each with its class, the class the filer reports per-share figures in
// and how many listing shares make one reporting-class share. The same ratio enters adr_ratios
// (prices converted to the reporting class); this table tells the service which listings to serve
// on their own class's basis (service/listing-basis.ts).
import type { Database } from 'better-sqlite3';
import type { ShareClassEntry } from '../../market/share-classes.js';

export const SHARE_CLASSES_DDL = [
  `CREATE TABLE share_classes (
     symbol TEXT NOT NULL PRIMARY KEY, cik TEXT, share_class TEXT, reporting_class TEXT NOT NULL,
     listing_per_reporting REAL NOT NULL, source TEXT) WITHOUT ROWID`,
];

export function writeShareClasses(db: Database, classes: ReadonlyMap<string, ShareClassEntry>): number {
  const put = db.prepare('INSERT OR REPLACE INTO share_classes (symbol, cik, share_class, reporting_class, listing_per_reporting, source) VALUES (?, ?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const c of [...classes.values()].sort((a, b) => (a.symbol < b.symbol ? -1 : 1))) {
      put.run(c.symbol, c.cik === null ? null : c.cik.padStart(10, '0'), c.shareClass, c.reportingClass, c.listingPerReporting, c.source);
    }
  })();
  return classes.size;
}
