// The selective reader (companyfacts-reader.ts) against its reference path (companyfacts-plain-reader.ts,
// JSON.parse of the whole file): the same view for real companyfacts files of the corpus
// (TENK_TEST_DATA, sec/companyfacts.zip) and for documents built here; declined where the JSON is invalid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { readCompanyFacts, type CompanyFactsView } from './companyfacts-reader.js';
import { readCompanyFactsPlain } from './companyfacts-plain-reader.js';
import { ConceptFacts } from './fact-columns.js';
import { decodePayload, openZipArchive } from './sec-zip.js';

const WANTED = new Set(['us-gaap:Revenues', 'dei:EntityCommonStockSharesOutstanding']);

const fact = (val: number, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  ({ end: '2023-12-31', val, accn: '0000320193-24-000006', fy: 2023, fp: 'FY', form: '10-K', filed: '2024-02-02', ...extra });

const DOC = {
  cik: 320193,
  entityName: 'Apple Inc. – "Café" \\ {test}',
  facts: {
    dei: { EntityCommonStockSharesOutstanding: { label: 'Shares', units: { shares: [fact(15e9)] } }, EntityPublicFloat: { units: { USD: [fact(2.5e12)] } } },
    'us-gaap': {
      Revenues: { label: 'Revenues', description: 'Sales "net" of returns\n', units: { USD: [fact(383e9), fact(-1.5e-3, { start: '2023-01-01' })] } },
      AccountsPayableCurrent: { label: 'Payables } ] {', description: 'Tab\there, unicode \u00e9\u4e2d, escape \\u0041', units: { USD: [fact(1), fact(2), fact(3)], EUR: [] } },
      NestedThing: { label: 'Nested', units: { pure: [fact(0, { segment: { axis: ['a', { b: null, c: [true, false] }] } }), fact(1e21)] } },
      BraceInFact: { units: { USD: [fact(7, { frame: 'CY{2023}' }), fact(8, { note: 'quote \\" and \u00fc' })] } },
      NoUnits: { label: 'No units at all' },
    },
    srt: { Empty: { units: {} } },
  },
};

/** Both paths read the bytes; the selective one must not decline and must give the reference's view. */
function assertSameAsPlain(bytes: Buffer, wanted: ReadonlySet<string>, label: string): CompanyFactsView {
  const read = readCompanyFacts(bytes, wanted);
  assert.ok(read, `reader declined a well-formed document: ${label}`);
  const plain = readCompanyFactsPlain(bytes, wanted);
  assert.ok(plain, label);
  assert.deepStrictEqual(read.inventory, plain.inventory, label);
  assert.deepStrictEqual([...read.conceptCounts], [...plain.conceptCounts], label);
  assert.deepStrictEqual(read.cik, plain.cik, label);
  assert.deepStrictEqual(read.entityName, plain.entityName, label);
  assert.deepStrictEqual(read.facts, plain.facts, label);
  return read;
}

function assertSameAsParse(text: string): CompanyFactsView {
  return assertSameAsPlain(Buffer.from(text, 'utf8'), WANTED, text.slice(0, 200));
}

const corpusZip = path.join(path.resolve(process.env.TENK_TEST_DATA ?? '../shared/data'), 'sec', 'companyfacts.zip');

test('corpus companyfacts files: the selective reader gives the JSON.parse path\'s view', { skip: !fs.existsSync(corpusZip) && 'no corpus' }, async () => {
  const zip = await openZipArchive(corpusZip);
  try {
    // every 16th file by name, and the two largest (most concepts and facts)
    const byName = [...zip.entries].sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
    const bySize = [...zip.entries].sort((a, b) => b.uncompressedSize - a.uncompressedSize);
    const sample = new Set([...byName.filter((_, i) => i % 16 === 0), ...bySize.slice(0, 2)]);
    assert.ok(sample.size >= 20, `${sample.size} files`);
    const common = new Set(['us-gaap:Revenues', 'us-gaap:NetIncomeLoss', 'us-gaap:Assets', 'us-gaap:StockholdersEquity',
      'us-gaap:EarningsPerShareDiluted', 'ifrs-full:Revenue', 'ifrs-full:ProfitLoss', 'dei:EntityCommonStockSharesOutstanding']);
    let facts = 0;
    for (const entry of sample) {
      const bytes = decodePayload(zip.readRawSync(entry));
      const read = assertSameAsPlain(bytes, common, entry.fileName);
      // and with every third concept of the file wanted (many units, odd concepts)
      const many = new Set(read.inventory.filter((_, i) => i % 3 === 0).map((c) => `${c.taxonomy}:${c.concept}`));
      for (const concepts of Object.values(assertSameAsPlain(bytes, many, entry.fileName).facts)) {
        for (const value of Object.values(concepts)) for (const cols of (value as ConceptFacts).units.values()) facts += cols.length;
      }
    }
    assert.ok(facts > 100_000, `${facts} facts compared`);
  } finally {
    zip.close();
  }
});

test('only the wanted concepts are parsed; the others are counted per unit', () => {
  const read = assertSameAsParse(JSON.stringify(DOC));
  assert.deepEqual(Object.keys(read.facts['us-gaap']!), ['Revenues']);
  assert.deepEqual(read.inventory.map((c) => [c.concept, c.units]), [
    ['EntityCommonStockSharesOutstanding', [['shares', 1]]],
    ['EntityPublicFloat', [['USD', 1]]],
    ['Revenues', [['USD', 2]]],
    ['AccountsPayableCurrent', [['USD', 3], ['EUR', 0]]],
    ['NestedThing', [['pure', 2]]],
    ['BraceInFact', [['USD', 2]]],
    ['NoUnits', []],
    ['Empty', []],
  ]);
  assert.deepEqual([...read.conceptCounts], [['dei', 2], ['us-gaap', 5], ['srt', 1]]);
  const revenues = read.facts['us-gaap']!.Revenues as ConceptFacts;
  assert.ok(revenues instanceof ConceptFacts);
  assert.deepEqual([...revenues.units.keys()], ['USD']);
  const usd = revenues.units.get('USD')!;
  assert.equal(usd.length, 2);
  assert.deepEqual(usd.val, [383e9, -1.5e-3]);
  assert.deepEqual(usd.start, [null, '2023-01-01']);
  assert.deepEqual(usd.accn, ['0000320193-24-000006', '0000320193-24-000006']);
});

test('whitespace anywhere JSON allows it (pretty-printed, CRLF, tabs)', () => {
  assertSameAsParse(JSON.stringify(DOC, null, 2));
  assertSameAsParse(JSON.stringify(DOC, null, '\t').replace(/\n/g, '\r\n'));
  assertSameAsParse(` \n${JSON.stringify(DOC)}\n `);
});

test('escapes, non-ASCII text and brackets inside strings, in keys and values', () => {
  const doc = structuredClone(DOC) as { facts: Record<string, Record<string, unknown>> };
  doc.facts['us-gaap']!['Caf\u00e9Concept'] = { label: '\u00e9', units: { 'USD/\u00e9': [fact(1)], 'a"b': [fact(2)] } };
  assertSameAsParse(JSON.stringify(doc));
  // An escaped unit name and an escaped slash are read as JSON.parse reads them.
  const text = JSON.stringify(DOC).replace('"EUR":[]', '"E\\u0055R":[{"form":"10\\/K"}]');
  const read = assertSameAsParse(text);
  assert.deepEqual(read.inventory.find((c) => c.concept === 'AccountsPayableCurrent')!.units, [['USD', 3], ['EUR', 1]]);
});

test('numbers and literals of every form are checked and counted', () => {
  const values = ['0', '-0', '12', '-3.25', '1e5', '1E+5', '2.5e-7', 'true', 'false', 'null', '"s"', '[]', '{}', '[1,[2,[3]]]'];
  const text = `{"facts":{"us-gaap":{"X":{"units":{"u":[${values.join(',')}]}}}}}`;
  const read = assertSameAsParse(text);
  assert.deepEqual(read.inventory[0]!.units, [['u', values.length]]);
});

test('invalid JSON anywhere makes the reader decline (JSON.parse then gives the reason)', () => {
  const good = '{"facts":{"us-gaap":{"X":{"label":"a","units":{"USD":[{"val":1,"end":"2020-01-01"}]}}}}}';
  assert.ok(readCompanyFacts(Buffer.from(good), WANTED));
  const bad = [
    good.replace('"a"', '"a\\x"'), // unknown escape
    good.replace('"a"', '"\\u12G4"'), // bad unicode escape
    good.replace('"a"', '"a\tb"'), // raw control character
    good.replace('"val":1', '"val":01'), // leading zero
    good.replace('"val":1', '"val":1.'), // no fraction digits
    good.replace('"val":1', '"val":-'),
    good.replace('"val":1', '"val":1e'),
    good.replace('"val":1', '"val":tru'),
    good.replace('"val":1', '"val":+1'),
    good.replace('"val":1', '"val":1,'), // trailing comma
    good.replace('"val":1', '"val"1'), // missing colon
    good.replace(']', ',]'),
    good.replace('"label":"a",', '"label":"a",,'),
    good.replace('{"val"', '{val'),
    good + 'x', // trailing garbage
    '\ufeff' + good, // byte-order mark
    good.replace('[{', '[{]'),
  ];
  for (const text of bad) {
    assert.throws(() => readCompanyFactsPlain(Buffer.from(text), WANTED), SyntaxError, text);
    assert.equal(readCompanyFacts(Buffer.from(text), WANTED), null, text);
  }
});

test('a truncated file is declined at every cut point', () => {
  const text = JSON.stringify(DOC);
  const bytes = Buffer.from(text);
  for (let n = 0; n < bytes.length; n++) {
    assert.equal(readCompanyFacts(bytes.subarray(0, n), WANTED), null, `cut at ${n}`);
  }
});

test('unusual shapes are left to the full parse', () => {
  const declined = [
    '[]',
    '{"cik":1}', // no facts
    '{"facts":[]}',
    '{"facts":{"us-gaap":[]}}',
    '{"facts":{"us-gaap":{"X":1}}}', // a concept that is not an object
    '{"facts":{"us-gaap":{"X":{"units":[]}}}}',
    '{"facts":{"us-gaap":{"X":{"units":{"USD":{}}}}}}', // a unit that is not a list
    '{"facts":{"us-gaap":{"X":{"units":{}},"X":{"units":{}}}}}', // duplicate concept
    '{"facts":{"us-gaap":{"X":{"units":{"USD":[],"USD":[1]}}}}}', // duplicate unit
    '{"facts":{"us-gaap":{"X":{"units":{},"units":{}}}}}', // duplicate units
    '{"facts":{"us-gaap":{}},"facts":{}}', // duplicate facts
    '{"facts":{"us-gaap":{"1X":{}}}}', // a name JavaScript would order first
    '{"facts":{"us-gaap":{"__proto__":{}}}}',
    '{"facts":{"us-gaap":{"X":{"\\u0075nits":{}}}}}', // an escaped key of a counted concept
  ];
  for (const text of declined) {
    JSON.parse(text);
    assert.equal(readCompanyFacts(Buffer.from(text), WANTED), null, text);
  }
});

test('random damage: the reader declines or agrees with JSON.parse', () => {
  const text = JSON.stringify(DOC);
  let seed = 12345;
  const rand = (n: number): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const alphabet = '{}[]",:\\ 0123456789-+.eEtrufalsn\u00e9ab\n';
  for (let k = 0; k < 3000; k++) {
    const at = rand(text.length);
    const ch = alphabet[rand(alphabet.length)]!;
    const op = rand(3);
    const mutated = op === 0 ? text.slice(0, at) + ch + text.slice(at + 1)
      : op === 1 ? text.slice(0, at) + ch + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(mutated);
    } catch {
      assert.equal(readCompanyFacts(Buffer.from(mutated), WANTED), null, mutated);
      continue;
    }
    if (readCompanyFacts(Buffer.from(mutated), WANTED) && parsed && typeof parsed === 'object') assertSameAsParse(mutated);
  }
});
