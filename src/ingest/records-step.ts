// The records step and the sink every company's derived records are written through (here, or by the companyfacts
// step as each arrives). Speed module: rows rendered in the pool's workers (writeRows); reference: on this thread (deriveAndWrite).
import type { BuildContext, BuildStep } from './build-step.js';
import type { CompanyStatements } from '../model/record-types.js';
import { DERIVATIONS_DDL, RECORDS_DDL, createRecordWriter } from '../dataset/tables/records-table.js';
import { createFoundSplitWriter } from '../dataset/tables/splits-table.js';
import { CONCEPT_ONLY_PROVENANCE, renderRecordRows, type RecordRows } from '../dataset/codecs/record-render.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import type { PeriodRecord } from '../model/record-types.js';
import { createMarketReader, createSplitSharesWriter, tickerSymbolsOf } from '../dataset/tables/market-reader.js';
import type { MarketData } from '../market/market-data.js';
import fs from 'node:fs';
import path from 'node:path';
import { readAdrRatioTable } from '../dataset/tables/adr-ratios-table.js';
import { readEcbRates } from '../sources/fx-ecb-rates.js';
import { marketInReportingTerms, type AdrRatio, type PerEur } from '../market/listing-conversion.js';

/**
 * Where a company's records are derived and rendered when the companyfacts step streams them:
 * 'workers', in the pool worker that standardized it (the rows, flat strings and numbers, clone
 * cheaply back: the build thread only binds them); 'thread', on the build thread (the reference).
 * The same functions either way (renderCompanyRows), so the same rows (test/ingest-tuning.test.ts).
 */
export type RowsIn = 'workers' | 'thread';

/** One company's rows for the records and provenance tables, as flat bindable values. */
export interface CompanyRows {
  rows: RecordRows;
}

/**
 * Renders the rows of records made by deriveCompanyRecords. Pure, so it runs in the worker that
 * derived them: plain strings clone cheaply back to the main thread. Derived records keep per-field
 * provenance only for values copied from a statement (they keep the filing's provenance); formulas
 * are the registry's, the window goes to `derivations`.
 */
export function renderCompanyRows(cik: string, ticker: string, currency: string, records: readonly PeriodRecord[]): CompanyRows {
  return { rows: renderRecordRows(cik, ticker, currency, records, CONCEPT_ONLY_PROVENANCE) };
}

/**
 * Writes one company's records. The records step derives on the main thread (`deriveAndWrite`);
 * the companyfacts step, when the records step runs right after it, reads the market data here
 * (`marketFor`), derives and renders in its worker threads (renderCompanyRows) and hands the rows
 * to `writeRows`.
 */
export interface CompanyRecordsSink {
  /** The company's market data in its reporting currency per ordinary share (market/listing-conversion.ts). */
  marketFor(cik: string, ticker: string, currency: string): { symbols: string[]; market: MarketData | null };
  /** Writes rows rendered from deriveCompanyRecords(company, marketFor(...).market); returns the record count. */
  writeRows(cik: string, symbols: readonly string[], company: Pick<CompanyStatements, 'sharesOutstanding' | 'shareCountSplits'>, rows: CompanyRows): number;
  deriveAndWrite(cik: string, company: CompanyStatements, ticker: string): number;
}

export function createCompanyRecordsSink(ctx: BuildContext): CompanyRecordsSink {
  const writer = createRecordWriter(ctx.dataset);
  const market = createMarketReader(ctx.dataset, ctx.handoffs.closes.find());
  const symbolsOf = tickerSymbolsOf(ctx.dataset);
  const splitShares = createSplitSharesWriter(ctx.dataset);
  const foundSplits = createFoundSplitWriter(ctx.dataset);
  const terms = listingTerms(ctx.sourceDir, () => readAdrRatioTable(ctx.dataset));
  const sink: CompanyRecordsSink = {
    marketFor(cik, ticker, currency) {
      const symbols = [ticker, ...symbolsOf(cik).filter((s) => s !== ticker)];
      return { symbols, market: terms.convert(market.read(symbols), currency) };
    },
    writeRows(cik, symbols, company, rows) {
      splitShares.write(cik, symbols, company.sharesOutstanding);
      // the splits its share counts show that no split of its symbols is (the calendar's source says how found)
      if (company.shareCountSplits) foundSplits.write(cik, symbols, company.shareCountSplits, company.sharesOutstanding);
      writer.writeRows(rows.rows);
      return rows.rows.count;
    },
    deriveAndWrite(cik, company, ticker) {
      const { symbols, market: m } = sink.marketFor(cik, ticker, company.currency);
      return sink.writeRows(cik, symbols, company, renderCompanyRows(cik, ticker, company.currency, deriveCompanyRecords(company, m)));
    },
  };
  return sink;
}

/**
 * The inputs of the listing conversion (the adr_ratios table of the market step, the ECB rates of
 * fx/), read once and only when a company's market data needs them. The price sets quote in USD.
 */
function listingTerms(sourceDir: string, readRatios: () => Map<string, AdrRatio>): { convert(m: MarketData | null, reporting: string): MarketData | null } {
  let ratios: Map<string, AdrRatio> | null = null;
  let perEur: PerEur | null = null;
  const ratiosOf = (): Map<string, AdrRatio> => (ratios ??= readRatios());
  const ratesOf = (): PerEur => {
    if (perEur) return perEur;
    const file = ['eurofxref-hist.csv.gz', 'eurofxref-hist.csv'].map((f) => path.join(sourceDir, 'fx', f)).find((f) => fs.existsSync(f));
    const byCurrency = new Map<string, Map<string, number>>();
    if (file) {
      const ecb = readEcbRates(file);
      ecb.currencies.forEach((c, i) => {
        const m = new Map<string, number>();
        for (const r of ecb.rows) { const v = r.rates[i]; if (v !== null && v !== undefined) m.set(r.date, v); }
        byCurrency.set(c, m);
      });
    }
    return (perEur = (currency, date) => byCurrency.get(currency)?.get(date) ?? null);
  };
  return {
    convert(m, reporting) {
      if (m === null) return null;
      const ratio = ratiosOf();
      if (reporting === LISTING_CURRENCY && ![m, ...(m.alternatives ?? [])].some((s) => (ratio.get(s.ticker)?.ratio ?? 1) !== 1)) return m;
      return marketInReportingTerms(m, reporting, LISTING_CURRENCY, ratio, ratesOf());
    },
  };
}

/** The currency every price set under prices/ quotes in (docs/metrics.md, Market values of foreign issuers). */
const LISTING_CURRENCY = 'USD';

export const recordsStep: BuildStep = {
  name: 'records',
  ddl: [...RECORDS_DDL, DERIVATIONS_DDL],
  async run(ctx) {
    const statements = ctx.handoffs.statements.get('records');
    const tickers = ctx.handoffs.primaryTickers.get('records');
    const sink = createCompanyRecordsSink(ctx);
    ctx.progress.start('records', statements.size);
    let written = 0;
    for (const [cik, company] of statements) {
      written += sink.deriveAndWrite(cik, company, tickers.get(cik) ?? cik);
      ctx.progress.tick();
    }
    ctx.progress.stop();
    ctx.report.count('records written', written);
  },
};
