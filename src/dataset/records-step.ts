// Last build step: derive every record of every company (statements completed with derived
// fields, plus the derived record types) and write them to the records table.
import type { BuildStep } from './build-step.js';
import type { CompanyStatements } from './record-types.js';
import { RECORDS_DDL, createRecordWriter } from './records-table.js';
import { deriveCompanyRecords } from '../metrics/derive-company-records.js';
import { createMarketReader, createSplitSharesWriter, tickerSymbolsOf } from './market-data.js';

/** Key in BuildContext.shared under which the facts step leaves Map<cik, CompanyStatements>. */
export const SHARED_STATEMENTS = 'statements';
/** Key in BuildContext.shared under which the facts step leaves Map<cik, primary ticker>. */
export const SHARED_TICKERS = 'primaryTickers';

export const recordsStep: BuildStep = {
  name: 'records',
  ddl: RECORDS_DDL,
  async run(ctx) {
    const statements = (ctx.shared.get(SHARED_STATEMENTS) as Map<string, CompanyStatements> | undefined) ?? new Map();
    const tickers = (ctx.shared.get(SHARED_TICKERS) as Map<string, string> | undefined) ?? new Map();
    const writer = createRecordWriter(ctx.db);
    const market = createMarketReader(ctx.db);
    const symbolsOf = tickerSymbolsOf(ctx.db);
    const splitShares = createSplitSharesWriter(ctx.db);
    ctx.progress.start('records', statements.size);
    let written = 0;
    for (const [cik, company] of statements) {
      const ticker = tickers.get(cik) ?? cik;
      const symbols = [ticker, ...symbolsOf(cik).filter((s) => s !== ticker)];
      const records = deriveCompanyRecords(company, market.read(symbols));
      splitShares.write(cik, symbols, company.sharesOutstanding);
      writer.write(cik, ticker, company.currency, records);
      written += records.length;
      ctx.progress.tick();
    }
    ctx.progress.stop();
    ctx.report.count('records written', written);
  },
};
