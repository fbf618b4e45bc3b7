// Regressions for the rule errors of issue 17 (items 10-15), each named after the corpus company
// and period it fixes, on the corpus' real filings (sec/companyfacts.zip): values read from the
// named filings. The cross-statement audits that catch each class over the whole corpus are in
// test/xbrl-consistency.test.ts.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { standardizeCompany } from '../src/xbrl/standardize-company.js';
import type { CompanyStatements, PeriodRecord, StatementType } from '../src/model/record-types.js';

const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const zipPath = path.join(dataDir, 'sec', 'companyfacts.zip');
const CIKS: Record<string, string> = {
  CF: '0001324404', GIS: '0000040704', ES: '0000072741', SLB: '0000087347',
};

function readEntries(file: string, names: ReadonlySet<string>): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('cannot open zip'));
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!names.has(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('cannot read entry'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => { out.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
        });
      });
      zip.readEntry();
    });
  });
}

const statements = new Map<string, CompanyStatements>();
function record(ticker: string, period: 'annual' | 'quarterly', date: string, type: StatementType): PeriodRecord {
  const rec = statements.get(ticker)!.records.find((r) => r.period === period && r.date === date && r.recordType === type);
  assert.ok(rec, `${ticker}: no ${period} ${type} record ending ${date}`);
  return rec;
}

describe('rule errors (issue 17, items 10-15) on real filings', { skip: fs.existsSync(zipPath) ? false : `no corpus at ${zipPath}` }, () => {
  before(async () => {
    const files = await readEntries(zipPath, new Set(Object.values(CIKS).map((c) => `CIK${c}.json`)));
    for (const [ticker, cik] of Object.entries(CIKS)) {
      const r = standardizeCompany(JSON.parse(files.get(`CIK${cik}.json`)!.toString('utf8')), { fiscalYearEnd: null });
      assert.ok(r.ok);
      statements.set(ticker, r.statements);
    }
  });

  test('cf-industries-2020-cash-is-the-line-that-reconciles-with-the-cash-flow-statement', () => {
    // 10-K 2020: cash and cash equivalents 683M (tagged only as
    // CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents, the statement's ending
    // cash; net change 396M). A note's `Cash` (108M; 59M a year earlier) outranked it.
    const bs = record('CF', 'annual', '2020-12-31', 'balance_sheet');
    assert.equal(bs.values.bs_cash_near_cash_item, 683000000);
    // the quarters too, also where the 10-Q has no fair-value table (Q3 2021: 757M, not 52M)
    assert.equal(record('CF', 'quarterly', '2021-09-30', 'balance_sheet').values.bs_cash_near_cash_item, 757000000);
    assert.equal(record('CF', 'quarterly', '2020-03-31', 'balance_sheet').values.bs_cash_near_cash_item, 753000000);
  });

  test('general-mills-fiscal-2013-q2-cash-tagged-as-cash-and-short-term-investments', () => {
    // 10-Q for the quarter ending 2012-11-25: "Cash and cash equivalents" 734.9M tagged
    // CashCashEquivalentsAndShortTermInvestments; its change since 2012-05-27 is the statement's
    // 263.7M, so it is the line (null before).
    const bs = record('GIS', 'quarterly', '2012-11-25', 'balance_sheet');
    assert.equal(bs.values.bs_cash_near_cash_item, 734900000);
    assert.equal(bs.provenance.bs_cash_near_cash_item?.concept, 'us-gaap:CashCashEquivalentsAndShortTermInvestments');
  });

  test('eversource-and-schlumberger-keep-their-cash-lines', () => {
    // Eversource reports no cash equivalents apart: its `Cash` line (47.4M at 2020-03-31) stays,
    // although the statement's ending cash adds 86M of restricted cash on no standard concept.
    assert.equal(record('ES', 'quarterly', '2020-03-31', 'balance_sheet').values.bs_cash_near_cash_item, 47425000);
    // Schlumberger's `Cash` (1,137M at 2019-12-31) is off the statement's change by 2M of
    // restricted cash and no other candidate reconciles: kept.
    assert.equal(record('SLB', 'annual', '2019-12-31', 'balance_sheet').values.bs_cash_near_cash_item, 1137000000);
  });
});
