// Shared case test of the period inputs: the slot arrays the build uses (buildPeriodInputs) and
// the plain reference version keyed by input name (buildPeriodInputsByName) give identical
// derived records, values, provenance and key order, for real corpus companies chosen for their
// cases (splits, share classes, a bank, mis-scaled share counts and cover pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openZipArchive, decodePayload } from '../src/sources/sec-zip.js';
import { standardizeCompany } from '../src/xbrl/standardize-company.js';
import { createMarketReader, tickerSymbolsOf } from '../src/dataset/tables/market-reader.js';
import { deriveCompanyRecords } from '../src/metrics/derive-company-records.js';
import { buildPeriodInputsByName } from '../src/metrics/period-inputs/build-period-inputs.js';
import type { CompanyStatements } from '../src/model/record-types.js';
import type { MarketData } from '../src/market/market-data.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';

const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');
const corpus = hasCorpusDataset();

/** AAPL (7-for-1, 4-for-1), AJG, AMZN (20-for-1), BRK-B (share classes), CSX, GOOGL, HLT, JPM (bank), MSFT, NEE, NFLX, NVDA, REG, XOM. */
const CIKS = [
  '0000320193', '0000354190', '0001018724', '0001067983', '0000277948', '0001652044', '0001585689',
  '0000019617', '0000789019', '0000753308', '0001065280', '0001045810', '0000910606', '0000034088',
];

interface Company { cik: string; statements: CompanyStatements; market: MarketData | null }

async function loadCompanies(): Promise<Company[]> {
  const db = new Database(corpusDatasetPath(), { readonly: true });
  const zip = await openZipArchive(path.join(dataDir, 'sec', 'companyfacts.zip'));
  try {
    const market = createMarketReader(db);
    const symbolsOf = tickerSymbolsOf(db);
    const out: Company[] = [];
    for (const cik of CIKS) {
      const entry = zip.entries.find((e) => e.fileName.endsWith(`CIK${cik}.json`));
      assert.ok(entry, `companyfacts of ${cik}`);
      const row = db.prepare('SELECT ticker, fiscal_year_end FROM companies WHERE cik = ?').get(cik) as { ticker: string; fiscal_year_end: string | null };
      const r = standardizeCompany(JSON.parse(decodePayload(await zip.readRaw(entry)).toString('utf8')), { fiscalYearEnd: row.fiscal_year_end });
      assert.ok(r.ok, cik);
      const symbols = [row.ticker, ...symbolsOf(cik).filter((s) => s !== row.ticker)];
      out.push({ cik, statements: r.statements, market: market.read(symbols) });
    }
    return out;
  } finally {
    zip.close();
    db.close();
  }
}

test('slot arrays and the by-name reference give identical derived records for real companies', { skip: !corpus && 'no corpus dataset' }, async () => {
  const companies = await loadCompanies();
  let values = 0;
  for (const c of companies) {
    const fast = deriveCompanyRecords(c.statements, c.market);
    const reference = deriveCompanyRecords(c.statements, c.market, buildPeriodInputsByName);
    assert.deepEqual(fast, reference, c.cik);
    assert.deepEqual(fast.map((r) => Object.keys(r.values)), reference.map((r) => Object.keys(r.values)), `${c.cik} key order`);
    for (const r of fast) if (r.recordType === 'multiples') for (const v of Object.values(r.values)) if (v !== null) values++;
  }
  assert.ok(values > 10_000, `price-based values compared: ${values}`);

  // no corpus company lacks a Q4 balance sheet: without them, Q4 takes the fiscal year-end balance
  for (const c of companies.slice(0, 3)) {
    const annualBalanceDates = new Set(c.statements.records.filter((r) => r.recordType === 'balance_sheet' && r.period === 'annual').map((r) => r.date));
    const noQ4Balance = { ...c.statements, records: c.statements.records.filter((r) => !(r.recordType === 'balance_sheet' && r.period === 'quarterly' && annualBalanceDates.has(r.date))) };
    assert.ok(noQ4Balance.records.length < c.statements.records.length, c.cik);
    assert.deepEqual(deriveCompanyRecords(noQ4Balance, c.market), deriveCompanyRecords(noQ4Balance, c.market, buildPeriodInputsByName), `${c.cik} without Q4 balance sheets`);
  }

  // the comparison sees a difference in one input of one period
  const c = companies[0]!;
  const changed = structuredClone(c.statements);
  const bs = changed.records.find((r) => r.recordType === 'balance_sheet' && typeof r.values.bs_cur_liab === 'number')!;
  bs.values.bs_cur_liab = (bs.values.bs_cur_liab as number) * 2;
  assert.notDeepEqual(deriveCompanyRecords(c.statements, c.market), deriveCompanyRecords(changed, c.market, buildPeriodInputsByName));
});
