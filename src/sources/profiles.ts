// Reader for profiles/profiles.csv (symbol, sector, industry, country, city, state, employees,
// ipo_year, description) and profiles/sp500-constituents.csv. Empty cells become null.
import fs from 'node:fs';
import path from 'node:path';
import { cell, columnsOf, csvObject, csvRecords, nonBlank } from './csv-table.js';

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

/** The file's records (header first), or none when it is absent. */
function records(file: string): string[][] {
  if (!fs.existsSync(file)) return [];
  return csvRecords(fs.readFileSync(file, 'utf8'), { bom: true });
}

export function readProfiles(sourceDir: string): ProfileRow[] {
  const rows = records(path.join(sourceDir, 'profiles', 'profiles.csv'));
  const c = columnsOf(rows[0] ?? [], ['symbol', 'sector', 'industry', 'country', 'city', 'state', 'employees', 'ipo_year', 'description']);
  const out: ProfileRow[] = [];
  for (let i = 1; i < rows.length; i += 1) {
    const r = rows[i] as string[];
    const symbol = nonBlank(cell(r, c.symbol));
    if (symbol === null) continue;
    out.push({
      symbol: symbol.toUpperCase(),
      sector: nonBlank(cell(r, c.sector)),
      industry: nonBlank(cell(r, c.industry)),
      country: nonBlank(cell(r, c.country)),
      city: nonBlank(cell(r, c.city)),
      state: nonBlank(cell(r, c.state)),
      employees: intOrNull(cell(r, c.employees)),
      ipoYear: intOrNull(cell(r, c.ipo_year)),
      description: nonBlank(cell(r, c.description)),
    });
  }
  return out;
}

export function readSp500(sourceDir: string): Sp500Row[] {
  const [header = [], ...rows] = records(path.join(sourceDir, 'profiles', 'sp500-constituents.csv'));
  return rows.map((row) => csvObject(header, row))
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
