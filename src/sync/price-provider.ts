// A daily price provider for sync: where a symbol's CSV comes from, the mirror price set it is
// written to (prices/<set>/SYMBOL.csv, read by the ingest like every other set) and that set's
// manifest (format and adjustment basis of each column). The first one reads Stooq's daily CSV.
import { BadBodyError } from './http-client.js';

export interface PriceProvider {
  /** The mirror's set directory under prices/. */
  readonly setName: string;
  url(symbol: string): string;
  /** The CSV to write, or null when the provider has no prices for the symbol; BadBodyError to retry. */
  check(body: Buffer): Buffer | null;
  /** manifest.json of the set, given the newest date among its files. */
  manifest(asOf: string): Record<string, unknown>;
}

export const STOOQ_HEADER = 'Date,Open,High,Low,Close,Volume';

/** Fills {symbol} (as SEC spells it, e.g. BRK-B) or {symbol_lc} (lower case, Stooq's spelling) in a URL template. */
export function expandPriceUrl(template: string, symbol: string): string {
  return template.replaceAll('{symbol_lc}', encodeURIComponent(symbol.toLowerCase())).replaceAll('{symbol}', encodeURIComponent(symbol));
}

/**
 * Stooq's daily CSV (`Date,Open,High,Low,Close,Volume`, oldest first; Stooq answers "No data" for
 * a symbol it does not know). Its prices are adjusted for splits and dividends as of the day
 * they are fetched, like the corpus's prices/stooq-2017 set.
 */
export function stooqProvider(template: string): PriceProvider {
  return {
    setName: 'stooq-daily',
    url: (symbol) => expandPriceUrl(template, symbol),
    check(body) {
      const text = body.toString('utf8');
      if (/^\s*no data/i.test(text)) return null;
      const firstLine = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')).trim();
      if (!firstLine.startsWith(STOOQ_HEADER)) throw new BadBodyError(`not a Stooq daily CSV (first line: ${JSON.stringify(firstLine.slice(0, 60))})`);
      // A body cut inside its last row: the row has fewer fields than the header.
      const lastLine = text.trimEnd().slice(text.trimEnd().lastIndexOf('\n') + 1);
      if (lastLine !== firstLine && lastLine.split(',').length < STOOQ_HEADER.split(',').length) throw new BadBodyError('CSV cut off inside its last row');
      return body;
    },
    manifest(asOf) {
      return {
        format: `stooq daily CSV (${STOOQ_HEADER})`,
        columns: { Open: 'splits_and_dividends', High: 'splits_and_dividends', Low: 'splits_and_dividends', Close: 'splits_and_dividends' },
        as_of: asOf,
        origin: 'Stooq daily CSV fetched by tenk sync (TENK_PRICES_URL), adjusted for splits and dividends as of the newest date in the set',
      };
    },
  };
}
