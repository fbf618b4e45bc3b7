// Reader for profiles/profiles.csv (symbol, sector, industry, country, city, state, employees,
// ipo_year, description) and profiles/sp500-constituents.csv. Empty cells become null.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';

export interface ProfileRow {
  symbol: string;
  sector: string | null;
  industry: string | null;
  country: string | null;
  city: string | null;
  state: string | null;
  employees: number | null;
  ipoYear: number | null;
  description: string | null;
}

export interface Sp500Row {
  symbol: string;
  name: string;
  gicsSector: string | null;
  gicsSubIndustry: string | null;
  headquarters: string | null;
  dateAdded: string | null;
  cik: string | null;
  founded: string | null;
}

const orNull = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v.trim() : null);
function intOrNull(v: string | undefined): number | null {
  const s = orNull(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n) : null;
}

function records(file: string): Record<string, string>[] {
  if (!fs.existsSync(file)) return [];
  return parseCsv(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true, bom: true }) as Record<string, string>[];
}

export function readProfiles(sourceDir: string): ProfileRow[] {
  return records(path.join(sourceDir, 'profiles', 'profiles.csv'))
    .filter((r) => orNull(r.symbol) !== null)
    .map((r) => ({
      symbol: (r.symbol as string).trim().toUpperCase(),
      sector: orNull(r.sector),
      industry: orNull(r.industry),
      country: orNull(r.country),
      city: orNull(r.city),
      state: orNull(r.state),
      employees: intOrNull(r.employees),
      ipoYear: intOrNull(r.ipo_year),
      description: orNull(r.description),
    }));
}

export function readSp500(sourceDir: string): Sp500Row[] {
  return records(path.join(sourceDir, 'profiles', 'sp500-constituents.csv'))
    .filter((r) => orNull(r.Symbol) !== null)
    .map((r) => {
      const cik = orNull(r.CIK);
      return {
        symbol: (r.Symbol as string).trim().toUpperCase(),
        name: (r.Security ?? '').trim(),
        gicsSector: orNull(r['GICS Sector']),
        gicsSubIndustry: orNull(r['GICS Sub-Industry']),
        headquarters: orNull(r['Headquarters Location']),
        dateAdded: orNull(r['Date added']),
        cik: cik && /^\d+$/.test(cik) ? cik.padStart(10, '0') : null,
        founded: orNull(r.Founded),
      };
    });
}
