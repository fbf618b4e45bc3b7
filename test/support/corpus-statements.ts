// The standardized statements of named corpus companies, read straight from
// sec/companyfacts.zip (TENK_TEST_DATA ?? ../shared/data) for regression tests on real filings,
// and the lookup of one record by period, date and statement type.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { standardizeCompany } from '../../src/xbrl/standardize-company.js';
import type { CompanyStatements, PeriodRecord, StatementType } from '../../src/model/record-types.js';

export const companyfactsZip = path.join(path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data'), 'sec', 'companyfacts.zip');

/** A describe() skip reason when the corpus is absent (false when present). */
export const noCorpus: string | false = fs.existsSync(companyfactsZip) ? false : `no corpus at ${companyfactsZip}`;

/** Calls `onEntry` with the bytes of each entry of a zip that `wanted` accepts (every entry
 *  when omitted), one entry at a time, in the order of the archive. */
export function forEachZipEntry(file: string, onEntry: (name: string, bytes: Buffer) => void, wanted: (name: string) => boolean = () => true): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('cannot open zip'));
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!wanted(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('cannot read entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            try { onEntry(entry.fileName, Buffer.concat(chunks)); } catch (x) { return reject(x); }
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Read the named entries of a zip into memory (one pass over its central directory). */
export async function readZipEntries(file: string, names: ReadonlySet<string>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await forEachZipEntry(file, (name, bytes) => out.set(name, bytes), (name) => names.has(name));
  return out;
}

/** The statements of each ticker -> CIK, standardized as the build does (no fiscal year end hint). */
export async function standardizedStatements(ciks: Readonly<Record<string, string>>): Promise<Map<string, CompanyStatements>> {
  const files = await readZipEntries(companyfactsZip, new Set(Object.values(ciks).map((c) => `CIK${c}.json`)));
  const out = new Map<string, CompanyStatements>();
  for (const [ticker, cik] of Object.entries(ciks)) {
    const r = standardizeCompany(JSON.parse(files.get(`CIK${cik}.json`)!.toString('utf8')), { fiscalYearEnd: null });
    assert.ok(r.ok, `${ticker}: standardized`);
    out.set(ticker, r.statements);
  }
  return out;
}

/** One record of a company's statements; fails the test when there is none. */
export function recordOf(
  statements: ReadonlyMap<string, CompanyStatements>, ticker: string, period: 'annual' | 'quarterly', date: string, type: StatementType,
): PeriodRecord {
  const rec = statements.get(ticker)!.records.find((r) => r.period === period && r.date === date && r.recordType === type);
  assert.ok(rec, `${ticker}: no ${period} ${type} record ending ${date}`);
  return rec;
}
