// Reader for profiles/profiles.csv (symbol, sector, industry, country, city, state, employees,
// ipo_year, description) and profiles/sp500-constituents.csv. Empty cells become null.
import fs from 'node:fs';
import path from 'node:path';
import { csvRows, nonBlank } from './csv-table.js';

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

function intOrNull(v: string | undefined): number | null {
  const s = nonBlank(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n) : null;
}

/** The file's records, or none when it is absent. */
function records(file: string): Array<Record<string, string>> {
  if (!fs.existsSync(file)) return [];
  return csvRows(fs.readFileSync(file, 'utf8'), { bom: true });
}

export function readProfiles(sourceDir: string): ProfileRow[] {
  const out: ProfileRow[] = [];
  for (const r of records(path.join(sourceDir, 'profiles', 'profiles.csv'))) {
    const symbol = nonBlank(r.symbol);
    if (symbol === null) continue;
    out.push({
      symbol: symbol.toUpperCase(),
      sector: nonBlank(r.sector),
      industry: nonBlank(r.industry),
      country: nonBlank(r.country),
      city: nonBlank(r.city),
      state: nonBlank(r.state),
      employees: intOrNull(r.employees),
      ipoYear: intOrNull(r.ipo_year),
      description: nonBlank(r.description),
    });
  }
  return out;
}

export function readSp500(sourceDir: string): Sp500Row[] {
  return records(path.join(sourceDir, 'profiles', 'sp500-constituents.csv'))
    .filter((r) => nonBlank(r.Symbol) !== null)
    .map((r) => {
      const cik = nonBlank(r.CIK);
      return {
        symbol: (r.Symbol as string).trim().toUpperCase(),
        name: (r.Security ?? '').trim(),
        gicsSector: nonBlank(r['GICS Sector']),
        gicsSubIndustry: nonBlank(r['GICS Sub-Industry']),
        headquarters: nonBlank(r['Headquarters Location']),
        dateAdded: nonBlank(r['Date added']),
        cik: cik && /^\d+$/.test(cik) ? cik.padStart(10, '0') : null,
        founded: nonBlank(r.Founded),
      };
    });
}
