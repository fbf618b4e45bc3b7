// One sector vocabulary for profiles and the sector list: profiles.csv's screener sectors (its few
// alternative spellings folded in), and an SEC SIC code mapped into the same sectors by range when
// a symbol has no profile row. The industry of a SIC-derived sector is SEC's SIC description.

/** profiles.csv spellings folded into the dominant vocabulary. */
const SECTOR_ALIASES: Record<string, string> = {
  'Financial Services': 'Finance',
  Healthcare: 'Health Care',
  'Consumer Cyclical': 'Consumer Discretionary',
  'Consumer Defensive': 'Consumer Staples',
  'Communication Services': 'Telecommunications',
};

export function normalizeSector(sector: string | null): string | null {
  if (!sector) return null;
  const s = sector.trim();
  return s ? SECTOR_ALIASES[s] ?? s : null;
}

/** [first SIC, last SIC, sector]: first matching range wins (narrow ranges listed before wide ones). */
export const SIC_SECTOR_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [100, 999, 'Consumer Staples'],            // agriculture, forestry, fishing
  [1000, 1099, 'Basic Materials'],           // metal mining
  [1200, 1399, 'Energy'],                    // coal, oil and gas extraction
  [1400, 1499, 'Basic Materials'],           // nonmetallic minerals
  [1500, 1799, 'Industrials'],               // construction
  [2000, 2199, 'Consumer Staples'],          // food, beverages, tobacco
  [2200, 2399, 'Consumer Discretionary'],    // textiles, apparel
  [2400, 2499, 'Basic Materials'],           // lumber and wood
  [2500, 2599, 'Consumer Discretionary'],    // furniture
  [2600, 2699, 'Basic Materials'],           // paper
  [2700, 2799, 'Consumer Discretionary'],    // printing, publishing
  [2830, 2836, 'Health Care'],               // drugs, pharmaceuticals, biologicals
  [2840, 2844, 'Consumer Staples'],          // soap, detergents, cosmetics
  [2800, 2899, 'Basic Materials'],           // chemicals
  [2900, 2999, 'Energy'],                    // petroleum refining
  [3000, 3099, 'Industrials'],               // rubber, plastics
  [3100, 3199, 'Consumer Discretionary'],    // leather
  [3200, 3399, 'Basic Materials'],           // stone, glass, primary metals
  [3400, 3499, 'Industrials'],               // fabricated metal products
  [3570, 3579, 'Technology'],                // computer and office equipment
  [3500, 3599, 'Industrials'],               // industrial machinery
  [3630, 3659, 'Consumer Discretionary'],    // household appliances, audio and video
  [3660, 3699, 'Technology'],                // communications equipment, semiconductors, electronics
  [3600, 3629, 'Industrials'],               // electrical equipment
  [3710, 3716, 'Consumer Discretionary'],    // motor vehicles
  [3700, 3799, 'Industrials'],               // aircraft, ships, rail, parts
  [3840, 3859, 'Health Care'],               // medical instruments and supplies
  [3800, 3899, 'Industrials'],               // measuring and control instruments
  [3900, 3999, 'Consumer Discretionary'],    // miscellaneous manufacturing
  [4000, 4799, 'Industrials'],               // transportation
  [4800, 4899, 'Telecommunications'],        // communications
  [4900, 4999, 'Utilities'],                 // electric, gas, water, sanitary
  [5120, 5129, 'Health Care'],               // drugs wholesale
  [5000, 5099, 'Industrials'],               // durable goods wholesale
  [5100, 5199, 'Consumer Staples'],          // nondurable goods wholesale
  [5400, 5499, 'Consumer Staples'],          // food stores
  [5912, 5912, 'Consumer Staples'],          // drug stores
  [5200, 5999, 'Consumer Discretionary'],    // retail
  [6500, 6553, 'Real Estate'],               // real estate
  [6798, 6798, 'Real Estate'],               // real estate investment trusts
  [6000, 6799, 'Finance'],                   // banks, credit, brokers, insurance, holding companies
  [7370, 7379, 'Technology'],                // computer programming, software, data processing
  [7300, 7399, 'Industrials'],               // business services
  [7000, 7999, 'Consumer Discretionary'],    // hotels, personal services, repair, amusement
  [8000, 8099, 'Health Care'],               // health services
  [8731, 8731, 'Health Care'],               // commercial physical and biological research
  [8200, 8299, 'Consumer Discretionary'],    // educational services
  [8100, 8999, 'Industrials'],               // legal, engineering, management services
  [9000, 9999, 'Miscellaneous'],             // public administration, nonclassifiable
];

/** Sector of a 4-digit SEC SIC code, or null when the code is missing or outside every range. */
export function sectorFromSic(sic: string | null | undefined): string | null {
  if (!sic || !/^\d{3,4}$/.test(sic.trim())) return null;
  const n = Number(sic);
  for (const [lo, hi, sector] of SIC_SECTOR_RANGES) if (n >= lo && n <= hi) return sector;
  return null;
}

/** SEC's SIC description as an industry label ("ELECTRONIC COMPUTERS" -> "Electronic Computers"). */
export function industryFromSicDescription(description: string | null | undefined): string | null {
  if (!description || !description.trim()) return null;
  const d = description.trim();
  if (d !== d.toUpperCase()) return d;
  return d.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase()).replace(/\b(And|Of|For|In|Nec|Exc)\b/g, (m) => (m === 'Nec' || m === 'Exc' ? m.toUpperCase() : m.toLowerCase()));
}
