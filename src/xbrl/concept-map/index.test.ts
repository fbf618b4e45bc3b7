import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUX_INPUT_MAPPINGS } from './aux-inputs.js';
import { BALANCE_SHEET_MAPPINGS } from './balance-sheet.js';
import { CASH_FLOW_MAPPINGS } from './cash-flow.js';
import { INCOME_STATEMENT_MAPPINGS } from './income-statement.js';
import { CONCEPT_MAP, COMPANY_OVERRIDES, mappedConcepts } from './index.js';

test('each statement table holds its statement\'s fields; aux inputs are named aux_*', () => {
  for (const [table, statement] of [[INCOME_STATEMENT_MAPPINGS, 'income_statement'], [BALANCE_SHEET_MAPPINGS, 'balance_sheet'], [CASH_FLOW_MAPPINGS, 'cash_flow']] as const) {
    assert.ok(table.length > 0);
    for (const m of table) assert.equal(m.statement, statement, m.field);
  }
  for (const m of AUX_INPUT_MAPPINGS) assert.match(m.field, /^aux_/);
});

test('the map is the tables in statement order, every field once', () => {
  assert.deepEqual(CONCEPT_MAP, [...INCOME_STATEMENT_MAPPINGS, ...BALANCE_SHEET_MAPPINGS, ...CASH_FLOW_MAPPINGS, ...AUX_INPUT_MAPPINGS]);
  assert.equal(new Set(CONCEPT_MAP.map((m) => m.field)).size, CONCEPT_MAP.length);
});

test('mapped concepts include compositions, section and cash checks, statement lines, taxes and company overrides', () => {
  const all = mappedConcepts();
  assert.ok(all.has('us-gaap:Revenues'));
  assert.ok(all.has('us-gaap:NoninterestIncome'), 'a composition term');
  assert.ok(all.has('us-gaap:NetCashProvidedByUsedInInvestingActivities'), 'a section total');
  // the selective companyfacts reader loads only mapped concepts: the statement-line sums and the
  // taxes a field is net of must be among them (an ingest without them served Philip Morris'
  // 2014 revenue gross while the direct standardization served it net)
  assert.ok(all.has('us-gaap:ExciseAndSalesTaxes'), 'taxes revenue is net of');
  assert.ok(all.has('us-gaap:BenefitsLossesAndExpenses'), 'a statement-line term');
  // and the current-asset lines receivables are checked against (an ingest without them found
  // Weyerhaeuser's receivables of 2016-03-31 no line: its prepaid and tax lines were not read)
  for (const m of CONCEPT_MAP) for (const c of [...m.lineOf?.total ?? [], ...(m.lineOf?.lines ?? []).flat()]) assert.ok(all.has(c), c);
  for (const o of Object.values(COMPANY_OVERRIDES)) for (const refs of Object.values(o)) for (const r of refs) assert.ok(all.has(r.concept));
  for (const c of all) assert.match(c, /^(us-gaap|ifrs-full):/);
});

test('no part of the map imports its assembler', () => {
  const dir = fileURLToPath(new URL('.', import.meta.url));
  for (const f of readdirSync(dir)) {
    if (f === 'index.ts' || f.endsWith('.test.ts')) continue;
    assert.doesNotMatch(readFileSync(dir + f, 'utf8'), /from '\.\/index\.js'/, f);
  }
});
