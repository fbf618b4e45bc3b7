// Undoes a price set's own adjustments with the adjustment events the set carries (Yahoo's
// `Dividends` and `Stock Splits` columns): exact as-traded prices, whatever split history tenk
// has. Invariant: re-applying the returned events the source's way gives the file's prices back.
//
// The source's rule (prices/yahoo-2024/manifest.json): every ex-dividend date e multiplies all
// earlier prices by f = 1 - D / (as-traded close before e), every split or spin-off ratio r
// divides them by r. Walking backwards from the newest bar with G = the product of the dividend
// factors after the bar and S = the product of the ratios after it, a file price is
// traded x G / S, so traded = file x S / G. The factor of e follows from the file's own close
// before e: file_prev = raw_prev x f x G / S_prev and D_raw = D_file x S_e give
// f = 1 / (1 + D_file x S_e x G / (file_prev x S_prev)).
import type { PriceBasis, PriceColumns } from '../sources/prices-set.js';

/** One adjustment event of the source, as traded. */
export interface SourceEvent {
  date: string;
  kind: 'dividend' | 'ratio';
  /** dividend: cash per share as traded on its ex-date; ratio: new shares per old share (or a spin-off factor). */
  value: number;
}

export interface EventRestored {
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  /** The events read from the set, oldest first (dividends as traded). */
  events: SourceEvent[];
}

export interface EventBases {
  closeBasis: PriceBasis;
  volumeBasis: PriceBasis;
  dividendsBasis: PriceBasis | null;
}

/** The set's bars as traded; `bars` must carry `dividends` and `splitRatio` (date order). */
export function restoreFromEvents(bars: PriceColumns, bases: EventBases): EventRestored {
  const n = bars.dates.length;
  const div = bars.dividends ?? [];
  const ratio = bars.splitRatio ?? [];
  const splitAdjusted = bases.closeBasis !== 'none';
  const dividendAdjusted = bases.closeBasis === 'splits_and_dividends';
  const out: EventRestored = {
    open: new Array<number>(n), high: new Array<number>(n), low: new Array<number>(n),
    close: new Array<number>(n), volume: new Array<number>(n), events: [],
  };
  let s = 1;
  let g = 1;
  const events: SourceEvent[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const m = (splitAdjusted ? s : 1) / g;
    out.open[i] = bars.open[i]! * m;
    out.high[i] = bars.high[i]! * m;
    out.low[i] = bars.low[i]! * m;
    out.close[i] = bars.close[i]! * m;
    out.volume[i] = bases.volumeBasis === 'none' ? bars.volume[i]! : bars.volume[i]! / s;
    // events dated on this bar apply to the bars before it
    const sAfter = s;
    const r = ratio[i]!;
    if (r > 0) {
      events.push({ date: bars.dates[i]!, kind: 'ratio', value: r });
      s *= r;
    }
    const d = div[i]!;
    if (d > 0) {
      // to a millionth: the source states 7 significant digits, and x S must not add float noise
      const amount = Math.round((bases.dividendsBasis === 'none' ? d : d * sAfter) * 1e6) / 1e6;
      events.push({ date: bars.dates[i]!, kind: 'dividend', value: amount });
      if (dividendAdjusted && i > 0) {
        const prev = bars.close[i - 1]!;
        // the as-traded dividend over the previous close restored to as-traded (file x S / G)
        if (prev > 0) g *= 1 / (1 + (amount * g) / (prev * s));
      }
    }
  }
  out.events = events.reverse();
  return out;
}
