// Reader for profiles/profiles.csv (symbol, sector, industry, country, city, state, employees,
// ipo_year, description) and profiles/sp500-constituents.csv. Empty cells become null.
import fs from 'node:fs';
import path from 'node:path';
import { cell, columnPositions, csvObject, csvRecords } from './csv-table.js';

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

/** The file's records (header first), or none when it is absent. */
function records(file: string): string[][] {
  if (!fs.existsSync(file)) return [];
  return csvRecords(fs.readFileSync(file, 'utf8'), { bom: true });
}

export function readProfiles(sourceDir: string): ProfileRow[] {
  const rows = records(path.join(sourceDir, 'profiles', 'profiles.csv'));
  const header = rows[0] ?? [];
  const at = (name: string) => columnPositions(header, name);
  const symbolAt = at('symbol');
  const sectorAt = at('sector');
  const industryAt = at('industry');
  const countryAt = at('country');
  const cityAt = at('city');
  const stateAt = at('state');
  const employeesAt = at('employees');
  const ipoYearAt = at('ipo_year');
  const descriptionAt = at('description');
  const out: ProfileRow[] = [];
  for (let i = 1; i < rows.length; i += 1) {
    const r = rows[i] as string[];
    const symbol = orNull(cell(r, symbolAt));
    if (symbol === null) continue;
    out.push({
      symbol: symbol.toUpperCase(),
      sector: orNull(cell(r, sectorAt)),
      industry: orNull(cell(r, industryAt)),
      country: orNull(cell(r, countryAt)),
      city: orNull(cell(r, cityAt)),
      state: orNull(cell(r, stateAt)),
      employees: intOrNull(cell(r, employeesAt)),
      ipoYear: intOrNull(cell(r, ipoYearAt)),
      description: orNull(cell(r, descriptionAt)),
    });
  }
  return out;
}

export function readSp500(sourceDir: string): Sp500Row[] {
  const [header = [], ...rows] = records(path.join(sourceDir, 'profiles', 'sp500-constituents.csv'));
  return rows.map((row) => csvObject(header, row))
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
