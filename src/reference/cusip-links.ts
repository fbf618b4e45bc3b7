// CIK <-> CUSIP links from the noisy 13D/13G mining file. Every well-formed link is kept as a
// 9-character CUSIP (computed check digit); a rank orders the CIKs of one CUSIP so look-ups are
// deterministic: 0 = the CIK's own issuer prefix, 1 = prefix linked to this CIK only, 2 = other.
import { cusipCheckDigit } from './check-digits.js';
import type { CikCusipRow } from '../sources/cik-cusip.js';

export interface CusipLink {
  cusip: string;
  cik: string;
  cusip6: string;
  rank: number;
}

export interface CusipLinks {
  links: CusipLink[];
  /** The CIK's most likely own common-stock CUSIP. */
  primaryByCik: Map<string, string>;
  /** Issuer prefixes (6 characters) per CIK, from every row including those without an issue number. */
  issuers: Array<{ cusip6: string; cik: string; rank: number }>;
  /** Rows without a well-formed 8-character CUSIP (most carry only the 6-character issuer prefix). */
  malformed: number;
}

/**
 * A CIK's own CUSIP is chosen among its links by: issue number 10 (the conventional first common
 * stock issue) first, then the issuer prefix with most links under this CIK, then the prefix shared
 * with the fewest other CIKs, then the smallest code (deterministic).
 */
export function buildCusipLinks(rows: readonly CikCusipRow[]): CusipLinks {
  const pairs = new Map<string, { cusip: string; cik: string; cusip6: string }>();
  const prefixes = new Map<string, Set<string>>();
  let malformed = 0;
  for (const r of rows) {
    const six = r.cusip6.toUpperCase();
    if (/^[0-9A-Z]{6}$/.test(six)) {
      const s = prefixes.get(six) ?? new Set<string>();
      s.add(r.cik);
      prefixes.set(six, s);
    }
    const c8 = r.cusip8.toUpperCase();
    const check = /^[0-9A-Z*@#]{8}$/.test(c8) ? cusipCheckDigit(c8) : null;
    if (check === null) { malformed += 1; continue; }
    const cusip = c8 + check;
    pairs.set(`${cusip}|${r.cik}`, { cusip, cik: r.cik, cusip6: c8.slice(0, 6) });
  }
  const ciksPer6 = new Map<string, Set<string>>();
  const per6InCik = new Map<string, number>();
  const byCik = new Map<string, string[]>();
  for (const p of pairs.values()) {
    const s = ciksPer6.get(p.cusip6) ?? new Set();
    s.add(p.cik);
    ciksPer6.set(p.cusip6, s);
    per6InCik.set(`${p.cik}|${p.cusip6}`, (per6InCik.get(`${p.cik}|${p.cusip6}`) ?? 0) + 1);
    const l = byCik.get(p.cik) ?? [];
    l.push(p.cusip);
    byCik.set(p.cik, l);
  }
  const primaryByCik = new Map<string, string>();
  for (const [cik, cusips] of byCik) {
    const key = (c: string) => {
      const six = c.slice(0, 6);
      return [c.slice(6, 8) === '10' ? 0 : 1, -(per6InCik.get(`${cik}|${six}`) ?? 0), ciksPer6.get(six)?.size ?? 0] as const;
    };
    const best = [...cusips].sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      for (let i = 0; i < 3; i += 1) if (ka[i] !== kb[i]) return (ka[i] as number) - (kb[i] as number);
      return a < b ? -1 : a > b ? 1 : 0;
    })[0];
    if (best) primaryByCik.set(cik, best);
  }
  const links: CusipLink[] = [];
  for (const p of pairs.values()) {
    const own = primaryByCik.get(p.cik)?.slice(0, 6) === p.cusip6;
    const rank = own ? 0 : (ciksPer6.get(p.cusip6)?.size ?? 0) === 1 ? 1 : 2;
    links.push({ ...p, rank });
  }
  links.sort((a, b) => (a.cusip < b.cusip ? -1 : a.cusip > b.cusip ? 1 : a.rank - b.rank || (a.cik < b.cik ? -1 : 1)));
  const issuers: CusipLinks['issuers'] = [];
  for (const [cusip6, ciks] of prefixes) {
    for (const cik of ciks) {
      const own = primaryByCik.get(cik)?.slice(0, 6) === cusip6;
      issuers.push({ cusip6, cik, rank: own ? 0 : ciks.size === 1 ? 1 : 2 });
    }
  }
  return { links, primaryByCik, issuers, malformed };
}
