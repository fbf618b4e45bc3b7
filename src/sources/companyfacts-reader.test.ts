import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCompanyFacts, viewOfParsedFacts, type CompanyFactsView } from './companyfacts-reader.js';
import { ConceptFacts, conceptFacts } from './fact-columns.js';

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

/** The reader's view must equal the view of the whole parsed document, on the wanted concepts
 *  (whose parsed values the reader keeps as their facts in columns). */
function assertSameAsParse(text: string): CompanyFactsView {
  const read = readCompanyFacts(Buffer.from(text, 'utf8'), WANTED);
  assert.ok(read, 'reader declined a well-formed document');
  const full = viewOfParsedFacts(JSON.parse(text));
  assert.deepEqual(read.inventory, full.inventory);
  assert.deepEqual([...read.conceptCounts], [...full.conceptCounts]);
  assert.equal(read.cik, full.cik);
  assert.equal(read.entityName, full.entityName);
  const wanted: Record<string, Record<string, unknown>> = {};
  for (const [t, concepts] of Object.entries(full.facts)) {
    wanted[t] = {};
    for (const [c, body] of Object.entries(concepts)) if (WANTED.has(`${t}:${c}`)) wanted[t][c] = conceptFacts(body, new Map());
  }
  assert.deepEqual(read.facts, wanted);
  return read;
}

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
    assert.throws(() => JSON.parse(text), SyntaxError, text);
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
