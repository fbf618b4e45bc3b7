// End-to-end: the screener's include=provenance on the corpus dataset names, for every value of a
// row, exactly the provenance the per-company endpoint of the field's record type serves for that
// record with include=provenance (the screen reads a company's provenance dictionaries once per
// row for all record types; the per-company endpoint reads them with each record type).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { SCREEN_NUMERIC_FIELDS } from '../src/metrics/screen-fields.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

type Row = Record<string, unknown> & { provenance: Record<string, unknown> };
/** The v2 per-company endpoint path of each record type. */
const PATHS = new Map(ENDPOINTS.filter((e) => e.family === 'v2' && e.response.kind === 'records')
  .map((e) => [(e.response as { recordType: string }).recordType, e.path.replace('/{identifier}', '')]));
// fields of seven record types: statements, ratios, enterprise value, multiples (receivables: a null with its reason for some)
const FIELDS = ['oper_margin', 'bs_acct_note_rcv', 'cf_free_cash_flow', 'net_debt_to_ebitda', 'quick_ratio', 'market_cap', 'pe_ratio'];

describe('screener provenance equals the per-company endpoints\u2019', { skip: hasCorpusDataset() ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let s: TestServer;
  let key: string;
  before(async () => { s = await startTestServer(); key = s.keys.enterprise; });
  after(async () => { await s?.close(); });
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  test('every value of a page of 1,000 (every 10th row checked) has the provenance of its record', async () => {
    const res = await s.get(`/v2/screener?${q({ where: 'market_cap > 0', fields: FIELDS.join(','), sort: 'symbol', limit: '1000', include: 'provenance' })}`, { key });
    assert.equal(res.status, 200);
    const rows = (await res.json()) as Row[];
    assert.ok(rows.length > 100, `${rows.length} rows`);
    let compared = 0;
    for (const row of rows.filter((_, i) => i % 10 === 0)) {
      for (const f of FIELDS) {
        const recordType = SCREEN_NUMERIC_FIELDS.get(f)!.source.annual!;
        const path = `${PATHS.get(recordType)!}/${String(row.cik)}?${q({ period: 'annual', date_start: String(row.date), date_end: String(row.date), limit: '1', include: 'provenance' })}`;
        const r = await s.get(path, { key });
        assert.equal(r.status, 200, path);
        const [record] = (await r.json()) as Row[];
        assert.ok(record, path);
        assert.deepEqual(row.provenance[f], record.provenance[f], `${String(row.symbol)} ${f}`);
        if (row.provenance[f] !== undefined) compared++;
      }
    }
    assert.ok(compared > 100, `${compared} provenances compared`);
  });
});
