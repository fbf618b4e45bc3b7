// Named queries over the reference tables the catalogs read besides tickers and companies:
// profiles.csv rows (sector, industry, country, employees) and ISO 10383 MIC names.

export interface ProfileSourceRow {
  symbol: string; sector: string | null; industry: string | null; country: string | null; employees: number | null;
  ipo_year: number | null; description: string | null;
}

export interface MicRow { mic: string; name: string }

export interface ReferenceQueries {
  /** Every profiles.csv row (read once per handle); none without the table. */
  profileSources(): readonly ProfileSourceRow[];
  /** Every MIC with its ISO 10383 name (read once per handle); none without the table. */
  mics(): readonly MicRow[];
}
