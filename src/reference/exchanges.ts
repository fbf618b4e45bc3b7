// The venue map: short exchange codes used on ticker records and in exchange filters, with their
// display names, ISO 10383 MICs and market. Every source spelling (directory letters, NASDAQ tiers,
// SEC labels) maps to one code here, so `exchange` values are the same whatever the source.

export interface Venue {
  /** Short code on ticker records and in filters, e.g. NASDAQ, NYSE, ARCA. */
  code: string;
  /** Normalized English display name. */
  name: string;
  /** Operating MIC of the venue. */
  operatingMic: string;
  /** Market (country-level trading region) and its ISO 3166 country. */
  market: string;
  countryCode: string;
  /** Major venues rank first in search; larger is more prominent. */
  prominence: number;
}

export const VENUES: readonly Venue[] = [
  { code: 'NASDAQ', name: 'Nasdaq Stock Market', operatingMic: 'XNAS', market: 'US', countryCode: 'US', prominence: 1.0 },
  { code: 'NYSE', name: 'New York Stock Exchange', operatingMic: 'XNYS', market: 'US', countryCode: 'US', prominence: 1.0 },
  { code: 'AMEX', name: 'NYSE American', operatingMic: 'XASE', market: 'US', countryCode: 'US', prominence: 0.7 },
  { code: 'ARCA', name: 'NYSE Arca', operatingMic: 'ARCX', market: 'US', countryCode: 'US', prominence: 0.7 },
  { code: 'CBOE', name: 'Cboe BZX Exchange', operatingMic: 'BATS', market: 'US', countryCode: 'US', prominence: 0.7 },
  { code: 'IEX', name: 'Investors Exchange', operatingMic: 'IEXG', market: 'US', countryCode: 'US', prominence: 0.6 },
  { code: 'NYSETX', name: 'NYSE Texas', operatingMic: 'XCHI', market: 'US', countryCode: 'US', prominence: 0.6 },
  { code: 'OTC', name: 'OTC Markets', operatingMic: 'OTCM', market: 'US', countryCode: 'US', prominence: 0.2 },
];

const BY_CODE = new Map(VENUES.map((v) => [v.code, v]));

export function venue(code: string | null | undefined): Venue | null {
  return code ? BY_CODE.get(code.toUpperCase()) ?? null : null;
}

export interface VenuePlacement {
  code: string;
  /** The listing segment's MIC when known (NASDAQ tier, NYSE Arca ...), else the operating MIC. */
  mic: string;
}

const NASDAQ_TIER_MIC: Record<string, string> = { Q: 'XNGS', G: 'XNMS', S: 'XNCM' };

/**
 * Venue of a directory row: exchange letter (N, A, P, Z, V, M, Q) plus NASDAQ tier; the derived
 * history files write NASDAQ as "Q:G". Unknown letters give null.
 */
export function venueFromDirectory(letter: string, tier: string | null = null): VenuePlacement | null {
  let l = letter.trim().toUpperCase();
  let t = tier;
  const colon = /^Q:([A-Z])$/.exec(l);
  if (colon) { l = 'Q'; t = colon[1] as string; }
  switch (l) {
    case 'Q': return { code: 'NASDAQ', mic: (t && NASDAQ_TIER_MIC[t]) ?? 'XNAS' };
    case 'N': return { code: 'NYSE', mic: 'XNYS' };
    case 'A': return { code: 'AMEX', mic: 'XASE' };
    case 'P': return { code: 'ARCA', mic: 'ARCX' };
    case 'Z': return { code: 'CBOE', mic: 'BATS' };
    case 'V': return { code: 'IEX', mic: 'IEXG' };
    case 'M': return { code: 'NYSETX', mic: 'XCHI' };
    default: return null;
  }
}

/** Venue of an SEC ticker-file label (Nasdaq, NYSE, NYS, CBOE, OTC); null for none or unknown. */
export function venueFromSec(label: string | null): VenuePlacement | null {
  if (!label) return null;
  switch (label.trim().toUpperCase()) {
    case 'NASDAQ': return { code: 'NASDAQ', mic: 'XNAS' };
    case 'NYSE': case 'NYS': return { code: 'NYSE', mic: 'XNYS' };
    case 'CBOE': case 'BATS': return { code: 'CBOE', mic: 'BATS' };
    case 'OTC': return { code: 'OTC', mic: 'OTCM' };
    case 'NYSE ARCA': case 'ARCA': return { code: 'ARCA', mic: 'ARCX' };
    case 'NYSE AMERICAN': case 'NYSE MKT': case 'AMEX': return { code: 'AMEX', mic: 'XASE' };
    default: return null;
  }
}
