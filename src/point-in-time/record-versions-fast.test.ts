// The fast versions computation against its plain reference without the corpus: on a synthetic
// company (both computations, the same versions as JSON text), and sameStoredProvenance against
// the reference's sameProvenance (the JSON texts of both stored provenances) on generated pairs of
// records of a statement type and of a derived type (where values without a concept keep none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { viewOfParsedFacts } from '../sources/companyfacts-reader.js';
import { companyFacts, filing } from '../../test/support/synthetic-facts.js';
import type { PeriodRecord, Provenance, RecordType } from '../model/record-types.js';
import { computeRecordVersions, sameProvenance, type CompanyVersions } from './record-versions.js';
import { computeRecordVersionsFast, sameStoredProvenance } from './record-versions-fast.js';

const k1 = filing('0000000001-21-000001', '10-K', '2021-02-20', 2020, 'FY');
const q1 = filing('0000000001-21-000002', '10-Q', '2021-05-01', 2021, 'Q1');
const k2 = filing('0000000001-22-000001', '10-K', '2022-02-18', 2021, 'FY');
const doc = companyFacts({
  Revenues: [k1('2020-01-01', '2020-12-31', 100), q1('2021-01-01', '2021-03-31', 30), k2('2020-01-01', '2020-12-31', 90), k2('2021-01-01', '2021-12-31', 120)],
  NetIncomeLoss: [k1('2020-01-01', '2020-12-31', 10), q1('2021-01-01', '2021-03-31', 3), k2('2020-01-01', '2020-12-31', 10), k2('2021-01-01', '2021-12-31', 12)],
  Assets: [k1(null, '2020-12-31', 500), q1(null, '2021-03-31', 510), k2(null, '2021-12-31', 530)],
  LiabilitiesAndStockholdersEquity: [k1(null, '2020-12-31', 500), q1(null, '2021-03-31', 510), k2(null, '2021-12-31', 530)],
  StockholdersEquity: [k1(null, '2020-12-31', 200), k2(null, '2021-12-31', 230)],
});

function text(v: CompanyVersions): string {
  return JSON.stringify([v.currency, v.filingDates, v.states, [...v.versions].map(([k, l]) => [k, l.map((x) => [x.knownFrom, x.knownTo, x.record])])]);
}

test('record versions fast: the reference\'s versions on a synthetic company', () => {
  const view = viewOfParsedFacts(doc as { facts: object });
  const want = computeRecordVersions(view, '1231', null);
  assert.ok(want.versions.size > 3, 'records to compare');
  assert.equal(text(computeRecordVersionsFast(view, '1231', null)), text(want));
});

test('sameStoredProvenance answers what the reference\'s sameProvenance answers', () => {
  let seed = 4242; // (32-bit arithmetic, the high bits: see json-equal.test.ts)
  const rnd = (n: number): number => { seed = (Math.imul(seed, 1103515245) + 12345) >>> 0; return (seed >>> 16) % n; };
  const fields = ['a', 'b', 'c', 'd'];
  const provs: Array<Provenance | undefined> = [
    { concept: 'us-gaap:Revenues', accn: 'x', filed: '2021-02-20' }, { concept: 'us-gaap:Revenues', accn: 'y' },
    { derivation: 'a = b - c' }, { derivation: 'why null', nullReason: true }, { concept: 'us-gaap:Assets', derivation: 'note' },
    undefined, // an entry left undefined: JSON leaves it out of the stored text
  ];
  const vals: Array<number | null | undefined> = [1, 2, null, undefined];
  function record(recordType: RecordType): PeriodRecord {
    const values: Record<string, number | null> = {}, provenance: Record<string, Provenance> = {};
    for (const f of fields) {
      const v = vals[rnd(vals.length)];
      if (v !== undefined) values[f] = v;
      if (rnd(3) > 0) provenance[f] = provs[rnd(provs.length)] as Provenance;
    }
    return { recordType, period: 'annual', date: '2020-12-31', fiscalYear: 2020, periodLabel: '2020', values, provenance };
  }
  /** A copy with the same values and one provenance entry changed, dropped or left as it is. */
  function variant(r: PeriodRecord): PeriodRecord {
    const provenance = { ...r.provenance };
    const f = fields[rnd(fields.length)]!;
    const k = rnd(3);
    if (k === 0) delete provenance[f];
    else if (k === 1) provenance[f] = provs[rnd(provs.length)] as Provenance;
    return { ...r, provenance };
  }
  let equal = 0, n = 0;
  for (const recordType of ['income_statement', 'profitability'] as RecordType[]) {
    for (let i = 0; i < 5000; i++) {
      const a = record(recordType), b = rnd(2) ? variant(a) : record(recordType);
      let want: boolean;
      try { want = sameProvenance(a, b); } catch { continue; } // the reference refuses it: no answer to match
      n++;
      if (want) equal++;
      assert.equal(sameStoredProvenance(a, b), want, `${JSON.stringify([a.values, a.provenance])} vs ${JSON.stringify([b.values, b.provenance])}`);
    }
  }
  assert.ok(n > 1000 && equal > 50 && equal < n - 50, 'both equal and unequal pairs were compared');
});
