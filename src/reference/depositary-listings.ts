// Which US listings are depositary receipts, beyond what their security name says. The directory's
// security name decides first (classifySecurity: "American Depositary Shares", "ADS", "ADR" -> ADR);
// a listing the name calls common stock is an ADR when reference/adr_ratios.csv gives it a ratio of
// ordinary shares per US share other than 1 in every row: a US share that stands for several (or a
// fraction of one) ordinary shares is a depositary share (TSM, 5; BP, 6; TM, 2 or 10). A ratio of 1
// says nothing either way (ASML's New York Registry Shares are ordinary shares registered in New
// York, NVO's ADSs are one for one): the name decides.
import type { AdrRatioRow } from '../sources/adr-ratios-csv.js';
import type { SecurityType } from '../model/symbols.js';

/** Symbols of the file whose every positive ratio differs from 1 (at least one positive ratio). */
export function depositarySymbols(rows: readonly AdrRatioRow[]): Set<string> {
  const ratioOne = new Set<string>();
  const other = new Set<string>();
  for (const r of rows) {
    if (r.ordinaryPerDepositary === null) continue;
    (r.ordinaryPerDepositary === 1 ? ratioOne : other).add(r.symbol);
  }
  for (const s of ratioOne) other.delete(s);
  return other;
}

/** What listingType reads of a ticker entry. */
export interface ListingFacts {
  symbol: string;
  type: SecurityType;
  /** The directory's security name, or null for SEC-only symbols. */
  securityName: string | null;
}

/**
 * The listing's type once the ratio file is considered: only common stock can become ADR, and not
 * when NASDAQ's hyphenated directory name says common stock or shares ("Piedmont Lithium Inc. -
 * Common Stock": NASDAQ names its ADSs as such, and PLL, BNTC, RCEL have since become US companies'
 * common stock). NYSE directory names call ADRs "Common Stock" (TM, HDB, BP): there the file decides.
 * The listing's dates are not compared with the file's (2020-2021): the directory history of many
 * delisted ADRs ends in 2016 (CHL, PTR), so a reused symbol is typed by the file too (ONE, Higher
 * One Holdings to 2016, is typed ADR: a known error).
 */
export function listingType(e: ListingFacts, depositary: ReadonlySet<string>): SecurityType {
  if (e.type !== 'common stock' || !depositary.has(e.symbol)) return e.type;
  if (e.securityName && /\s-\s+Common\s+(Stock|Shares?)\s*$/i.test(e.securityName)) return e.type;
  return 'ADR';
}
