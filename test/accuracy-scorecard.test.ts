// The accuracy scorecard (issue 30 item 13): its tally and baseline rules on hand-built companies,
// and, end to end, `tenk audit` over the corpus test dataset held to the committed baseline
// (test/accuracy-baseline.json): an identity's rate, overall or for a company type, that drops by
// more than the allowed drop fails unless the same change regenerates the baseline (`npm run audit:baseline`).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { PeriodRecord } from '../src/model/record-types.js';
import { IDENTITY_NAMES, type AuditCompany } from '../src/audit/identities.js';
import { ScorecardBuilder, type Scorecard } from '../src/audit/scorecard.js';
import { baselineOf, rateDrops, type Baseline } from '../src/audit/scorecard-baseline.js';
import { renderMarkdown, renderText } from '../src/audit/scorecard-render.js';

const datasetPath = path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
const built = fs.existsSync(datasetPath);
const BASELINE = path.resolve('test', 'accuracy-baseline.json');

const filing = { accn: '0000000001-24-000001', form: '10-K', filed: '2024-02-15' };
function balanceSheet(date: string, assets: number, liabilities: number, equity: number): PeriodRecord {
  const values = { bs_tot_asset: assets, bs_tot_liab: liabilities, bs_total_equity: equity };
  const provenance = Object.fromEntries(Object.keys(values).map((f) => [f, { ...filing, concept: `us-gaap:${f}` }]));
  return { recordType: 'balance_sheet', period: 'annual', date, fiscalYear: Number(date.slice(0, 4)), periodLabel: date.slice(0, 4), values, provenance };
}
function company(cik: string, type: AuditCompany['type'], records: PeriodRecord[]): AuditCompany {
  return { cik, name: `Co ${cik}`, ticker: null, type, records, mezzanine: () => [], endingCash: () => null, restrictedCash: () => [], flowBeside: () => null };
}
/** A bank with one balanced year and one a tenth off, and an industrial company with two balanced years. */
function card(worst = 5): Scorecard {
  const b = new ScorecardBuilder(worst);
  b.add(company('1', 'bank', [balanceSheet('2022-12-31', 1000, 900, 100), balanceSheet('2023-12-31', 1000, 800, 100)]));
  b.add(company('2', 'industrial', [balanceSheet('2022-12-31', 500, 300, 200), balanceSheet('2023-12-31', 600, 350, 250)]));
  return b.result();
}

describe('scorecard rules on hand-built companies', () => {
  test('rates per identity and company type count judged records only; the miss is the worst offender with its provenance', () => {
    const c = card();
    assert.deepEqual(c.identities.balance.all, { checked: 4, held: 3, rate: 75 });
    assert.deepEqual(c.identities.balance.byType.bank, { checked: 2, held: 1, rate: 50 });
    assert.deepEqual(c.identities.balance.byType.industrial, { checked: 2, held: 2, rate: 100 });
    assert.deepEqual(c.identities['gross-profit'].all, { checked: 0, held: 0, rate: null }); // nothing judged: no rate
    assert.equal(c.worst.length, 1);
    assert.equal(c.worst[0]!.cik, '1');
    assert.equal(c.worst[0]!.date, '2023-12-31');
    assert.equal(c.worst[0]!.evidence[0]!.provenance?.accn, filing.accn);
    assert.match(renderText(c), /balance\s+75\.00 % of 4/);
    const md = renderMarkdown(c, 'test');
    for (const name of IDENTITY_NAMES) assert.ok(md.includes(`**${name}**`), `definition of ${name}`);
  });

  test('a drop beyond the allowance fails; within it, or by one record of a small cell, does not; a cell that judges nothing any more fails', () => {
    const now = card();
    const was: Baseline = baselineOf(now);
    assert.deepEqual(rateDrops(was, now), []);
    const moved = (key: string, rate: number, checked: number): Baseline => ({ note: '', rates: { ...was.rates, [key]: { rate, checked } } });
    assert.deepEqual(rateDrops(moved('balance', 75.5, 10_000), now), []); // 0.5 points
    assert.deepEqual(rateDrops(moved('balance', 75.6, 10_000), now).map((d) => d.key), ['balance']);
    assert.deepEqual(rateDrops(moved('balance@bank', 100, 2), now), []); // one record of two: 50 points allowed
    assert.deepEqual(rateDrops(moved('balance@bank', 100, 4), now).map((d) => d.key), ['balance@bank']);
    assert.deepEqual(rateDrops(moved('gross-profit', 90, 100), now).map((d) => [d.key, d.now]), [['gross-profit', null]]);
  });
});

describe('tenk audit over the corpus test dataset', { skip: built ? false : 'corpus test dataset not built (run npm test)' }, () => {
  test('holds test/accuracy-baseline.json; JSON output with every identity judged and offenders with provenance', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'audit', '--home', path.dirname(datasetPath), '--json', '--worst', '5', '--baseline', BASELINE],
      { encoding: 'utf8', env: { ...process.env, TENK_DATABASE_URL: '' }, maxBuffer: 64 << 20 });
    const drops = res.stderr.split('\n').filter((l) => l.startsWith('DROP'));
    assert.deepEqual(drops, [], 'accuracy dropped; if intended, regenerate the baseline (npm run audit:baseline) and say why in the commit');
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout) as Scorecard;
    assert.ok(out.companies >= 300, `${out.companies} companies audited`);
    for (const name of IDENTITY_NAMES) {
      const cell = out.identities[name].all;
      assert.ok(cell.checked > 0 && cell.rate !== null && cell.rate >= 0 && cell.rate <= 100, `${name}: ${JSON.stringify(cell)}`);
    }
    assert.equal(out.worst.length, 5);
    for (const o of out.worst) {
      assert.equal(o.holds, false);
      assert.ok(o.evidence.some((e) => e.provenance?.accn && e.provenance.form && e.provenance.filed), `${o.cik} ${o.identity} ${o.period}: no filing in its provenance`);
    }
    const baseline = JSON.parse(fs.readFileSync(BASELINE, 'utf8')) as Baseline;
    for (const name of IDENTITY_NAMES) assert.ok(name in baseline.rates, `the baseline has no ${name}: regenerate it`);
  });
});
