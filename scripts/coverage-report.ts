// Field coverage of a built dataset: per record type and field, the share (in %) of records with a
// value, overall, per company type (SIC) and per the company's taxonomy (`@us-gaap`, `@ifrs-full`:
// IFRS filers beside US GAAP filers), and of the ticker reference's columns. The committed
// baseline (test/coverage-baseline.json) is what test/dataset-coverage.test.ts holds the dataset to.
//   node --import tsx scripts/coverage-report.ts [dataset.sqlite] [--by-type] [--write-baseline]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { RECORD_FIELDS } from '../src/model/record-fields.js';
import type { RecordType } from '../src/model/record-types.js';
import { companyTypeOfSic, type CompanyType } from '../src/reference/company-type.js';
import { parseBody } from '../src/dataset/codecs/record-body-codec.js';

/** Columns of the ticker reference whose coverage is measured (the spec types them as values). */
export const TICKER_COLUMNS = ['name', 'cik', 'exchange', 'exchange_name', 'mic', 'market', 'cusip', 'isin', 'first_seen', 'last_seen'] as const;

export interface CoverageCell { records: number; filled: number; pct: number }
/** Keys `record_type.field` (all companies), `record_type.field@type` and `record_type.field@taxonomy`; `tickers.column` and `tickers.column@listed`. */
export type Coverage = Record<string, CoverageCell>;

const pct = (filled: number, records: number): number => (records === 0 ? 0 : Math.round((filled / records) * 10000) / 100);

export function measureCoverage(datasetPath: string): Coverage {
  const db = new Database(datasetPath, { readonly: true, fileMustExist: true });
  try {
    const typeOf = new Map<string, CompanyType>();
    const taxonomyOf = new Map<string, string>();
    for (const r of db.prepare('SELECT * FROM companies').all() as Array<{ cik: string; sic: string | null; taxonomy?: string | null }>) {
      typeOf.set(r.cik, companyTypeOfSic(r.sic));
      if (r.taxonomy) taxonomyOf.set(r.cik, r.taxonomy);
    }
    const counts = new Map<string, { records: number; filled: number }>();
    const bump = (key: string, has: boolean): void => {
      let c = counts.get(key);
      if (!c) { c = { records: 0, filled: 0 }; counts.set(key, c); }
      c.records += 1;
      if (has) c.filled += 1;
    };
    const read = db.prepare('SELECT cik, body FROM records WHERE record_type = ?');
    for (const [type, fields] of Object.entries(RECORD_FIELDS) as Array<[RecordType, readonly string[]]>) {
      for (const row of read.iterate(type) as IterableIterator<{ cik: string; body: string }>) {
        const body = parseBody(type, row.body);
        const ct = typeOf.get(row.cik) ?? 'industrial';
        const tx = taxonomyOf.get(row.cik);
        for (const f of fields) {
          const has = body[f] !== null && body[f] !== undefined;
          bump(`${type}.${f}`, has);
          bump(`${type}.${f}@${ct}`, has);
          if (tx) bump(`${type}.${f}@${tx}`, has);
        }
      }
    }
    const cols = TICKER_COLUMNS.join(', ');
    for (const row of db.prepare(`SELECT listed, ${cols} FROM tickers`).iterate() as IterableIterator<Record<string, unknown>>) {
      for (const c of TICKER_COLUMNS) {
        const has = row[c] !== null && row[c] !== '';
        bump(`tickers.${c}`, has);
        if (row.listed === 1) bump(`tickers.${c}@listed`, has);
      }
    }
    const out: Coverage = {};
    for (const key of [...counts.keys()].sort()) {
      const c = counts.get(key)!;
      out[key] = { records: c.records, filled: c.filled, pct: pct(c.filled, c.records) };
    }
    return out;
  } finally {
    db.close();
  }
}

export interface CoverageDrop { key: string; baseline: number; now: number | null }

/** Fields whose coverage fell by more than `tolerance` points against the baseline (or vanished). */
export function coverageDrops(baseline: Record<string, number>, now: Coverage, tolerance = 0.5): CoverageDrop[] {
  const drops: CoverageDrop[] = [];
  for (const [key, was] of Object.entries(baseline)) {
    const cell = now[key];
    if (!cell) drops.push({ key, baseline: was, now: null });
    else if (was - cell.pct > tolerance + 1e-9) drops.push({ key, baseline: was, now: cell.pct });
  }
  return drops;
}

export const BASELINE_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/coverage-baseline.json');

export function readBaseline(file = BASELINE_PATH): Record<string, number> {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { coverage: Record<string, number> }).coverage;
}

export function baselineJson(now: Coverage): string {
  const coverage: Record<string, number> = {};
  for (const [k, c] of Object.entries(now)) coverage[k] = c.pct;
  const note = 'Field coverage (% of records with a value) of the corpus test dataset; '
    + 'regenerate with `node --import tsx scripts/coverage-report.ts --write-baseline` in the change that moves it.';
  return `${JSON.stringify({ note, coverage }, null, 1)}\n`;
}

function printReport(now: Coverage, baseline: Record<string, number> | null, byType: boolean): void {
  const keys = Object.keys(now).filter((k) => byType || !k.includes('@'));
  const width = Math.max(...keys.map((k) => k.length));
  for (const k of keys) {
    const c = now[k]!;
    const was = baseline?.[k];
    const delta = was === undefined ? '   (new)' : c.pct === was ? '' : `  ${c.pct > was ? '+' : ''}${(c.pct - was).toFixed(2)}`;
    console.log(`${k.padEnd(width)}  ${c.pct.toFixed(2).padStart(6)} %  ${String(c.filled).padStart(7)} / ${String(c.records).padEnd(7)}${delta}`);
  }
}

function main(argv: string[]): void {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const file = argv.find((a) => !a.startsWith('--'))
    ?? path.join(process.env.TENK_TEST_HOME ?? path.resolve('.tenk-test'), 'dataset.sqlite');
  const now = measureCoverage(file);
  const baseline = fs.existsSync(BASELINE_PATH) ? readBaseline() : null;
  printReport(now, baseline, flags.has('--by-type'));
  if (flags.has('--write-baseline')) {
    fs.writeFileSync(BASELINE_PATH, baselineJson(now));
    console.log(`baseline written: ${path.relative(process.cwd(), BASELINE_PATH)}`);
  } else if (baseline) {
    const drops = coverageDrops(baseline, now);
    for (const d of drops) console.log(`DROP ${d.key}: ${d.baseline} -> ${d.now ?? 'missing'}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
