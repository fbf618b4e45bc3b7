// Assembles, for every annual and quarterly period of a company, the inputs of the derived
// metrics: this period's statement values, the window's flows (fiscal year, or TTM = the four
// discrete quarters ending at the quarter), the balances and flows one year earlier, the price
// window and the share counts, all per-share and share amounts on the record date's share basis.
// Pure: a function of CompanyStatements and MarketData. The values are held in slot arrays (speed
// code, only the period-inputs folder sees the slots) or, in the reference version, in objects
// keyed by name. This file is the entry; the parts it assembles live beside it.
import type { CompanyStatements } from '../../model/record-types.js';
import type { N } from '../arith.js';
import { priceWindowAt, type MarketData } from '../../market/market-data.js';
import { dayNumber } from '../../model/dates.js';
import type { PeriodInputs, PerShareSums } from './input-slots.js';
import { type Representation, SLOTS, BY_NAME } from './value-stores.js';
import { normalizeBalance, normalizeFlows } from './normalized-inputs.js';
import { shareSplitsOf, checkedSharesOut, sharesOnBasis } from './share-basis.js';
import { type Period, perShareSum, extractedAux, earlierFirst, hasPositiveValue, isPresent, CompanyPeriods } from './company-periods.js';

/** The period inputs of a company, in slot arrays (the build's representation). */
export function buildPeriodInputs(statements: CompanyStatements, market: MarketData | null): PeriodInputs[] {
  return assemble(statements, market, SLOTS);
}

/** The same inputs held in plain objects keyed by input name: the reference version of buildPeriodInputs. */
export function buildPeriodInputsByName(statements: CompanyStatements, market: MarketData | null): PeriodInputs[] {
  return assemble(statements, market, BY_NAME);
}

function assemble(statements: CompanyStatements, market: MarketData | null, rep: Representation): PeriodInputs[] {
  const extracted = extractedAux(statements.records);
  const shareSplits = market ? shareSplitsOf(market.splits) : [];

  const cover = statements.sharesOutstanding.filter(hasPositiveValue).sort(earlierFirst);
  const byKey = new Map<string, Period>();
  for (const r of statements.records) {
    if (r.recordType !== 'income_statement' && r.recordType !== 'balance_sheet' && r.recordType !== 'cash_flow') continue;
    const key = `${r.period}|${r.date}`;
    let p = byKey.get(key);
    if (!p) {
      // recs with its three keys in one order: one object shape whatever record comes first
      const recs = { balance_sheet: undefined, income_statement: undefined, cash_flow: undefined };
      p = { period: r.period, date: r.date, day: dayNumber(r.date), recs, merged: rep.empty() };
      byKey.set(key, p);
    }
    p.recs[r.recordType] = r;
  }
  for (const p of byKey.values()) {
    p.merged.putStatement(p.recs.balance_sheet);
    p.merged.putStatement(p.recs.income_statement);
    p.merged.putStatement(p.recs.cash_flow);
    normalizeBalance(p.merged, extracted);
    normalizeFlows(p.merged, extracted);
  }
  const company = new CompanyPeriods([...byKey.values()].sort(earlierFirst), shareSplits, rep);

  const out: PeriodInputs[] = [];
  for (const p of company.periods) {
    const meta = p.recs.income_statement ?? p.recs.cash_flow ?? p.recs.balance_sheet!;
    const { flows, parts } = company.windowFlows(p);
    const priorP = company.yearEarlier(p.period === 'annual' ? company.annualByDay : company.quarterByDay, p.day);
    const ttmPrior = priorP ? company.windowFlows(priorP).flows : rep.none;
    const priorBal = company.balanceNear(p.day - 365);
    const curBal = p.recs.balance_sheet ? p : company.balanceNear(p.day);
    // quarterly Q4 without its own balance sheet: use the fiscal year-end balance of that date
    const cur = curBal && curBal !== p ? p.merged.withBalanceFrom(curBal.merged) : p.merged;

    const bsRec = curBal?.recs.balance_sheet;
    const isRec = p.recs.income_statement;
    const dilutedShares = sharesOnBasis(isRec, 'is_sh_for_diluted_eps', shareSplits, p.date);
    const basicShares = sharesOnBasis(isRec, 'is_avg_num_sh_for_eps', shareSplits, p.date);
    // a quarter without weighted shares is checked against its fiscal year's; a company that
    // reports none at all, against the balance-sheet counts of the neighbouring quarters
    const fyRec = dilutedShares === null && basicShares === null && p.period === 'quarterly'
      ? company.annualByFiscalYear.get(meta.fiscalYear)?.recs.income_statement : undefined;
    const refs: N[] = [dilutedShares, basicShares, sharesOnBasis(fyRec, 'is_sh_for_diluted_eps', shareSplits, p.date), sharesOnBasis(fyRec, 'is_avg_num_sh_for_eps', shareSplits, p.date)];
    if (!refs.some(isPresent)) company.pushNeighbourShares(p.date, refs);
    const sharesOut = checkedSharesOut(
      sharesOnBasis(bsRec, 'bs_sh_out', shareSplits, p.date), cover, shareSplits, p.date, refs, basicShares ?? dilutedShares,
    );
    const perShare: PerShareSums = {
      eps: perShareSum(parts, 'eps', shareSplits, p.date),
      eps_cont_ops: perShareSum(parts, 'eps_cont_ops', shareSplits, p.date),
      diluted_eps: perShareSum(parts, 'diluted_eps', shareSplits, p.date),
      dil_eps_cont_ops: perShareSum(parts, 'dil_eps_cont_ops', shareSplits, p.date),
      div_per_shr: perShareSum(parts, 'div_per_shr', shareSplits, p.date),
    };
    out.push({
      period: p.period,
      date: p.date,
      fiscalYear: meta.fiscalYear,
      periodLabel: meta.periodLabel,
      cur,
      ttm: flows,
      ttmPrior,
      prior: priorBal ? priorBal.merged : rep.none,
      price: market ? priceWindowAt(market, p.date, shareSplits) : null,
      sharesOut,
      dilutedShares,
      basicShares,
      perShare,
      records: p.recs,
      window: p.period === 'annual' ? `fiscal year ending ${p.date}` : `TTM of the 4 quarters ending ${p.date}`,
    });
  }
  return out;
}
