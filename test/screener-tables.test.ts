// The screen tables the build writes (dataset/tables/screen-table.ts, SQL over one row per company)
// hold, for every company and period kind, exactly the latest row the as_of path's merge
// (metrics/screen-merge.ts mergeScreenRows) makes from the company's stored records: the
// two implementations of the column rule (a shared name read from the kind's first record type
// that has it; ttm rows keyed by the derived records) agree field for field on the corpus.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { SCREEN_COLUMNS, SCREEN_KINDS, SCREEN_SOURCES } from '../src/metrics/screen-fields.js';
import type { RecordType } from '../src/model/record-types.js';
import { mergeScreenRows } from '../src/metrics/screen-merge.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';

const corpus = hasCorpusDataset();

describe('screen tables on the corpus dataset', { skip: corpus ? false : 'corpus test dataset not built (run npm test)' }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => ds?.close());

  test('each company\u2019s latest row of each kind equals the merge of its stored records', async () => {
    for (const kind of SCREEN_KINDS) {
      const rows = await ds.screens.screen({ kind, period: { at: 'latest' }, filter: null, minDate: null, sort: [], columns: [...SCREEN_COLUMNS], limit: 100_000, offset: 0 });
      assert.ok(rows.length > 300, `${kind}: ${rows.length} companies`);
      let compared = 0;
      for (const r of rows) {
        const bodies = new Map<RecordType, Array<Record<string, unknown>>>();
        for (const { recordType, period } of SCREEN_SOURCES[kind]) {
          const series = await ds.records.series({ cik: r.cik, recordType, period, order: 'DESC', limit: 1000 });
          bodies.set(recordType, series.map((b) => JSON.parse(b) as Record<string, unknown>));
        }
        const merged = mergeScreenRows(kind, bodies);
        const latest = merged.reduce((a, b) => (b.date > a.date ? b : a));
        assert.equal(r.date, latest.date, `${kind} ${r.cik} date`);
        assert.equal(r.fiscal_year, latest.fiscal_year, `${kind} ${r.cik} fiscal_year`);
        assert.equal(r.period_label, latest.period_label, `${kind} ${r.cik} period_label`);
        for (const f of SCREEN_COLUMNS) {
          assert.equal(r.values[f], latest.values.get(f) ?? null, `${kind} ${r.cik} ${latest.date} ${f}`);
          if (r.values[f] !== null) compared += 1;
        }
      }
      assert.ok(compared > 10_000, `${kind}: ${compared} non-null values compared`);
    }
  });

  test('one latest row per company and kind, and it is the company\u2019s newest', async () => {
    for (const kind of SCREEN_KINDS) {
      const latest = await ds.screens.screen({ kind, period: { at: 'latest' }, filter: null, minDate: null, sort: [], columns: [], limit: 100_000, offset: 0 });
      assert.equal(new Set(latest.map((r) => r.cik)).size, latest.length);
      const upTo = await ds.screens.screen({ kind, period: { at: 'date_end', dateEnd: '9999-12-31' }, filter: null, minDate: null, sort: [], columns: [], limit: 100_000, offset: 0 });
      assert.deepEqual(upTo, latest, kind);
    }
  });

  test('screen_latest holds exactly the latest rows of screen_rows (what a latest-period screen reads)', (t) => {
    if (!ds.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'screen_latest'").get()) { t.skip('dataset built before screen_latest'); return; }
    const all = (sql: string) => JSON.stringify(ds.db.prepare(sql).all());
    const latest = all('SELECT * FROM screen_latest ORDER BY kind, cik, date');
    assert.equal(latest, all('SELECT * FROM screen_rows WHERE latest = 1 ORDER BY kind, cik, date'));
    assert.ok(latest.length > 2, 'rows');
  });
});
