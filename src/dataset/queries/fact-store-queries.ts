// Named query over the fact store (`company_facts`): one company's stored facts, and the
// CompanyFactsView standardization reads, decoded from them (fact-store-codec.ts).
import type { Awaitable } from './awaitable.js';
import type { CompanyFactsView } from '../../sources/companyfacts-reader.js';
import { decodeCompanyFacts } from '../codecs/fact-store-codec.js';

export interface FactStoreRow {
  cik: string;
  /** MMDD from the submissions file, as the build standardized the company with. */
  fiscal_year_end: string | null;
  blob: Uint8Array;
}

export interface FactStoreQueries {
  /** The stored facts of a 10-digit CIK, or null (no facts stored, or a dataset built without the fact store). */
  forCik(cik: string): Awaitable<FactStoreRow | null>;
  /** The newest filing date of any stored fact (null: none stored); read once per handle. */
  newestFiled(): Awaitable<string | null>;
}

export interface StoredCompanyFacts {
  view: CompanyFactsView;
  fiscalYearEnd: string | null;
}

/** A company's facts as standardizeCompanyFacts reads them, or null when the dataset has none for it. */
export async function loadCompanyFactsView(dataset: { readonly factStore: FactStoreQueries }, cik: string): Promise<StoredCompanyFacts | null> {
  const row = await dataset.factStore.forCik(cik);
  if (!row) return null;
  return { view: decodeCompanyFacts(row.blob), fiscalYearEnd: row.fiscal_year_end };
}
