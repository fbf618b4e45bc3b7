// Search and reference of foreign issuers' US listings on the corpus dataset over HTTP (docs/reference.md,
// Security type and CUSIP/ISIN on ticker rows): TSM is a depositary receipt (5 ordinary shares per ADR
// in reference/adr_ratios.csv) and resolves by ticker, CIK, CUSIP and ISIN; ASML's New York Registry
// Shares (ratio 1) stay common stock; AAPL is unchanged.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';
import { isinFromCusip } from '../src/reference/check-digits.js';

type Rec = Record<string, any>;

describe('search and reference of foreign issuers', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  before(async () => { s = await startTestServer(); });
  after(async () => { await s?.close(); });
  const getJson = async (p: string): Promise<any> => {
    const res = await s.get(p, { key: s.keys.enterprise });
    const text = await res.text();
    assert.equal(res.status, 200, `${p}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const rows = (body: any): Rec[] => (Array.isArray(body) ? body : body.data) as Rec[];
  const bySymbol = (body: any, symbol: string): Rec | undefined => rows(body).find((r) => r.symbol === symbol);

  test('TSM (Taiwan Semiconductor): type ADR, resolves by ticker, CIK 1046179, CUSIP 874039100 and ISIN US8740391003', async () => {
    const search = rows(await getJson('/v2/tickers/search?query=TSM'));
    assert.equal(search[0]?.symbol, 'TSM');
    assert.equal(search[0]?.type, 'ADR');
    const byName = rows(await getJson('/v2/tickers/search?query=Taiwan%20Semiconductor'));
    assert.equal(byName[0]?.symbol, 'TSM', JSON.stringify(byName.slice(0, 3)));
    const byCik = bySymbol(await getJson('/v2/tickers/search/cik/1046179'), 'TSM');
    assert.equal(byCik?.type, 'ADR');
    assert.equal(byCik?.cik, '0001046179');
    const byCusip = bySymbol(await getJson('/v2/tickers/search/cusip/874039100'), 'TSM');
    assert.equal(byCusip?.cusip, '874039100');
    assert.equal(isinFromCusip('874039100', 'US'), 'US8740391003');
    const byIsin = bySymbol(await getJson('/v2/tickers/search/isin/US8740391003'), 'TSM');
    assert.equal(byIsin?.isin, 'US8740391003');
    for (const id of ['TSM', '1046179', '0001046179', '874039100', 'US8740391003']) {
      const p = await getJson(`/v2/company/profile/${id}`);
      assert.equal(p.ticker ?? p.symbol, 'TSM', `profile ${id}`);
    }
    const v3 = await getJson('/v3.0.0/tickers?type=ADR&search=TSM&search_by=symbol');
    const t = rows(v3).find((r) => r.ticker === 'TSM');
    assert.equal(t?.symbol, 'NYSE:TSM');
    assert.equal(t?.type, 'ADR');
    assert.equal(t?.cusip, '874039100');
    assert.equal(t?.isin, 'US8740391003');
  });

  test('ASML (New York Registry Shares, ratio 1): stays common stock, resolves by ticker and CIK 937966', async () => {
    const hit = bySymbol(await getJson('/v2/tickers/search?query=ASML'), 'ASML');
    assert.equal(hit?.type, 'common stock');
    assert.ok(bySymbol(await getJson('/v2/tickers/search/cik/937966'), 'ASML'));
    const p = await getJson('/v2/company/profile/937966');
    assert.equal(p.ticker ?? p.symbol, 'ASML');
  });

  test('Celestica (CLS) and Logistic Properties of the Americas (LPA): common stock, resolve by CIK', async () => {
    assert.equal(bySymbol(await getJson('/v2/tickers/search/cik/1030894'), 'CLS')?.type, 'common stock');
    assert.equal(bySymbol(await getJson('/v2/tickers/search/cik/1997711'), 'LPA')?.type, 'common stock');
  });

  test('Toyota (TM, ratios 2 and 10 disagree, both not 1), BP (6), HDFC Bank (HDB): NYSE "Common Stock" names typed ADR; SAP by its "ADS" name', async () => {
    for (const [sym, cik] of [['TM', '1094517'], ['BP', '313807'], ['HDB', '1144967'], ['SAP', '1000184']] as const) {
      const v3 = await getJson(`/v3.0.0/tickers?type=ADR&search=${sym}&search_by=symbol`);
      assert.equal(rows(v3).find((r) => r.ticker === sym)?.type, 'ADR', sym);
      // Not companies of the corpus (no profile): the CIK search finds the listing.
      assert.equal(bySymbol(await getJson(`/v2/tickers/search/cik/${cik}`), sym)?.type, 'ADR', `cik ${cik}`);
    }
    // TM's only CUSIP link is its ADR's; BP's links are noisy, so its row has none and BP resolves by CIK.
    assert.equal(bySymbol(await getJson('/v2/tickers/search/cusip/892331307'), 'TM')?.cusip, '892331307');
  });

  test('AAPL unchanged: common stock, CUSIP 037833100', async () => {
    const hit = bySymbol(await getJson('/v2/tickers/search/cusip/037833100'), 'AAPL');
    assert.equal(hit?.type, 'common stock');
    assert.equal(hit?.cusip, '037833100');
  });
});
