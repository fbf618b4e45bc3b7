// Named query over the logos table: the stored source logo of one company. Rows as stored; the
// API renders the requested variant from `bytes`.
import type { Awaitable } from './awaitable.js';

export interface LogoRow {
  cik: string;
  /** The ticker the source file was named by. */
  symbol: string;
  /** SHA-256 (hex) of `bytes`: the source's identity in variant ETags and caches. */
  sha256: string;
  bytes: Buffer;
}

export interface LogoQueries {
  /** The logo of a 10-digit CIK, or null when the company has none (or the dataset has no logos table). */
  forCik(cik: string): Awaitable<LogoRow | null>;
}
