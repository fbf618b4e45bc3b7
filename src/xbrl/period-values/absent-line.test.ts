import { test } from 'node:test';
import assert from 'node:assert/strict';
import { companyFacts, filing, standardized, type SyntheticFact } from '../../../test/support/synthetic-facts.js';

const K = filing('0000001234-24-000001', '10-K', '2024-02-15', 2023, 'FY');
const D = '2023-12-31';
// cash 500 + inventories 3,500 + other current assets 200 = current assets 4,200 (no receivables line)
const base = (): Record<string, SyntheticFact[]> => ({
  Revenues: [K('2023-01-01', D, 10000)],
  Assets: [K(null, D, 9000)], LiabilitiesAndStockholdersEquity: [K(null, D, 9000)],
  AssetsCurrent: [K(null, D, 4200)], CashAndCashEquivalentsAtCarryingValue: [K(null, D, 500)],
  InventoryNet: [K(null, D, 3500)], OtherAssetsCurrent: [K(null, D, 200)],
});
function bsOf(extra: Record<string, SyntheticFact[]>, without: string[] = []) {
  const facts = { ...base(), ...extra };
  for (const c of without) delete facts[c];
  const s = standardized(companyFacts(facts));
  return s.records.find((r) => r.recordType === 'balance_sheet' && r.period === 'annual' && r.date === D)!;
}

test('receivables of a note, where the current lines add up without them, are null with the reason', () => {
  // the 120 of receivables are part of the other current assets (a note's breakdown)
  const bs = bsOf({ AccountsReceivableNetCurrent: [K(null, D, 120)] });
  assert.equal(bs.values.bs_acct_note_rcv, null);
  assert.equal(bs.values.bs_accts_rec_excl_notes_rec, null);
  const p = bs.provenance.bs_acct_note_rcv!;
  assert.equal(p.nullReason, true);
  assert.match(p.derivation!, /^no line of the balance sheet of 2023-12-31 \(10-K 0000001234-24-000001\): its current lines add up to current assets of 4200 without it; us-gaap:AccountsReceivableNetCurrent \(120\) is a note's figure$/);
});

test('a receivables 0 that the balance sheet reports is the value, not a note\'s figure', () => {
  const bs = bsOf({ AccountsReceivableNetCurrent: [K(null, D, 0)], AccountsReceivableNet: [K(null, D, 120)] });
  assert.equal(bs.values.bs_acct_note_rcv, 0);
  assert.equal(bs.provenance.bs_acct_note_rcv?.concept, 'us-gaap:AccountsReceivableNetCurrent');
  assert.equal(bs.provenance.bs_acct_note_rcv?.nullReason, undefined);
  assert.match(bs.provenance.bs_acct_note_rcv?.derivation ?? '', /^a reported 0: no line of the balance sheet of 2023-12-31/);
});

test('receivables that the current lines need to add up are the balance sheet\'s line', () => {
  // cash 500 + receivables 120 + inventories 3,500 + other 200 = 4,320
  const bs = bsOf({ AssetsCurrent: [K(null, D, 4320)], AccountsReceivableNetCurrent: [K(null, D, 120)] });
  assert.equal(bs.values.bs_acct_note_rcv, 120);
  assert.equal(bs.values.bs_accts_rec_excl_notes_rec, 120);
  // lines that do not add up either way (an extension line) leave the receivables as they are
  assert.equal(bsOf({ AssetsCurrent: [K(null, D, 5000)], AccountsReceivableNetCurrent: [K(null, D, 120)] }).values.bs_acct_note_rcv, 120);
  // and so does a balance sheet without a cash line, or without current assets
  assert.equal(bsOf({ AccountsReceivableNetCurrent: [K(null, D, 120)] }, ['CashAndCashEquivalentsAtCarryingValue']).values.bs_acct_note_rcv, 120);
  assert.equal(bsOf({ AccountsReceivableNetCurrent: [K(null, D, 120)] }, ['AssetsCurrent']).values.bs_acct_note_rcv, 120);
});

test('a choice of lines that adds up with and without the receivables does not tell', () => {
  // a prepaid line of 120 beside receivables of 120: the lines add up to 4,320 with either, so
  // the filing's standard lines do not show that the receivables are no line
  const bs = bsOf({ AssetsCurrent: [K(null, D, 4320)], PrepaidExpenseCurrent: [K(null, D, 120)], AccountsReceivableNetCurrent: [K(null, D, 120)] });
  assert.equal(bs.values.bs_acct_note_rcv, 120);
});
