// Build step for forex: the fx_rates and fx_runs tables from fx/eurofxref-hist.csv.gz (or .csv),
// the ECB euro reference rates. Invariant: one row per (currency, date) the ECB published a rate
// for; a missing or unreadable file leaves both tables empty with a report note, never a failure.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildStep } from './build-step.js';
import { readEcbRates, type EcbRates } from '../sources/fx-ecb-rates.js';
import { rateRuns } from '../market/fx-pairs.js';
import { FX_DDL, writeFxRates, type FxCurrencySeries } from '../dataset/tables/fx-table.js';

const FX_FILES = ['eurofxref-hist.csv.gz', 'eurofxref-hist.csv'];

/** Each currency's ascending dates and rates, and its runs over every date of the file. */
function seriesOf(ecb: EcbRates): FxCurrencySeries[] {
  const rows = [...ecb.rows].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // A date listed twice keeps its last row in file order (as the INSERT OR REPLACE would).
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const dates = [...byDate.keys()];
  const unique = [...byDate.values()];
  return ecb.currencies.map((currency, c) => {
    const ds: string[] = [];
    const rs: number[] = [];
    for (const r of unique) {
      const v = r.rates[c];
      if (v !== null && v !== undefined) { ds.push(r.date); rs.push(v); }
    }
    return { currency, dates: ds, rates: rs, runs: rateRuns(dates, (i) => (unique[i]!.rates[c] ?? null) !== null) };
  }).filter((s) => s.dates.length > 0);
}

export const fxStep: BuildStep = {
  name: 'fx',
  ddl: FX_DDL,
  async run(ctx) {
    const dir = path.join(ctx.sourceDir, 'fx');
    const file = FX_FILES.map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
    if (!file) {
      ctx.report.note('no fx/eurofxref-hist.csv.gz: no forex rates (forex endpoints answer with empty data)');
      return;
    }
    let ecb: EcbRates;
    try {
      ecb = readEcbRates(file);
    } catch (err) {
      ctx.report.skip(`fx/${path.basename(file)}`, err instanceof Error ? err.message : 'unreadable');
      return;
    }
    for (const r of ecb.rejected) ctx.report.skip('fx row', `no valid date: ${r}`);
    const series = seriesOf(ecb);
    const n = writeFxRates(ctx.dataset, series);
    ctx.report.count('fx currencies', series.length);
    ctx.report.count('fx rates', n);
    if (ecb.badValues > 0) ctx.report.count('fx values not a positive number (left out)', ecb.badValues);
  },
};
