// The shared case suite of the dataset's named queries (read-queries.ts) that every
// implementation runs (SQLite and PostgreSQL) on the corpus build: each case checks the query's
// own contract (order, bounds, limit, each row once) on real companies, and the answer equals
// the reference implementation's (SQLite, the served default) value for value.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecordType } from '../../model/record-types.js';
import type { DatasetQueries } from './read-queries.js';
import { loadCompanyFactsView } from './fact-store-queries.js';
import type { ConceptFacts } from '../../sources/fact-columns.js';
import type { RecordSeriesQuery } from './record-queries.js';
import { decodeProvenance } from '../codecs/provenance-decoder.js';
import type { ScreenRequest } from './screen-queries.js';

export type ReadQueriesUnderTest = DatasetQueries;

/** The encoded provenance rows of versions. */
function encodedRows(rows: ReadonlyArray<{ date: string; fields: string | null }>): Array<{ date: string; fields: string }> {
  return rows.flatMap((r) => (r.fields === null ? [] : [{ date: r.date, fields: r.fields }]));
}

const APPLE = '0000320193';
/** In the submissions but not the companyfacts of the corpus: a company with no statements. */
const COCA_COLA = '0000021344';
const RECORD_TYPES: RecordType[] = ['income_statement', 'balance_sheet', 'cash_flow', 'multiples', 'per_share'];
const dateOf = (body: string) => (JSON.parse(body) as { date: string }).date;
const fyOf = (body: string) => Number((JSON.parse(body) as { fiscal_year: string | number }).fiscal_year);

export function runReadQueryCases(name: string, open: () => Promise<ReadQueriesUnderTest>, reference: ReadQueriesUnderTest): void {
  describe(`dataset read query cases: ${name}`, () => {
    test('records.series: Apple\u2019s periods in date order, both directions, limited, equal to the reference', async () => {
      const ds = await open();
      for (const recordType of RECORD_TYPES) {
        for (const period of ['annual', 'quarterly']) {
          const q: RecordSeriesQuery = { cik: APPLE, recordType, period, order: 'DESC', limit: 1000 };
          const desc = await ds.records.series(q);
          assert.ok(desc.length >= 15, `${recordType} ${period}: ${desc.length} records`);
          const dates = desc.map(dateOf);
          assert.deepEqual(dates, [...dates].sort().reverse());
          const asc = await ds.records.series({ ...q, order: 'ASC' });
          assert.deepEqual(asc, [...desc].reverse());
          assert.deepEqual(await ds.records.series({ ...q, limit: 3 }), desc.slice(0, 3));
          assert.deepEqual(desc, await reference.records.series(q));
        }
      }
    });

    test('records.series: date and fiscal-year bounds are inclusive', async () => {
      const ds = await open();
      const all = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000 });
      const mid = all.slice(3, 8);
      const byDate = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000, dateStart: dateOf(mid[0]!), dateEnd: dateOf(mid.at(-1)!) });
      assert.deepEqual(byDate, mid);
      const fy = fyOf(mid[0]!);
      const byYear = await ds.records.series({ cik: APPLE, recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 1000, fiscalYearStart: fy, fiscalYearEnd: fy });
      assert.deepEqual(byYear.map(fyOf), [fy]);
      assert.deepEqual(await ds.records.series({ cik: '0000000000', recordType: 'income_statement', period: 'annual', order: 'ASC', limit: 10 }), []);
    });

    test('records.hasStatements: true for Apple, false for Coca-Cola (a profile, no XBRL facts in the corpus) and an unknown CIK; equal to the reference', async () => {
      const ds = await open();
      assert.equal(await ds.records.hasStatements(APPLE), true);
      assert.equal(await ds.records.hasStatements(COCA_COLA), false);
      assert.ok(ds.companies.all().some((c) => c.cik === COCA_COLA), 'Coca-Cola is a company of the dataset');
      assert.equal(await ds.records.hasStatements('0000000000'), false);
      for (const cik of [APPLE, COCA_COLA]) assert.equal(await ds.records.hasStatements(cik), await reference.records.hasStatements(cik));
    });

    test('records.provenance: the rows of the requested dates only, with their dictionaries; decoded equal to the reference', async () => {
      const ds = await open();
      const q: RecordSeriesQuery = { cik: APPLE, recordType: 'income_statement', period: 'quarterly', order: 'DESC', limit: 8 };
      const dates = (await ds.records.series(q)).map(dateOf);
      const stored = await ds.records.provenance(APPLE, 'income_statement', 'quarterly', dates);
      assert.deepEqual(stored.rows.map((r) => r.date), [...dates].sort());
      const decoded = decodeProvenance(stored);
      const revenue = decoded.get(dates[0]!)?.is_sales_revenue_turnover;
      assert.ok(revenue?.concept && revenue.accn && revenue.unit === 'USD' && revenue.end === dates[0], JSON.stringify(revenue));
      assert.deepEqual(decoded, decodeProvenance(await reference.records.provenance(APPLE, 'income_statement', 'quarterly', dates)));
      // the rows alone, decoded with the dictionaries read apart, are the same provenance
      const alone = await ds.records.provenance(APPLE, 'income_statement', 'quarterly', dates, false);
      assert.deepEqual([alone.texts.length, alone.filings.length], [0, 0]);
      assert.deepEqual(decodeProvenance({ rows: alone.rows, ...await ds.records.provenanceDictionaries(APPLE) }), decoded);
      const none = await ds.records.provenance(APPLE, 'income_statement', 'quarterly', ['1900-01-01']);
      assert.deepEqual([none.rows.length, none.texts.length, none.filings.length], [0, 0, 0]);
    });

    test('records.versionsAt: JPMorgan\u2019s versions known on a day (one per date, none filed later), first versions, the current records from the newest filing; equal to the reference', async () => {
      const ds = await open();
      assert.equal(await ds.records.hasVersions(), await reference.records.hasVersions());
      if (!(await ds.records.hasVersions())) return;
      const JPM = '0000019617';
      const q: RecordSeriesQuery = { cik: JPM, recordType: 'income_statement', period: 'annual', order: 'DESC', limit: 1000 };
      const newest = (await ds.factStore.newestFiled())!;
      // after its 10-K of early 2022: FY2019 revenue restated twice (test/api-point-in-time.test.ts)
      for (const asOf of ['2019-03-01', '2021-03-01', '2022-03-01', newest]) {
        const at = await ds.records.versionsAt(q, asOf, false);
        assert.ok(at.length >= 5, `${asOf}: ${at.length} versions`);
        const dates = at.map((r) => r.date);
        assert.deepEqual(dates, [...new Set(dates)].sort().reverse(), `${asOf}: one per date, newest first`);
        assert.ok(at.every((r) => r.known_from <= asOf && dateOf(r.body) === r.date), asOf);
        assert.deepEqual(await ds.records.versionsAt({ ...q, order: 'ASC' }, asOf, false), [...at].reverse());
        assert.deepEqual(await ds.records.versionsAt({ ...q, limit: 2 }, asOf, false), at.slice(0, 2));
        assert.deepEqual(at, await reference.records.versionsAt(q, asOf, false));
      }
      assert.deepEqual((await ds.records.versionsAt(q, newest, false)).map((r) => r.body), await ds.records.series(q));
      assert.deepEqual(await ds.records.versionsAt(q, '1990-01-01', false), []);
      const first = await ds.records.versionsAt(q, null, true);
      assert.deepEqual(first.map((r) => r.date), (await ds.records.series(q)).map(dateOf));
      const fy2019 = (rows: readonly { date: string; body: string }[]) => JSON.parse(rows.find((r) => r.date === '2019-12-31')!.body) as Record<string, unknown>;
      assert.notEqual(fy2019(first).is_sales_revenue_turnover, fy2019(await ds.records.versionsAt(q, newest, false)).is_sales_revenue_turnover, 'FY2019 first filed is the original, not the restated');
      assert.deepEqual(first, await reference.records.versionsAt(q, null, true));
      const bounded = { ...q, dateStart: '2015-01-01', dateEnd: '2019-12-31', fiscalYearStart: 2016 };
      const b = await ds.records.versionsAt(bounded, '2021-03-01', false);
      assert.ok(b.length > 0 && b.every((r) => r.date >= '2016-01-01' && r.date <= '2019-12-31'));
      assert.deepEqual(b, await reference.records.versionsAt(bounded, '2021-03-01', false));
      const dict = await ds.records.provenanceDictionaries(JPM);
      assert.ok(dict.texts.length > 0 && dict.filings.length > 0);
      assert.deepEqual(dict, await reference.records.provenanceDictionaries(JPM));
      const plain = await ds.records.versionsAt(q, '2021-03-01', false);
      const withFields = await ds.records.versionsAt(q, '2021-03-01', false, true);
      assert.ok(plain.every((r) => r.fields === null), 'no provenance read unless asked for');
      assert.deepEqual(withFields.map((r) => r.body), plain.map((r) => r.body));
      assert.deepEqual(withFields, await reference.records.versionsAt(q, '2021-03-01', false, true));
      const decoded = decodeProvenance({ rows: encodedRows(withFields), ...dict });
      assert.ok(decoded.get('2019-12-31')?.is_sales_revenue_turnover?.accn, 'a version\u2019s provenance decodes with the company\u2019s dictionaries');
    });

    test('splits: a company\u2019s splits each once, newest first; the calendar in order and limited; equal to the reference', async () => {
      const ds = await open();
      const apple = await ds.splits.forCompany(APPLE, ['AAPL']);
      assert.ok(apple.length >= 2, `${apple.length} Apple splits`);
      assert.equal(new Set(apple.map((s) => s.id)).size, apple.length);
      assert.deepEqual(apple.map((s) => s.date), apple.map((s) => s.date).sort().reverse());
      assert.deepEqual(apple, await reference.splits.forCompany(APPLE, ['AAPL']));
      for (const order of ['ASC', 'DESC'] as const) {
        const q = { dateStart: '2010-01-01', dateEnd: '2020-12-31', order, limit: 50 };
        const cal = await ds.splits.calendar(q);
        assert.equal(cal.length, 50);
        assert.ok(cal.every((s) => s.date >= '2010-01-01' && s.date <= '2020-12-31'));
        assert.deepEqual(cal, await reference.splits.calendar(q));
      }
    });

    test('prices: bars inside every bound, in order, limited; lastDate; equal to the reference', async () => {
      const ds = await open();
      for (const order of ['ASC', 'DESC'] as const) {
        const q = { symbol: 'AAPL', dateStart: '2020-01-01', dateEnd: '2020-12-31', order, limit: 300 };
        const bars = await ds.prices.bars(q);
        assert.ok(bars.length > 200, `${bars.length} bars`);
        const dates = bars.map((b) => b.date);
        assert.deepEqual(dates, order === 'ASC' ? [...dates].sort() : [...dates].sort().reverse());
        assert.deepEqual(bars, await reference.prices.bars(q));
        const page = { ...q, after: '2020-03-01', before: '2020-04-01', limit: 5 };
        const p = await ds.prices.bars(page);
        assert.equal(p.length, 5);
        assert.ok(p.every((b) => b.date > '2020-03-01' && b.date < '2020-04-01'));
        assert.deepEqual(p, await reference.prices.bars(page));
      }
      const last = await ds.prices.lastDate('AAPL');
      assert.match(last ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(last, await reference.prices.lastDate('AAPL'));
      assert.equal(await ds.prices.lastDate('NO SUCH SYMBOL'), null);
    });

    test('prices.newestDate: the newest bar of any symbol (no symbol ends later); equal to the reference', async () => {
      const ds = await open();
      const newest = await ds.prices.newestDate();
      assert.match(newest ?? '', /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(newest, await reference.prices.newestDate());
      const ends = await Promise.all(['AAPL', 'MSFT', 'NVDA', 'JPM', 'BRK-A', 'TSM'].map((s) => ds.prices.lastDate(s)));
      assert.ok(ends.every((d) => d === null || d <= newest!), `${newest} vs ${ends.join(' ')}`);
      assert.ok(ends.includes(newest), `no checked symbol ends on ${newest}: ${ends.join(' ')}`);
    });

    test('prices.shareClass: BRK-B is 1,500 per class A share (data/share-classes.csv), a plain listing has no row; equal to the reference', async () => {
      const ds = await open();
      const b = await ds.prices.shareClass('BRK-B');
      assert.equal(b?.listing_per_reporting, 1500);
      assert.equal(b?.reporting_class, 'BRK-A');
      assert.equal(b?.cik, '0001067983');
      assert.deepEqual(b, await reference.prices.shareClass('BRK-B'));
      assert.equal(await ds.prices.shareClass('AAPL'), undefined);
    });

    test('forex: currencies with their runs; pair legs through EUR and across, both orders; equal to the reference', async () => {
      const ds = await open();
      const currencies = await ds.fx.currencies();
      assert.ok(currencies.some((c) => c.currency === 'USD'));
      assert.deepEqual(currencies, await reference.fx.currencies());
      for (const [base, quote] of [['USD', 'JPY'], ['EUR', 'USD'], ['GBP', 'EUR']]) {
        for (const order of ['ASC', 'DESC'] as const) {
          const q = { base: base!, quote: quote!, dateStart: '2015-01-01', dateEnd: '2015-12-31', after: '2015-02-01', order, limit: 40 };
          const legs = await ds.fx.pairRates(q);
          assert.equal(legs.length, 40, `${base}/${quote}`);
          assert.ok(legs.every((l) => l.date > '2015-02-01' && l.base_rate > 0 && l.quote_rate > 0));
          assert.deepEqual(legs, await reference.fx.pairRates(q));
        }
      }
    });

    test('fact store: the same blob as the reference, decoded to Apple\'s facts', async () => {
      const ds = await open();
      const row = await ds.factStore.forCik(APPLE);
      const ref = await reference.factStore.forCik(APPLE);
      assert.ok(row && ref, 'Apple has stored facts');
      assert.equal(row.fiscal_year_end, ref.fiscal_year_end);
      assert.equal(Buffer.from(row.blob).toString('base64'), Buffer.from(ref.blob).toString('base64'));
      const stored = await loadCompanyFactsView(ds, APPLE);
      const revenue = stored?.view.facts['us-gaap']?.['RevenueFromContractWithCustomerExcludingAssessedTax'] as ConceptFacts | undefined;
      assert.ok(revenue && (revenue.units.get('USD')?.length ?? 0) > 50);
      assert.equal(await ds.factStore.forCik('0000000000'), null);
      const newest = await ds.factStore.newestFiled();
      assert.ok(newest !== null && newest > '2024-01-01', String(newest));
      assert.equal(newest, await reference.factStore.newestFiled());
    });

    test('companies, logos, exchange calendars, earnings calls: equal to the reference', async () => {
      const ds = await open();
      const mc = await ds.companies.latestMarketCap(APPLE);
      assert.ok(typeof mc === 'number' && mc > 1e11, String(mc));
      assert.equal(mc, await reference.companies.latestMarketCap(APPLE));
      assert.equal(await ds.companies.latestMarketCap('0000000000'), null);
      const logo = await ds.logos.forCik(APPLE);
      const refLogo = await reference.logos.forCik(APPLE);
      assert.deepEqual(logo && { ...logo, bytes: Buffer.from(logo.bytes).toString('base64') }, refLogo && { ...refLogo, bytes: Buffer.from(refLogo.bytes).toString('base64') });
      assert.equal(await ds.logos.forCik('0000000000'), null);
      const mics = await ds.exchangeCalendars.mics();
      assert.ok(mics.includes('XNYS'), mics.join(' '));
      assert.deepEqual(mics, await reference.exchangeCalendars.mics());
      for (const mic of ['XNYS', 'XNAS', 'NOPE']) {
        assert.deepEqual(await ds.exchangeCalendars.tradingHours(mic), await reference.exchangeCalendars.tradingHours(mic));
        assert.deepEqual(await ds.exchangeCalendars.holidayYears(mic), await reference.exchangeCalendars.holidayYears(mic));
        assert.deepEqual(await ds.exchangeCalendars.holidays(mic, 2024), await reference.exchangeCalendars.holidays(mic, 2024));
      }
      assert.ok((await ds.exchangeCalendars.holidays('XNYS', 2024)).length >= 9);
      assert.deepEqual(await ds.earningsCalls.latest(APPLE), await reference.earningsCalls.latest(APPLE));
      assert.deepEqual(await ds.earningsCalls.list(APPLE, { periodEndFrom: null, limit: 10 }), await reference.earningsCalls.list(APPLE, { periodEndFrom: null, limit: 10 }));
      assert.deepEqual(await ds.earningsCalls.call(APPLE, 2024, 1), await reference.earningsCalls.call(APPLE, 2024, 1));
    });

    test('the catalogs\u2019 row sets (tickers, search entries, companies, identifier links, profiles, MICs) equal the reference, in order', async () => {
      const ds = await open();
      const sets: Array<[string, () => unknown, () => unknown]> = [
        ['tickers.all', () => ds.tickers.all(), () => reference.tickers.all()],
        ['tickers.searchEntries', () => ds.tickers.searchEntries(), () => reference.tickers.searchEntries()],
        ['companies.all', () => ds.companies.all(), () => reference.companies.all()],
        ['identifiers.companiesWithFacts', () => ds.identifiers.companiesWithFacts(), () => reference.identifiers.companiesWithFacts()],
        ['identifiers.companyTickers', () => ds.identifiers.companyTickers(), () => reference.identifiers.companyTickers()],
        ['identifiers.tickerLinks', () => ds.identifiers.tickerLinks(), () => reference.identifiers.tickerLinks()],
        ['identifiers.cusipLinks', () => ds.identifiers.cusipLinks(), () => reference.identifiers.cusipLinks()],
        ['identifiers.issuerLinks', () => ds.identifiers.issuerLinks(), () => reference.identifiers.issuerLinks()],
        ['reference.profileSources', () => ds.reference.profileSources(), () => reference.reference.profileSources()],
        ['reference.mics', () => ds.reference.mics(), () => reference.reference.mics()],
      ];
      for (const [label, mine, theirs] of sets) {
        const a = mine() as unknown[];
        assert.ok(a.length > 100, `${label}: ${a.length} rows`);
        assert.deepEqual(a, theirs(), label);
      }
    });

    test('screens.screen: filters (numbers, text, nulls, between, in, or, not), periods, kinds and pages give the reference’s rows in its order', async () => {
      const ds = await open();
      const base: ScreenRequest = { kind: 'annual', period: { at: 'latest' }, filter: null, minDate: null, sort: [{ field: 'market_cap', desc: true }], columns: ['market_cap', 'oper_margin', 'pe_ratio'], limit: 1000, offset: 0 };
      const requests: ScreenRequest[] = [
        base,
        { ...base, filter: { op: 'and', args: [{ op: 'cmp', field: 'oper_margin', cmp: '>', value: 20 }, { op: 'in', field: 'sector', values: ['technology', 'Finance'] }] } },
        { ...base, filter: { op: 'or', args: [{ op: 'is_null', field: 'pe_ratio' }, { op: 'not', arg: { op: 'between', field: 'pe_ratio', low: 0, high: 30 } }] }, sort: [{ field: 'pe_ratio', desc: false }] },
        { ...base, filter: { op: 'cmp_field', field: 'net_debt', cmp: '<', other: 'ebitda' }, columns: ['net_debt', 'ebitda'], sort: [{ field: 'sector', desc: false }, { field: 'net_debt', desc: true }] },
        { ...base, period: { at: 'fiscal_year', fiscalYear: 2019 }, filter: { op: 'cmp', field: 'sector', cmp: '!=', value: 'Technology' } },
        { ...base, period: { at: 'date_end', dateEnd: '2018-06-30' }, minDate: '2017-01-01' },
        { ...base, kind: 'quarterly', sort: [{ field: 'oper_margin', desc: false }] },
        { ...base, kind: 'ttm', columns: ['pe_ratio', 'ebitda'], sort: [{ field: 'ebitda', desc: true }] },
      ];
      for (const req of requests) {
        const all = await ds.screens.screen(req);
        const label = JSON.stringify({ kind: req.kind, period: req.period, filter: req.filter });
        assert.ok(all.length > 20, `${label}: ${all.length} rows`);
        assert.equal(new Set(all.map((r) => r.cik)).size, all.length, `${label}: one row per company`);
        assert.deepEqual(all, await reference.screens.screen(req), label);
        assert.deepEqual(await ds.screens.screen({ ...req, limit: 10, offset: 10 }), all.slice(10, 20), `${label}: a page is a slice`);
      }
      const companies = await ds.screens.companies();
      assert.ok(companies.length > 300);
      assert.deepEqual(companies, await reference.screens.companies());
    });

    test('screens.screenAt: the latest rows known on a day (stored screen versions) filtered, sorted and paged in SQL give the reference’s rows in its order', async () => {
      const ds = await open();
      const base: ScreenRequest = { kind: 'annual', period: { at: 'latest' }, filter: null, minDate: null, sort: [{ field: 'market_cap', desc: true }], columns: ['market_cap', 'oper_margin', 'pe_ratio'], limit: 1000, offset: 0 };
      if (!(await ds.screens.hasVersions())) {
        assert.deepEqual(await ds.screens.screenAt(base, '2019-03-31'), []);
        return;
      }
      // the stale limit two years before the day
      const requests = (asOf: string): ScreenRequest[] => [
        base,
        { ...base, minDate: `${Number(asOf.slice(0, 4)) - 2}${asOf.slice(4)}`, filter: { op: 'and', args: [{ op: 'cmp', field: 'oper_margin', cmp: '>', value: 20 }, { op: 'in', field: 'sector', values: ['technology', 'Finance'] }] } },
        { ...base, filter: { op: 'or', args: [{ op: 'is_null', field: 'pe_ratio' }, { op: 'not', arg: { op: 'between', field: 'pe_ratio', low: 0, high: 30 } }] }, sort: [{ field: 'pe_ratio', desc: false }, { field: 'date', desc: true }] },
        { ...base, kind: 'quarterly', sort: [{ field: 'oper_margin', desc: false }] },
        { ...base, kind: 'ttm', columns: ['pe_ratio', 'ebitda'], sort: [{ field: 'ebitda', desc: true }] },
      ];
      for (const asOf of ['2014-05-15', '2019-03-31', '2023-11-30']) {
        for (const req of requests(asOf)) {
          const all = await ds.screens.screenAt(req, asOf);
          const label = `${asOf} ${JSON.stringify({ kind: req.kind, filter: req.filter, minDate: req.minDate })}`;
          assert.ok(all.length > 10, `${label}: ${all.length} rows`);
          assert.equal(new Set(all.map((x) => x.cik)).size, all.length, `${label}: one row per company`);
          assert.ok(all.every((x) => x.date <= asOf && (req.minDate === null || x.date >= req.minDate)), `${label}: periods ended by then, not before the stale limit`);
          assert.deepEqual(all, await reference.screens.screenAt(req, asOf), label);
          assert.deepEqual(await ds.screens.screenAt({ ...req, limit: 10, offset: 10 }, asOf), all.slice(10, 20), `${label}: a page is a slice`);
        }
      }
    });

    test('screens.knownBodies: every company\u2019s versions known on a day are the per-company versionsAt answers (Apple, JPMorgan), bounded by date; equal to the reference', async () => {
      const ds = await open();
      if (!(await ds.records.hasVersions())) {
        assert.deepEqual(await ds.screens.knownBodies({ recordTypes: ['income_statement'], period: 'annual', asOf: '2020-01-01', dateFrom: null, dateTo: null, fiscalYear: null }), []);
        return;
      }
      const key = (r: { cik: string; record_type: string; body: string }) => `${r.cik}|${r.record_type}|${dateOf(r.body)}`;
      const sorted = <T extends { cik: string; record_type: string; body: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
      const types: RecordType[] = ['income_statement', 'multiples'];
      for (const [asOf, dateFrom, dateTo] of [['2019-03-31', null, null], ['2021-03-01', '2019-06-01', null], ['2020-01-01', null, '2018-12-31'], [null, '2024-01-01', null]] as const) {
        const rows = sorted(await ds.screens.knownBodies({ recordTypes: types, period: 'annual', asOf, dateFrom, dateTo, fiscalYear: null }));
        const label = `${asOf} ${dateFrom} ${dateTo}`;
        assert.ok(new Set(rows.map((r) => r.cik)).size > 200, `${label}: ${rows.length} rows`);
        assert.equal(new Set(rows.map(key)).size, rows.length, `${label}: one version per record`);
        assert.ok(rows.every((r) => (dateFrom === null || dateOf(r.body) >= dateFrom) && (dateTo === null || dateOf(r.body) <= dateTo)), label);
        assert.deepEqual(rows, sorted(await reference.screens.knownBodies({ recordTypes: types, period: 'annual', asOf, dateFrom, dateTo, fiscalYear: null })), label);
        for (const cik of [APPLE, '0000019617']) {
          for (const recordType of types) {
            const q: RecordSeriesQuery = { cik, recordType, period: 'annual', order: 'ASC', limit: 1000, ...(dateFrom ? { dateStart: dateFrom } : {}), ...(dateTo ? { dateEnd: dateTo } : {}) };
            const per = asOf === null ? await ds.records.series(q) : (await ds.records.versionsAt(q, asOf, false)).map((r) => r.body);
            assert.deepEqual(rows.filter((r) => r.cik === cik && r.record_type === recordType).map((r) => r.body), per, `${label} ${cik} ${recordType}`);
          }
        }
      }
    });
  });
}
