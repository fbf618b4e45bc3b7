// The records computed from the fact store are the records of the file: on corpus companies the
// view decoded from a stored blob standardizes and derives to the same records as the view read
// from the companyfacts file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { decodeCompanyFacts, encodeCompanyFacts } from '../dataset/codecs/fact-store-codec.js';
import { readCompanyFacts } from '../sources/companyfacts-reader.js';
import { decodePayload, openZipArchive } from '../sources/sec-zip.js';
import { READ_CONCEPTS } from '../xbrl/standardize-company.js';
import { companyRecordsAt } from './records-at.js';

const corpusZip = path.join(path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data'), 'sec', 'companyfacts.zip');

test('fact store codec: corpus companies standardize the same from the decoded view', { skip: !fs.existsSync(corpusZip) && 'no corpus' }, async () => {
  const zip = await openZipArchive(corpusZip);
  try {
    const byName = [...zip.entries].sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
    const bySize = [...zip.entries].sort((a, b) => b.uncompressedSize - a.uncompressedSize);
    const sample = new Set([...byName.filter((_, i) => i % 40 === 0), bySize[0]!]);
    let compared = 0;
    for (const entry of sample) {
      const view = readCompanyFacts(decodePayload(zip.readRawSync(entry)), READ_CONCEPTS);
      assert.ok(view, entry.fileName);
      const back = decodeCompanyFacts(encodeCompanyFacts(view, READ_CONCEPTS));
      const a = companyRecordsAt(view, null, null, { asOf: null, firstFiled: false });
      const b = companyRecordsAt(back, null, null, { asOf: null, firstFiled: false });
      if (!a) { assert.equal(b, null, entry.fileName); continue; }
      assert.ok(b, entry.fileName);
      assert.deepEqual(b.records, a.records, entry.fileName);
      assert.equal(b.currency, a.currency);
      compared += a.records.length;
    }
    assert.ok(compared > 1000, `${compared} records compared`);
  } finally {
    zip.close();
  }
});
