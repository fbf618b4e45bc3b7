// Reader of reference/adr_ratios.csv (`symbol, ordinary_per_depositary, as_of, source, sources_agree`):
// how many ordinary shares one US depositary share represents, one row per source seen. Format only:
// rows come out in file order, repeated symbols included; which row wins is market/listing-conversion.ts.
import fs from 'node:fs';
import { csvRows, nonBlank } from './csv-table.js';

export interface AdrRatioRow {
  symbol: string;
  /** Ordinary shares per depositary share; null when the field is not a positive number. */
  ordinaryPerDepositary: number | null;
  asOf: string | null;
  source: string | null;
  /** The file's `sources_agree` (yes / no), lower case; null when blank. */
  sourcesAgree: string | null;
}

export function parseAdrRatios(text: string): AdrRatioRow[] {
  return csvRows(text, { trim: true, bom: true }).flatMap((r) => {
    const symbol = nonBlank(r.symbol);
    if (!symbol) return [];
    const n = Number(nonBlank(r.ordinary_per_depositary) ?? NaN);
    return [{
      symbol: symbol.toUpperCase(),
      ordinaryPerDepositary: Number.isFinite(n) && n > 0 ? n : null,
      asOf: nonBlank(r.as_of),
      source: nonBlank(r.source),
      sourcesAgree: nonBlank(r.sources_agree)?.toLowerCase() ?? null,
    }];
  });
}

/** The rows of the file; [] when it does not exist. */
export function readAdrRatios(file: string): AdrRatioRow[] {
  if (!fs.existsSync(file)) return [];
  return parseAdrRatios(fs.readFileSync(file, 'utf8'));
}
