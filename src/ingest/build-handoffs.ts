// What one build step hands to a later step of the same build, as typed slots: each is set once,
// by the step named as its producer, and read by its consumers; reading one that was not set fails.
import type { CompanyStatements } from '../model/record-types.js';
import type { ClosesBySymbol } from '../dataset/tables/market-reader.js';
import type { PriceSeriesRunner } from '../market/price-series.js';

/** One value a step produces for later steps of the same build. */
export class Handoff<T> {
  private value: T | undefined;
  private isSet = false;

  /** `what`: the value, as an error names it; `producer`: the name of the step that sets it. */
  constructor(readonly what: string, readonly producer: string) {}

  /** Called by the producer, once per build. */
  set(value: T): void {
    if (this.isSet) throw new Error(`${this.what} was already handed over in this build (by the '${this.producer}' step)`);
    this.value = value;
    this.isSet = true;
  }

  /** For a consumer that cannot do without it: throws, naming both steps, when the producer has not run before it. */
  get(consumer: string): T {
    if (!this.isSet) {
      throw new Error(`build step '${consumer}' needs ${this.what} from the '${this.producer}' step, which has not run before it in this build`);
    }
    return this.value as T;
  }

  /** For a consumer with a path of its own when the producer is not in the build: undefined then. */
  find(): T | undefined {
    return this.value;
  }
}

export interface BuildHandoffs {
  /** market -> records: closes of the prices table's symbols up to a byte budget (market-step.ts), read instead of the table. */
  readonly closes: Handoff<ClosesBySymbol>;
  /** companyfacts (prepare) -> market: builds a symbol's price series in the build's worker pool. */
  readonly priceSeries: Handoff<PriceSeriesRunner>;
  /** companyfacts -> records: the statements whose records were not streamed, by CIK in CIK order. */
  readonly statements: Handoff<ReadonlyMap<string, CompanyStatements>>;
  /** companyfacts -> records: each company's primary ticker, by CIK. */
  readonly primaryTickers: Handoff<ReadonlyMap<string, string>>;
  /** companyfacts -> screen: the companies whose records were copied from the previous dataset (an incremental build). */
  readonly carriedCompanies: Handoff<ReadonlySet<string>>;
}

export function createBuildHandoffs(): BuildHandoffs {
  return {
    closes: new Handoff('the closes of the written prices', 'market'),
    priceSeries: new Handoff('the worker pool for price series', 'companyfacts'),
    statements: new Handoff('the standardized statements', 'companyfacts'),
    primaryTickers: new Handoff('the primary tickers', 'companyfacts'),
    carriedCompanies: new Handoff('the companies carried over', 'companyfacts'),
  };
}
