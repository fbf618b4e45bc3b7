// The stored record body form against the object text the API serves: the fast decoder and the
// plain JSON.parse reference give back exactly renderRecord's bytes, on edge cases (strings with
// commas, quotes, escapes, unicode; negative, exponent and non-finite numbers; nulls) for every
// record type, on every record of several corpus companies (standardized from companyfacts.zip),
// and on every stored body of the corpus test dataset (TENK_TEST_HOME) when it is there.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { bodyTemplate, bodyValueIndex, decodeBody, decodeBodyReference, encodeBody, parseBody } from './record-body-codec.js';
import { renderRecord, renderRecordAsObject, renderStoredBody } from './record-render.js';
import { RECORD_TYPES, type PeriodRecord, type RecordType } from '../../model/record-types.js';
import { fieldNames } from '../../model/record-fields.js';
import { noCorpus, standardizedStatements } from '../../../test/support/corpus-statements.js';
import { corpusDatasetPath } from '../../../test/support/test-server.js';

const NUMBERS = [0, -0, 1, -1.5, 1e21, -2.5e-7, 1e-7, 123456789012345, 0.1 + 0.2, -1e300, NaN, Infinity, -Infinity, null, undefined];
const TEXTS = ['plain', 'a,b', ',', '"', 'say "hi", ok', '\\', 'ends with \\', '\\"', 'tab\tnew\nline', '\u0000\u001f', 'é€😀', '\u2028\u2029', '\ud800 lone', 'lone \udfff', '[1,2]', '{"a":1}', ''];

function record(rt: RecordType, seed: number): PeriodRecord {
  const values: Record<string, number | null> = {};
  fieldNames(rt).forEach((name, i) => {
    const v = NUMBERS[(i + seed) % NUMBERS.length];
    if (v !== undefined) values[name] = v;
  });
  const text = TEXTS[seed % TEXTS.length]!;
  return { recordType: rt, period: seed % 2 === 0 ? 'annual' : 'quarterly', date: `2024-12-31${text}`, fiscalYear: 2024, periodLabel: `FY ${text}`, values, provenance: {} };
}

/** Both decoders give renderRecord's text of `r` from its stored form, and the encoder gives that stored form back. */
function assertRoundTrip(r: PeriodRecord, ticker: string, currency: string, label: string): void {
  const stored = renderStoredBody(r, ticker, currency);
  const text = renderRecord(r, ticker, currency);
  assert.equal(decodeBody(r.recordType, stored), text, `${label}: fast`);
  assert.equal(decodeBodyReference(r.recordType, stored), text, `${label}: reference`);
  assert.equal(encodeBody(r.recordType, text), stored, `${label}: encode`);
  assert.deepEqual(parseBody(r.recordType, stored), JSON.parse(text), `${label}: parse`);
}

describe('record body codec', () => {
  test('every record type has a template: its bodies are stored as arrays of its columns\' values', () => {
    for (const rt of RECORD_TYPES) {
      const t = bodyTemplate(rt);
      assert.ok(t, rt);
      assert.equal(t.columns[0], 'ticker', rt);
      const stored = renderStoredBody(record(rt, 1), 'T', 'USD');
      assert.equal(stored[0], '[', rt);
      assert.equal((JSON.parse(stored) as unknown[]).length, t.columns.length, rt);
    }
    assert.equal(bodyValueIndex('enterprise_value', 'market_cap'), bodyTemplate('enterprise_value')!.columns.indexOf('market_cap'));
  });

  test('edge cases: awkward strings and numbers in every record type, both decoders give renderRecord\'s bytes', () => {
    for (const rt of RECORD_TYPES) {
      for (let seed = 0; seed < Math.max(NUMBERS.length, TEXTS.length); seed++) {
        const text = TEXTS[(seed * 7) % TEXTS.length]!;
        assertRoundTrip(record(rt, seed), `T${text}`, `C${text}`, `${rt} seed ${seed}`);
      }
    }
  });

  test('an object-form body (a type without a template) is returned as it is', () => {
    const text = renderRecordAsObject(record('income_statement', 2), 'T', 'USD');
    assert.equal(decodeBody('no_such_type', text), text);
    assert.equal(decodeBodyReference('no_such_type', text), text);
    assert.equal(encodeBody('no_such_type', text), text);
  });

  test('a malformed stored body is an error, not a wrong text', () => {
    const stored = renderStoredBody(record('balance_sheet', 3), 'T', 'USD');
    for (const bad of [stored.slice(0, -1), `${stored.slice(0, -1)},1]`, stored.replace(/,[^,]*\]$/, ']'), '["T', '[]', '[,]']) {
      assert.throws(() => decodeBody('balance_sheet', bad), /malformed/, bad.slice(0, 40));
    }
    assert.throws(() => decodeBody('no_such_type', '[1]'), /malformed/);
  });

  const CIKS: Record<string, string> = { AAPL: '0000320193', FAST: '0000815556', RL: '0001037038', WDAY: '0001327811', VRSN: '0001014473' };
  test('every record of several corpus companies: stored form decodes to renderRecord\'s text', { skip: noCorpus }, async () => {
    const statements = await standardizedStatements(CIKS);
    let n = 0;
    for (const [ticker, s] of statements) {
      for (const r of s.records) { assertRoundTrip(r, ticker, s.currency, `${ticker} ${r.recordType} ${r.period} ${r.date}`); n++; }
    }
    assert.ok(n > 1000, `${n} records`);
  });

  const dataset = corpusDatasetPath();
  test('every stored body of 40 companies of the corpus test dataset: fast and reference decoders agree', { skip: fs.existsSync(dataset) ? false : `no dataset at ${dataset}` }, () => {
    const db = new Database(dataset, { readonly: true, fileMustExist: true });
    try {
      const ciks = db.prepare('SELECT DISTINCT cik FROM records ORDER BY cik LIMIT 40').pluck().all() as string[];
      const read = db.prepare(`SELECT record_type, body FROM records WHERE cik = ?
        UNION ALL SELECT record_type, body FROM record_versions WHERE cik = ?`).raw(true);
      const hasVersions = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'record_versions'").get() !== undefined;
      const readCurrent = db.prepare('SELECT record_type, body FROM records WHERE cik = ?').raw(true);
      let n = 0;
      for (const cik of ciks) {
        for (const [rt, stored] of (hasVersions ? read.all(cik, cik) : readCurrent.all(cik)) as Array<[string, string]>) {
          const text = decodeBody(rt, stored);
          assert.equal(text, decodeBodyReference(rt, stored), `${cik} ${rt}`);
          assert.equal(encodeBody(rt, text), stored[0] === '[' ? stored : encodeBody(rt, stored), `${cik} ${rt}`);
          n++;
        }
      }
      assert.ok(n > 1000, `${n} bodies`);
    } finally {
      db.close();
    }
  });
});
