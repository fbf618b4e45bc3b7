// Build step for company logos: copies each logos/<SYMBOL>.png into the `logos` table, keyed by
// the CIK its ticker names in the reference step's tickers (docs/ingest.md, Logos). Invariant: one
// logo per CIK; when several files name one company, the ticker SEC lists first wins (then name order).
import path from 'node:path';
import type { BuildStep } from './build-step.js';
import { readLogoFiles, type LogoFile } from '../sources/logo-files.js';
import { normalizeSymbol } from '../model/symbols.js';
import { LOGO_DDL, tickerCiks, writeLogos, type TickerCik } from '../dataset/tables/logo-table.js';

interface Candidate { file: LogoFile; symbol: string; ticker: TickerCik }

/** SEC's order first (a rank before none), then the symbol. */
function preferred(a: Candidate, b: Candidate): number {
  const ra = a.ticker.secRank ?? Number.MAX_SAFE_INTEGER;
  const rb = b.ticker.secRank ?? Number.MAX_SAFE_INTEGER;
  return ra !== rb ? ra - rb : a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

export const logoStep: BuildStep = {
  name: 'logos',
  ddl: LOGO_DDL,
  async run(ctx) {
    const files = readLogoFiles(path.join(ctx.sourceDir, 'logos'));
    if (!files) {
      ctx.report.note('no logos/ directory: the logo endpoints answer 404 for every company');
      ctx.report.count('logos', 0);
      return;
    }
    for (const r of files.rejected) ctx.report.skip(`logo ${r.file}`, r.reason);
    const ciks = tickerCiks(ctx.dataset);
    const byCik = new Map<string, Candidate>();
    for (const file of files.logos) {
      const symbol = normalizeSymbol(file.symbol);
      const ticker = ciks.get(symbol);
      if (!ticker) {
        ctx.report.skip(`logo ${file.symbol}.png`, 'no company has this ticker');
        continue;
      }
      const c: Candidate = { file, symbol, ticker };
      const held = byCik.get(ticker.cik);
      if (held && preferred(held, c) <= 0) {
        ctx.report.skip(`logo ${file.symbol}.png`, `company already has the logo of ${held.symbol}`);
        continue;
      }
      if (held) ctx.report.skip(`logo ${held.file.symbol}.png`, `company already has the logo of ${symbol}`);
      byCik.set(ticker.cik, c);
    }
    const rows = [...byCik.values()].map((c) => ({ cik: c.ticker.cik, symbol: c.symbol, bytes: c.file.bytes }));
    writeLogos(ctx.dataset, rows);
    ctx.report.count('logos', rows.length);
  },
};
