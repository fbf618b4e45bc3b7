// The accuracy scorecard of a built dataset: every identity (identities.ts) over every company,
// tallied per identity and per company type (share of judged records that hold within the
// tolerance), with the worst offenders and their provenance. Invariant: the figures count only
// judged records; a cell with nothing judged has no rate (null), never 0 or 100.
import type { DatasetQueries } from '../dataset/queries/read-queries.js';
import { COMPANY_TYPES, type CompanyType } from '../reference/company-type.js';
import { IDENTITIES, IDENTITY_NAMES, type AuditCompany, type IdentityCheck, type IdentityName } from './identities.js';
import { loadAuditCompany } from './audit-source.js';

export interface ScoreCell {
  checked: number;
  held: number;
  /** held / checked in %, two decimals; null when nothing was checked. */
  rate: number | null;
}

export interface Offender extends IdentityCheck {
  cik: string;
  company: string;
  ticker: string | null;
  type: CompanyType;
}

export interface Scorecard {
  companies: number;
  companiesByType: Record<CompanyType, number>;
  identities: Record<IdentityName, { all: ScoreCell; byType: Record<CompanyType, ScoreCell> }>;
  /** The misses with the largest relative gaps, largest first. */
  worst: Offender[];
}

const rateOf = (held: number, checked: number): number | null => (checked === 0 ? null : Math.round((held / checked) * 10000) / 100);
const emptyCell = (): ScoreCell => ({ checked: 0, held: 0, rate: null });

/** Tallies companies into a scorecard, keeping the `worstN` largest misses. */
export class ScorecardBuilder {
  private readonly card: Scorecard;
  constructor(private readonly worstN: number) {
    const byType = (): Record<CompanyType, ScoreCell> => Object.fromEntries(COMPANY_TYPES.map((t) => [t, emptyCell()])) as Record<CompanyType, ScoreCell>;
    this.card = {
      companies: 0,
      companiesByType: Object.fromEntries(COMPANY_TYPES.map((t) => [t, 0])) as Record<CompanyType, number>,
      identities: Object.fromEntries(IDENTITY_NAMES.map((n) => [n, { all: emptyCell(), byType: byType() }])) as Scorecard['identities'],
      worst: [],
    };
  }

  add(company: AuditCompany): void {
    this.card.companies += 1;
    this.card.companiesByType[company.type] += 1;
    for (const name of IDENTITY_NAMES) {
      const cells = this.card.identities[name];
      for (const check of IDENTITIES[name](company)) {
        for (const cell of [cells.all, cells.byType[company.type]]) {
          cell.checked += 1;
          if (check.holds) cell.held += 1;
        }
        if (!check.holds) this.offender({ ...check, cik: company.cik, company: company.name, ticker: company.ticker, type: company.type });
      }
    }
  }

  private offender(o: Offender): void {
    const w = this.card.worst;
    if (this.worstN <= 0 || (w.length >= this.worstN && o.gap <= w[w.length - 1]!.gap)) return;
    let i = w.length;
    while (i > 0 && w[i - 1]!.gap < o.gap) i--;
    w.splice(i, 0, o);
    if (w.length > this.worstN) w.pop();
  }

  result(): Scorecard {
    for (const name of IDENTITY_NAMES) {
      const cells = this.card.identities[name];
      for (const cell of [cells.all, ...Object.values(cells.byType)]) cell.rate = rateOf(cell.held, cell.checked);
    }
    return this.card;
  }
}

/** The scorecard of every company of a dataset (read through its named queries). */
export async function auditDataset(dataset: DatasetQueries, options: { worst: number; onCompany?: (done: number, total: number) => void }): Promise<Scorecard> {
  const builder = new ScorecardBuilder(options.worst);
  const companies = dataset.companies.all();
  let done = 0;
  for (const row of companies) {
    const company = await loadAuditCompany(dataset, row);
    if (company) builder.add(company);
    options.onCompany?.(++done, companies.length);
  }
  return builder.result();
}
