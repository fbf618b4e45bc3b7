// End-to-end: the screener on the corpus dataset over HTTP. A brute-force reference: every
// company's records are fetched through the per-company endpoints (statements, ratios, enterprise
// value, multiples, profile; with as_of for the as_of screen) and each screen's rule is applied here
// in plain JavaScript; the screener's rows must be exactly those, in the order asked. Bad
// expressions are 400s naming `where` (never 500); a page walk has no duplicate and no gap; a
// tampered or replayed token is refused; the plan's history applies to fiscal_year and as_of.
import { SHARE_CLASSES_FILE, readShareClasses } from '../src/sources/share-classes-csv.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasCorpusDataset, startTestServer, TEST_NOW, type TestServer } from './support/test-server.js';

const corpus = hasCorpusDataset();
type Rec = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Record types fetched per company, and the endpoint of each (the fields the screens read come from these). */
const TYPES: Record<string, string> = {
  income_statement: '/v2/fundamental/income-statement', balance_sheet: '/v2/fundamental/balance-sheet', cash_flow: '/v2/fundamental/cash-flow',
  credit: '/v2/fundamental/ratios/credit', enterprise_value: '/v2/fundamental/enterprise-value', multiples: '/v2/fundamental/multiples',
};
/** The record type each field of the screens is read from (statements first, as docs/api.md says). */
const SOURCE: Record<string, string> = {
  oper_margin: 'income_statement', ebitda: 'income_statement', is_sales_revenue_turnover: 'income_statement', net_debt: 'balance_sheet',
  net_debt_to_ebitda: 'credit', market_cap: 'enterprise_value', pe_ratio: 'multiples', cf_free_cash_flow: 'cash_flow',
};
const STATEMENTS = ['income_statement', 'balance_sheet', 'cash_flow'];
/** The listing a screen row names: a class listing on another share basis than the filer's
 *  per-share figures (BRK-B, 1/1,500 of BRK-A) is listed as its reporting class (the values are on that basis). */
const CLASSES = readShareClasses(SHARE_CLASSES_FILE);
function listedAs(symbol: string | null): string | null {
  const c = CLASSES.find((r) => r.symbol === symbol && r.listingPerReporting !== 1 && r.reportingClass !== null && r.reportingClass !== r.symbol);
  return c ? c.reportingClass : symbol;
}

interface Company { cik: string; symbol: string | null; sector: string | null; exchange: string | null; country: string | null; records: Map<string, Map<string, Rec[]>> }
interface RefRow { cik: string; symbol: string | null; sector: string | null; exchange: string | null; date: string; fiscal_year: number; v: Record<string, number | null> }

function monthsBefore(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() - months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), last))).toISOString().slice(0, 10);
}
const TODAY = new Date(TEST_NOW).toISOString().slice(0, 10);

describe('screener on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  let key: string;
  before(async () => { s = await startTestServer(); key = s.keys.enterprise; });
  after(async () => { await s?.close(); });

  const getJson = async (p: string): Promise<{ status: number; body: any }> => {
    const res = await s.get(p, { key });
    return { status: res.status, body: await res.json() };
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  /** Every row of a v3 screen, following next_page_url. */
  async function screen(params: Record<string, string>): Promise<Row[]> {
    const out: Row[] = [];
    let next: string | null = `/v3.0.0/screener?${q({ limit: '1000', ...params })}`;
    while (next !== null) {
      const { status, body } = await getJson(next);
      assert.equal(status, 200, `${next}: ${JSON.stringify(body).slice(0, 300)}`);
      out.push(...(body.data as Row[]));
      next = body.next_page_url === null ? null : new URL(body.next_page_url as string).pathname + new URL(body.next_page_url as string).search;
    }
    return out;
  }

  /** Every company's records of TYPES (all periods of `period`) and profile, through the per-company endpoints. */
  async function companies(period: 'annual' | 'quarterly', asOf?: string, wanted: (profile: Rec) => boolean = () => true): Promise<Company[]> {
    const out: Company[] = [];
    for (const c of s.dataset.companies.all()) {
      const profile = (await getJson(`/v2/company/profile/${c.cik}`)).body as Rec;
      // a company the screen's text condition excludes needs no records (the rule below excludes it too)
      if (!wanted(profile)) continue;
      const records = new Map<string, Map<string, Rec[]>>();
      let covered = true;
      for (const [type, path] of Object.entries(TYPES)) {
        const res = await s.get(`${path}/${c.cik}?${q({ period, limit: STATEMENTS.includes(type) ? '400' : '250', ...(asOf ? { as_of: asOf } : {}) })}`, { key });
        if (res.status === 404) { covered = false; await res.text(); break; }
        assert.equal(res.status, 200, `${type} ${c.cik}`);
        const byDate = new Map<string, Rec[]>();
        for (const r of (await res.json()) as Rec[]) byDate.set(String(r.date), [...(byDate.get(String(r.date)) ?? []), r]);
        records.set(type, byDate);
      }
      if (!covered) continue;
      out.push({ cik: c.cik, symbol: listedAs(profile.symbol as string | null), sector: profile.sector as string | null, exchange: profile.exchange as string | null, country: profile.country as string | null, records });
    }
    return out;
  }

  /** A company's screen row: its latest period (of all fetched record types) or the period asked, and the fields from their record types. */
  function refRow(c: Company, opts: { fiscalYear?: number; dateEnd?: string; minDate: string | null }): RefRow | null {
    const dates = new Set<string>();
    for (const t of STATEMENTS) for (const d of c.records.get(t)!.keys()) dates.add(d);
    // derived records are at statement dates (so the statements' dates are every record type's)
    for (const t of Object.keys(TYPES)) for (const d of c.records.get(t)!.keys()) assert.ok(dates.has(d), `${c.cik} ${t} ${d} has no statement`);
    let best: { date: string; fy: number } | null = null;
    for (const d of dates) {
      const fy = Number((STATEMENTS.map((t) => c.records.get(t)!.get(d)?.[0]).find((r) => r !== undefined) as Rec).fiscal_year);
      if (opts.fiscalYear !== undefined && fy !== opts.fiscalYear) continue;
      if (opts.dateEnd !== undefined && d > opts.dateEnd) continue;
      if (best === null || d > best.date) best = { date: d, fy };
    }
    if (best === null || (opts.minDate !== null && best.date < opts.minDate)) return null;
    const v: Record<string, number | null> = {};
    for (const [f, t] of Object.entries(SOURCE)) {
      const r = c.records.get(t)!.get(best.date)?.[0];
      v[f] = typeof r?.[f] === 'number' ? (r[f] as number) : null;
    }
    return { cik: c.cik, symbol: c.symbol, sector: c.sector, exchange: c.exchange, date: best.date, fiscal_year: best.fy, v };
  }

  const gt = (x: number | null, y: number) => x !== null && x > y;
  const lt = (x: number | null, y: number) => x !== null && x < y;

  interface Case { name: string; params: Record<string, string>; keep: (r: RefRow) => boolean; fiscalYear?: number; dateEnd?: string; stale?: boolean }
  const ANNUAL: Case[] = [
    { name: 'numeric range', params: { where: 'oper_margin > 30', sort: '-market_cap' }, keep: (r) => gt(r.v.oper_margin!, 30) },
    { name: 'between with suffixes', params: { where: 'market_cap between 100B and 500B', sort: 'market_cap' }, keep: (r) => r.v.market_cap !== null && r.v.market_cap! >= 100e9 && r.v.market_cap! <= 500e9 },
    { name: 'or', params: { where: 'net_debt_to_ebitda < 0 or pe_ratio > 40', sort: '-pe_ratio' }, keep: (r) => lt(r.v.net_debt_to_ebitda!, 0) || gt(r.v.pe_ratio!, 40) },
    { name: 'not (nulls stay out)', params: { where: 'not (oper_margin > 10)', sort: 'oper_margin' }, keep: (r) => r.v.oper_margin !== null && !(r.v.oper_margin! > 10) },
    { name: 'is null', params: { where: 'pe_ratio is null' }, keep: (r) => r.v.pe_ratio === null },
    { name: 'text and number', params: { where: "sector = 'technology' and oper_margin > 20", sort: '-oper_margin' }, keep: (r) => r.sector?.toLowerCase() === 'technology' && gt(r.v.oper_margin!, 20) },
    { name: 'in (text)', params: { where: "sector in ('Finance', 'Energy')", sort: 'symbol' }, keep: (r) => r.sector === 'Finance' || r.sector === 'Energy' },
    { name: 'text != and number', params: { where: "exchange != 'NYSE' and market_cap > 200B", sort: '-market_cap' }, keep: (r) => r.exchange !== null && r.exchange !== 'NYSE' && gt(r.v.market_cap!, 200e9) },
    { name: 'field against field', params: { where: 'net_debt < ebitda and cf_free_cash_flow > 1B', sort: '-cf_free_cash_flow' }, keep: (r) => r.v.net_debt !== null && r.v.ebitda !== null && r.v.net_debt! < r.v.ebitda! && gt(r.v.cf_free_cash_flow!, 1e9) },
    { name: 'fiscal_year', params: { where: 'oper_margin > 25', fiscal_year: '2020', sort: '-oper_margin' }, keep: (r) => gt(r.v.oper_margin!, 25), fiscalYear: 2020 },
    { name: 'date_end', params: { where: 'pe_ratio < 15 and pe_ratio > 0', date_end: '2019-12-31', sort: 'pe_ratio' }, keep: (r) => lt(r.v.pe_ratio!, 15) && gt(r.v.pe_ratio!, 0), dateEnd: '2019-12-31' },
    { name: 'include_stale', params: { where: 'is_sales_revenue_turnover > 50B', include_stale: 'true', sort: '-is_sales_revenue_turnover' }, keep: (r) => gt(r.v.is_sales_revenue_turnover!, 50e9), stale: true },
  ];

  function expected(all: Company[], c: Case, asOf?: string): RefRow[] {
    const reference = c.dateEnd ?? asOf ?? TODAY;
    const minDate = c.fiscalYear !== undefined || c.stale ? null : monthsBefore(reference, 18);
    return all.map((x) => refRow(x, { fiscalYear: c.fiscalYear, dateEnd: c.dateEnd, minDate })).filter((r): r is RefRow => r !== null && c.keep(r));
  }

  function assertSame(got: Row[], want: RefRow[], c: Case): void {
    const key = (r: Row | RefRow) => `${String(r.cik)}|${String(r.date)}`;
    assert.deepEqual(got.map(key).sort(), want.map(key).sort(), `${c.name}: the rows`);
    const byKey = new Map(want.map((r) => [key(r), r]));
    for (const g of got) {
      const w = byKey.get(key(g))!;
      assert.equal(g.symbol, w.symbol, `${c.name} ${g.cik} symbol`);
      assert.equal(g.fiscal_year, w.fiscal_year, `${c.name} ${g.cik} fiscal_year`);
      for (const f of Object.keys(SOURCE)) if (f in g) assert.equal(g[f], w.v[f], `${c.name} ${g.cik} ${f}`);
    }
    // the order: the sort key (nulls last), ties by symbol
    const sort = c.params.sort;
    if (sort && sort !== 'symbol') {
      const f = sort.replace(/^-/, '');
      const desc = sort.startsWith('-');
      const values = got.map((g) => g[f] as number | null);
      for (let i = 1; i < values.length; i++) {
        const a = values[i - 1]!;
        const b = values[i]!;
        if (a === null) assert.equal(b, null, `${c.name}: nulls last`);
        else if (b !== null) assert.ok(desc ? a >= b : a <= b, `${c.name}: ordered by ${sort} at ${i}`);
        if (a === b) assert.ok(String(got[i - 1]!.symbol) < String(got[i]!.symbol), `${c.name}: ties by symbol at ${i}`);
      }
    } else {
      const symbols = got.map((g) => String(g.symbol));
      assert.deepEqual(symbols, [...symbols].sort(), `${c.name}: by symbol`);
    }
  }

  test('a dozen annual screens equal the brute-force reference over the per-company endpoints', async () => {
    const all = await companies('annual');
    assert.ok(all.length > 300, `${all.length} companies with statements`);
    for (const c of ANNUAL) {
      const want = expected(all, c);
      const got = await screen(c.params);
      assertSame(got, want, c);
    }
    // the reference is not empty for most screens (a screen that keeps nothing checks little)
    assert.ok(ANNUAL.filter((c) => expected(all, c).length > 0).length >= 10);
  });

  test('quarterly: the latest quarter of each company, statement fields are the quarter\u2019s', async () => {
    const all = await companies('quarterly');
    const c: Case = { name: 'quarterly between', params: { period: 'quarterly', where: 'oper_margin between 20 and 40', sort: '-oper_margin' }, keep: (r) => r.v.oper_margin !== null && r.v.oper_margin! >= 20 && r.v.oper_margin! <= 40 };
    const want = expected(all, c);
    assert.ok(want.length > 10);
    assertSame(await screen(c.params), want, c);
  });

  test('as_of: only what was filed by then, through the per-company endpoints with as_of', async () => {
    const asOf = '2012-03-31';
    // two sectors: the records of every company of them are computed (screen and reference), the others are excluded by their profile
    const sectors = ['Technology', 'Energy'];
    const c: Case = { name: 'as_of', params: { where: `sector in ('Technology', 'Energy') and oper_margin > 20`, as_of: asOf, sort: '-market_cap' }, keep: (r) => sectors.includes(String(r.sector)) && gt(r.v.oper_margin!, 20) };
    const got = await screen(c.params);
    const all = await companies('annual', asOf, (p) => sectors.includes(String(p.sector)));
    const want = expected(all, c, asOf);
    assert.ok(want.length > 10, `${want.length} companies`);
    assertSame(got, want, c);
    assert.ok(got.every((r) => String(r.date) <= asOf));
  });

  test('a multi-class filer is listed by the class its values are on: Berkshire as BRK-A, EPS as the BRK-A endpoint serves it', async () => {
    // fiscal 2014: Berkshire's companyfacts carry no undimensioned EPS after 2014
    const all = await screen({ where: 'eps > 3000', fields: 'eps', period: 'annual', fiscal_year: '2014' });
    // BRK-B is 1/1,500 of a class A share: a BRK-B row would need EPS / 1,500 (the per-company endpoints rebase it)
    const rows = all.filter((r) => r.cik === '0001067983');
    assert.equal(rows.length, 1, JSON.stringify(all));
    assert.equal(rows[0]!.symbol, 'BRK-A');
    const a = (await getJson(`/v2/fundamental/income-statement/BRK-A?${q({ period: 'annual', limit: '1', date_end: String(rows[0]!.date) })}`)).body as Rec[];
    assert.equal(rows[0]!.eps, a[0]!.eps);
    const b = (await getJson(`/v2/fundamental/income-statement/BRK-B?${q({ period: 'annual', limit: '1', date_end: String(rows[0]!.date) })}`)).body as Rec[];
    assert.ok(Math.abs((b[0]!.eps as number) * 1500 - (rows[0]!.eps as number)) < 0.01 * Math.abs(rows[0]!.eps as number));
  });

  test('bad expressions: 400 with param where (422 on v2), never 500', async () => {
    const bad = [
      '(oper_margin > 30', 'oper_margin > 30)', 'opr_margin > 30', "sector > 'A'", 'sector = 5', "oper_margin = 'high'", 'oper_margin > 30%',
      'market_cap > 10%', 'oper_margin >', 'oper_margin between 1', 'and', 'oper_margin > 1 and', `oper_margin > ${'1'.repeat(10)}x`,
      `oper_margin > 1${' and oper_margin > 1'.repeat(600)}`, `${'('.repeat(200)}oper_margin > 1${')'.repeat(200)}`, `${'not '.repeat(100)}oper_margin > 1`,
      "sector = 'unterminated", 'oper_margin > 1 ; drop table screen_rows', 'oper_margin in ()', 'oper_margin is nul',
    ];
    for (const where of bad) {
      const { status, body } = await getJson(`/v3.0.0/screener?${q({ where })}`);
      assert.equal(status, 400, `${where.slice(0, 60)}: ${JSON.stringify(body)}`);
      assert.equal(body.error.param, 'where', where.slice(0, 60));
      assert.equal(body.error.code, 'parameter_invalid');
      const v2 = await s.get(`/v2/screener?${q({ where })}`, { key });
      assert.equal(v2.status, 422, where.slice(0, 60));
      await v2.text();
    }
    const unknown = await getJson(`/v3.0.0/screener?${q({ where: 'opr_margin > 30' })}`);
    assert.match(unknown.body.error.message, /unknown field 'opr_margin'.*oper_margin/);
    const pct = await getJson(`/v3.0.0/screener?${q({ where: 'oper_margin > 30%' })}`);
    assert.match(pct.body.error.message, /already in percent/);
    const text = await getJson(`/v3.0.0/screener?${q({ where: 'sector = 5' })}`);
    assert.match(text.body.error.message, /text field/);
  });

  test('pages walked to the end: no duplicate, no gap; a tampered or replayed token is refused', async () => {
    const params = { include_stale: 'true', sort: '-market_cap', fields: 'market_cap' };
    const whole = await screen(params);
    assert.ok(whole.length > 300);
    const walked: Row[] = [];
    let next: string | null = `/v3.0.0/screener?${q({ ...params, limit: '37' })}`;
    let pages = 0;
    let lastUrl = '';
    while (next !== null) {
      const { status, body } = await getJson(next);
      assert.equal(status, 200);
      assert.ok(body.data.length <= 37);
      walked.push(...body.data);
      lastUrl = next;
      next = body.next_page_url === null ? null : new URL(body.next_page_url).pathname + new URL(body.next_page_url).search;
      pages += 1;
    }
    assert.equal(pages, Math.ceil(whole.length / 37));
    assert.deepEqual(walked.map((r) => r.cik), whole.map((r) => r.cik));
    assert.equal(new Set(walked.map((r) => r.cik)).size, walked.length);
    // previous_page_url of the last page leads back to the page before it
    const last = await getJson(lastUrl);
    const prevUrl = new URL(last.body.previous_page_url);
    const prev = await getJson(prevUrl.pathname + prevUrl.search);
    assert.deepEqual(prev.body.data.map((r: Row) => r.cik), whole.slice((pages - 2) * 37, (pages - 1) * 37).map((r) => r.cik));
    // tampered: one character of the token changed
    const token = prevUrl.searchParams.get('page')!;
    const flipped = token.slice(0, 10) + (token[10] === 'A' ? 'B' : 'A') + token.slice(11);
    const tampered = await getJson(`/v3.0.0/screener?${q({ ...params, limit: '37', page: flipped })}`);
    assert.equal(tampered.status, 400);
    assert.equal(tampered.body.error.code, 'page_token_invalid');
    // replayed with another filter or sort: bound to the whole query
    for (const other of [{ ...params, where: 'market_cap > 1B' }, { ...params, sort: 'market_cap' }, { ...params, fields: 'pe_ratio' }]) {
      const replay = await getJson(`/v3.0.0/screener?${q({ ...other, limit: '37', page: token })}`);
      assert.equal(replay.status, 400, JSON.stringify(other));
      assert.equal(replay.body.error.code, 'page_token_invalid');
    }
  });

  test('v2: the same rows as a JSON array and as TSV (format=excel); include=provenance names each value\u2019s source', async () => {
    const params = { where: 'market_cap > 1T', sort: '-market_cap', fields: 'market_cap,oper_margin,industry' };
    const v3 = await screen(params);
    const v2 = (await getJson(`/v2/screener?${q(params)}`)).body as Row[];
    assert.deepEqual(v2, v3);
    const res = await s.get(`/v2/screener?${q({ ...params, format: 'excel' })}`, { key });
    assert.equal(res.status, 200);
    const lines = (await res.text()).trim().split('\r\n');
    assert.equal(lines[0], 'symbol\tname\tcik\texchange\tsector\tdate\tfiscal_year\tperiod_label\tmarket_cap\toper_margin\tindustry');
    assert.deepEqual(lines.slice(1).map((l) => l.split('\t')[0]), v3.map((r) => r.symbol));
    // a screen without rows still carries its header line
    const none = await s.get(`/v2/screener?${q({ ...params, where: 'market_cap > 1000T', format: 'excel' })}`, { key });
    assert.equal(none.status, 200);
    assert.equal(await none.text(), 'symbol\tname\tcik\texchange\tsector\tdate\tfiscal_year\tperiod_label\tmarket_cap\toper_margin\tindustry\r\n');
    const prov = await screen({ ...params, include: 'provenance' });
    for (const r of prov) {
      const p = r.provenance as Record<string, { derivation?: string; accession?: string }>;
      assert.ok(p.market_cap?.derivation, `${r.symbol} market_cap provenance`);
      assert.ok(p.oper_margin?.derivation ?? p.oper_margin?.accession, `${r.symbol} oper_margin provenance`);
    }
  });

  test('plans: an explicit fiscal_year, date_end or as_of beyond the plan\u2019s history is 403; a latest screen sees periods inside it', async () => {
    const free = s.keys.free;
    for (const extra of [{ fiscal_year: '2015' }, { date_end: '2016-12-31' }, { as_of: '2016-12-31' }] as Array<Record<string, string>>) {
      const res = await s.get(`/v3.0.0/screener?${q({ where: 'oper_margin > 30', ...extra })}`, { key: free });
      assert.equal(res.status, 403, JSON.stringify(extra));
      const body = (await res.json()) as { error: { code: string; param: string } };
      assert.equal(body.error.code, 'history_beyond_plan');
      assert.equal(body.error.param, Object.keys(extra)[0]);
    }
    const res = await s.get(`/v3.0.0/screener?${q({ where: 'oper_margin > 30', include_stale: 'true', limit: '1000' })}`, { key: free });
    assert.equal(res.status, 200);
    const rows = ((await res.json()) as { data: Row[] }).data;
    assert.ok(rows.length > 0 && rows.every((r) => String(r.date) >= '2024-01-15'));
  });
});
