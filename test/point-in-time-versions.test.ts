// The reference comparison of stored vintages (issue 27): for several companies of the corpus
// (Apple; JPMorgan, whose 2019 revenue was restated; NVIDIA, with splits; DuPont, restating after
// its spin-offs; TSMC, a foreign filer; Berkshire, whose share counts were mis-scaled), on EVERY
// filing date of the company and the day before each, the stored versions answer (the record
// whose known_from <= as_of < known_to, one range read per series), body and provenance, equals the on-request
// computation the API made before versions were stored (standardize the facts filed by the
// company's newest filing date on or before as_of, derive with the market data known then:
// src/point-in-time/company-series.ts, kept as this reference and as the path of datasets built
// without versions). first_filed answers each record's first version: the record as it was
// computed on the first filing date it appeared (docs/api.md, Point in time).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';
import { loadCompanyInputs, onOrBefore } from '../src/point-in-time/company-inputs.js';
import { computeCompanyRecords, selectRows, type ComputedCompany } from '../src/point-in-time/company-series.js';
import { RECORD_TYPES, type Provenance, type RecordType } from '../src/model/record-types.js';
import type { RecordSeriesQuery } from '../src/dataset/queries/record-queries.js';
import { corpusDatasetPath, hasCorpusDataset } from './support/test-server.js';
import { provenanceByDate } from '../src/point-in-time/series-at.js';
import { decodeProvenance } from '../src/dataset/codecs/provenance-decoder.js';

const COMPANIES = ['AAPL', 'JPM', 'NVDA', 'DD', 'TSM', 'BRK-B'];
const PERIODS = ['annual', 'quarterly'] as const;

/** Provenance as stored and decoded: a null value's reason is its derivation text (the nullReason flag is not stored). */
function withoutNullReason(p: Record<string, Provenance>): Record<string, Provenance> {
  return Object.fromEntries(Object.entries(p).map(([f, v]) => {
    const { nullReason: _flag, ...rest } = v;
    return [f, rest];
  }));
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Why the comparison cannot run: no corpus dataset, or one built without versions (`npm test` builds it with `--versions`). */
function skipReason(): string | false {
  if (!hasCorpusDataset()) return 'corpus test dataset not built (run npm test)';
  const ds = Dataset.open(corpusDatasetPath());
  try {
    return ds.records.hasVersions() ? false : 'the corpus test dataset was built without --versions (scripts/run-tests.mjs builds it with them)';
  } finally {
    ds.close();
  }
}

describe('stored versions equal the on-request computation on every filing date', { skip: skipReason() }, () => {
  let ds: Dataset;
  before(() => { ds = Dataset.open(corpusDatasetPath()); });
  after(() => ds?.close());

  for (const ticker of COMPANIES) {
    test(`${ticker}: as_of on every filing date and the day before, and first_filed`, async () => {
      const company = ds.companies.all().find((c) => c.ticker === ticker);
      assert.ok(company, `${ticker} in the corpus dataset`);
      const inputs = await loadCompanyInputs(ds, company.cik, ticker);
      assert.ok(inputs.stored, `${ticker} has stored facts`);
      const newest = ds.factStore.newestFiled()!;
      const dict = ds.records.provenanceDictionaries(company.cik);
      const states = new Map<string, ComputedCompany>();
      const reference = (effective: string): ComputedCompany => {
        let c = states.get(effective);
        if (!c) states.set(effective, (c = computeCompanyRecords(ticker, inputs, { asOf: effective, firstFiled: false })));
        return c;
      };
      const series = (recordType: RecordType, period: string): RecordSeriesQuery => ({ cik: company.cik, recordType, period, order: 'ASC', limit: 100_000 });
      // each record's first body, in the order of the filing dates it appeared on (the first_filed rule)
      const first = new Map<string, { body: string; day: string }>();
      let compared = 0;
      const days = inputs.filedDates.filter((d) => d < newest);
      for (const day of days) {
        for (const asOf of [dayBefore(day), day]) {
          const effective = onOrBefore(inputs.filedDates, asOf);
          for (const recordType of RECORD_TYPES) {
            for (const period of PERIODS) {
              const q = series(recordType, period);
              const stored = ds.records.versionsAt(q, asOf, false).map((r) => r.body);
              const wantRows = effective === null ? [] : selectRows(reference(effective), q);
              const want = wantRows.map((r) => r.body!);
              assert.deepEqual(stored, want, `${ticker} ${recordType} ${period} as_of ${asOf}`);
              // include=provenance: the versions' stored provenance is the computation's
              const withFields = ds.records.versionsAt(q, asOf, false, true);
              const got = decodeProvenance({ rows: withFields.flatMap((r) => (r.fields === null ? [] : [{ date: r.date, fields: r.fields }])), ...dict });
              for (const [date, p] of provenanceByDate(wantRows.map((r) => r.record))) {
                if (Object.keys(p).length > 0 || got.has(date)) assert.deepEqual(got.get(date), withoutNullReason(p), `${ticker} ${recordType} ${period} ${date} provenance as_of ${asOf}`);
              }
              compared += want.length;
              if (asOf === day) for (const b of want) {
                const key = `${recordType}|${period}|${(JSON.parse(b) as { date: string }).date}`;
                if (!first.has(key)) first.set(key, { body: b, day });
              }
            }
          }
        }
        for (const d of states.keys()) if (d < day) states.delete(d); // one company's states held at most two at a time
      }
      assert.ok(compared > 1000, `${ticker}: ${compared} records compared`);
      // first_filed: each record's first version; with as_of, of the records known then
      const cut = days[Math.floor(days.length / 2)]!;
      for (const recordType of RECORD_TYPES) {
        for (const period of PERIODS) {
          const q = series(recordType, period);
          for (const r of ds.records.versionsAt(q, null, true)) {
            const f = first.get(`${recordType}|${period}|${r.date}`);
            if (f) assert.equal(r.body, f.body, `${ticker} ${recordType} ${period} ${r.date} first_filed`);
            else assert.ok(r.known_from >= newest || days.every((d) => d < r.known_from), `${ticker} ${recordType} ${period} ${r.date}: first version from ${r.known_from}`);
          }
          const known = ds.records.versionsAt(q, cut, true);
          const wantKnown = [...first].filter(([k, f]) => k.startsWith(`${recordType}|${period}|`) && f.day <= cut).map(([, f]) => f.body);
          assert.deepEqual(known.map((r) => r.body).sort(), wantKnown.sort(), `${ticker} ${recordType} ${period} first_filed as_of ${cut}`);
        }
      }
    });
  }
});
