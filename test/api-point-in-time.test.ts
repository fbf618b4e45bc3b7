// End-to-end: point-in-time queries (`as_of`, `first_filed`) on the corpus dataset over HTTP and
// MCP. Expected values are read from the SEC companyfacts files of the corpus (not from the
// dataset): Apple as of 2020-01-01 is its FY2019 10-K; JPMorgan's 2019 revenue, restated in the
// 10-Ks of 2021 and 2022, is each filing's value from its filing date on; a quarter appears on its
// 10-Q's filing date, not the day before.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import { decodePayload, openZipArchive } from '../src/sources/sec-zip.js';
import { mcpRoutes } from '../src/http/mcp-route.js';
import { firstText, httpClient } from './support/mcp-support.js';
import { corpusDatasetPath, hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

type Rec = Record<string, string | number | null>;
interface RawFact { start?: string; end: string; val: number; accn: string; form: string; filed: string }
const corpus = hasCorpusDataset();
const dataDir = path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data');

/** The USD facts of one us-gaap concept of a company, from the corpus companyfacts zip. */
async function usdFacts(cik: string, concept: string): Promise<RawFact[]> {
  const zip = await openZipArchive(path.join(dataDir, 'sec', 'companyfacts.zip'));
  try {
    const entry = zip.entries.find((e) => e.fileName.endsWith(`CIK${cik}.json`));
    assert.ok(entry, `CIK${cik} in the corpus`);
    const doc = JSON.parse(decodePayload(zip.readRawSync(entry)).toString('utf8')) as { facts: Record<string, Record<string, { units: Record<string, RawFact[]> }>> };
    return doc.facts['us-gaap']![concept]!.units['USD']!;
  } finally {
    zip.close();
  }
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

describe('point-in-time queries on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer({ extraRoutes: [mcpRoutes()] }); });
  after(async () => { await s?.close(); });

  const getText = async (p: string): Promise<string> => {
    const res = await s.get(p, { key: s.keys.enterprise });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 300)}`);
    return text;
  };
  const getJson = async (p: string): Promise<Rec[]> => JSON.parse(await getText(p)) as Rec[];

  test('Apple as of 2020-01-01: the newest year is FY2019 with the values of its 10-K (filed 2019-10-31)', async () => {
    const rows = await getJson('/v2/fundamental/income-statement/AAPL?as_of=2020-01-01&limit=3');
    assert.equal(rows[0]!.fiscal_year, '2019');
    assert.equal(rows[0]!.date, '2019-09-28');
    assert.ok(rows.every((r) => Number(r.fiscal_year) <= 2019));
    const tenK = (f: RawFact) => f.form === '10-K' && f.start === '2018-09-30' && f.end === '2019-09-28' && f.filed === '2019-10-31';
    const revenue = (await usdFacts('0000320193', 'RevenueFromContractWithCustomerExcludingAssessedTax')).find(tenK);
    const netIncome = (await usdFacts('0000320193', 'NetIncomeLoss')).find(tenK);
    assert.ok(revenue && netIncome);
    assert.equal(rows[0]!.is_sales_revenue_turnover, revenue.val);
    assert.equal(rows[0]!.is_net_income, netIncome.val);
    const now = await getJson('/v2/fundamental/income-statement/AAPL?limit=40');
    assert.ok(now.some((r) => r.fiscal_year === '2020'), 'FY2020 exists without as_of');
    const multiples = await getJson('/v2/fundamental/multiples/AAPL?as_of=2020-01-01&limit=1');
    assert.equal(multiples[0]!.fiscal_year, '2019');
  });

  test('a restated year: JPMorgan 2019 revenue as each 10-K filed it, from its filing date on; first_filed gives the original', async () => {
    const facts = (await usdFacts('0000019617', 'Revenues')).filter((f) => f.start === '2019-01-01' && f.end === '2019-12-31' && f.form === '10-K')
      .sort((a, b) => (a.filed < b.filed ? -1 : 1));
    assert.ok(new Set(facts.map((f) => f.val)).size >= 2, 'the corpus has a restatement of JPM 2019 revenue');
    const fy2019 = async (query: string) => {
      const rows = await getJson(`/v2/fundamental/income-statement/JPM?fiscal_year_start=2019&fiscal_year_end=2019${query}`);
      assert.equal(rows.length, 1, query);
      return rows[0]!.is_sales_revenue_turnover;
    };
    for (let i = 1; i < facts.length; i++) {
      if (facts[i]!.val === facts[i - 1]!.val) continue;
      assert.equal(await fy2019(`&as_of=${dayBefore(facts[i]!.filed)}`), facts[i - 1]!.val, `before ${facts[i]!.filed}`);
      assert.equal(await fy2019(`&as_of=${facts[i]!.filed}`), facts[i]!.val, `on ${facts[i]!.filed}`);
    }
    // include=provenance names the filing the point-in-time value came from, not today's
    for (let i = 1; i < facts.length; i++) {
      if (facts[i]!.val === facts[i - 1]!.val) continue;
      const [rec] = await getJson(`/v2/fundamental/income-statement/JPM?fiscal_year_start=2019&fiscal_year_end=2019&as_of=${dayBefore(facts[i]!.filed)}&include=provenance`);
      const prov = (rec!.provenance as unknown as Record<string, { accession?: string; filed?: string }>).is_sales_revenue_turnover;
      assert.ok(prov?.filed !== undefined && prov.filed < facts[i]!.filed, JSON.stringify(prov));
      assert.equal(rec!.is_sales_revenue_turnover, facts[i - 1]!.val);
      assert.ok(facts.some((f) => f.accn === prov.accession && f.val === facts[i - 1]!.val), JSON.stringify(prov));
    }
    assert.equal(await fy2019('&first_filed=true'), facts[0]!.val);
    assert.equal(await fy2019('&as_of=first'), facts[0]!.val);
    assert.equal(await fy2019(`&as_of=${facts.at(-1)!.filed}&first_filed=true`), facts[0]!.val);
    assert.equal(await fy2019(`&as_of=${dayBefore(facts[0]!.filed)}&first_filed=true`).catch(() => 'none'), 'none');
  });

  test('include=provenance with as_of names filings known that day: every field of Apple\u2019s 40 quarters as of 2020-01-01, and first_filed', async () => {
    for (const q of ['as_of=2020-01-01', 'as_of=2020-01-01&first_filed=true']) {
      const rows = await getJson(`/v2/fundamental/income-statement/AAPL?period=quarterly&limit=40&${q}&include=provenance`);
      assert.ok(rows.length >= 30, `${q}: ${rows.length} quarters`);
      let fields = 0;
      for (const r of rows) {
        for (const [field, p] of Object.entries(r.provenance as unknown as Record<string, { filed?: string }>)) {
          if (p.filed === undefined) continue;
          assert.ok(p.filed <= '2020-01-01', `${q} ${r.date} ${field} filed ${p.filed}`);
          fields += 1;
        }
      }
      assert.ok(fields > 300, `${q}: ${fields} fields with a filing`);
    }
  });

  test('a quarter is absent the day before its 10-Q was filed and present on that day', async () => {
    const q1 = (await usdFacts('0000320193', 'NetIncomeLoss')).find((f) => f.form === '10-Q' && f.start === '2019-09-29' && f.end === '2019-12-28');
    assert.ok(q1);
    const dates = async (asOf: string) => (await getJson(`/v2/fundamental/income-statement/AAPL?period=quarterly&limit=2&as_of=${asOf}`)).map((r) => r.date);
    assert.deepEqual(await dates(dayBefore(q1.filed)), ['2019-09-28', '2019-06-29']);
    assert.deepEqual(await dates(q1.filed), ['2019-12-28', '2019-09-28']);
    const rows = await getJson(`/v2/fundamental/income-statement/AAPL?period=quarterly&limit=1&as_of=${q1.filed}`);
    assert.equal(rows[0]!.is_net_income, q1.val);
    assert.deepEqual(await getJson('/v2/fundamental/income-statement/AAPL?as_of=1990-01-01'), []);
    // every day up to the next filing answers the same state (computed once, then cached)
    assert.equal(await getText(`/v2/fundamental/multiples/AAPL?period=quarterly&as_of=${q1.filed}`),
      await getText(`/v2/fundamental/multiples/AAPL?period=quarterly&as_of=2020-02-10`));
  });

  test('a split after as_of is not applied: Apple as of 2020-08-01 (before its 4-for-1 split of 2020-08-31) keeps the pre-split basis', async () => {
    // Records are on their record date's share basis (docs/metrics.md), so the later split changes
    // neither the as_of answer nor today's: 4,275,634,000 shares and the $353.63 close of 2020-06-26.
    const q = '/v2/fundamental/multiples/AAPL?period=quarterly&date_start=2020-06-27&date_end=2020-06-27';
    const [at] = await getJson(`${q}&as_of=2020-08-01`);
    assert.equal(at!.bs_sh_out, 4275634000);
    assert.equal(at!.pr_last, 353.63);
    assert.equal(await getText(`${q}&as_of=2020-08-01`), await getText(q));
    const [is] = await getJson('/v2/fundamental/income-statement/AAPL?period=quarterly&limit=1&as_of=2020-08-01');
    assert.equal(is!.date, '2020-06-27');
    assert.equal(is!.diluted_eps, 2.58);
  });

  test('as_of in the future is the stored answer, byte for byte; computed statements equal the stored ones once every filing is known', async () => {
    for (const p of ['/v2/fundamental/income-statement/AAPL?period=quarterly&limit=40', '/v2/fundamental/multiples/MSFT?limit=10', '/v2/fundamental/per-share/AAPL?limit=40']) {
      assert.equal(await getText(`${p}&as_of=2999-12-31`), await getText(p), p);
    }
    // a company whose last filing is older than the dataset's newest: as_of between the two is computed
    const db = new Database(corpusDatasetPath(), { readonly: true });
    let cik: string;
    let asOf: string;
    try {
      const newest = (db.prepare('SELECT max(newest_filed) AS d FROM company_facts').get() as { d: string }).d;
      const row = db.prepare(`SELECT cik, newest_filed AS d FROM company_facts WHERE newest_filed < ? AND cik IN (SELECT cik FROM records)
        ORDER BY newest_filed DESC LIMIT 1`).get(dayBefore(dayBefore(newest))) as { cik: string; d: string };
      cik = row.cik;
      asOf = dayBefore(newest);
    } finally {
      db.close();
    }
    // every record type, prices included: nothing after a company's last filing changes its records
    for (const rt of ['income-statement', 'balance-sheet', 'cash-flow', 'multiples', 'per-share', 'enterprise-value', 'ratios/credit', 'ratios/yield-analysis']) {
      for (const period of ['annual', 'quarterly']) {
        const p = `/v2/fundamental/${rt}/${cik}?period=${period}&limit=250`;
        assert.equal(await getText(`${p}&as_of=${asOf}`), await getText(p), p);
        // the computed records' provenance is the stored records' too
        if (rt === 'income-statement' || rt === 'multiples') {
          assert.equal(await getText(`${p}&as_of=${asOf}&include=provenance`), await getText(`${p}&include=provenance`), `${p} provenance`);
        }
      }
    }
  });

  test('malformed as_of: 422 on v2, an error result on MCP; the tools take as_of', async () => {
    for (const bad of ['2020-02-30', '2020-1-1', 'yesterday', '20200101']) {
      const res = await s.get(`/v2/fundamental/income-statement/AAPL?as_of=${bad}`, { key: s.keys.enterprise });
      const body = await res.json() as { error: string };
      assert.equal(res.status, 422, bad);
      assert.match(body.error, /as_of/);
    }
    const client = await httpClient(s.url, s.keys.professional);
    try {
      const bad = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', as_of: '2020-13-01' } });
      assert.equal(bad.isError, true);
      assert.match(firstText(bad), /as_of/);
      const ok = await client.callTool({ name: 'get_financial_statements', arguments: { kind: 'income_statement', identifier: 'AAPL', as_of: '2020-01-01', limit: 1 } });
      const records = (ok.structuredContent as { records: Rec[] }).records;
      assert.equal(records[0]!.fiscal_year, '2019');
    } finally {
      await client.close();
    }
  });
});
