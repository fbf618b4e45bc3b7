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

const ISSUER_PREFIX = /^[0-9A-Z]{6}$/;
const CUSIP8 = /^[0-9A-Z*@#]{8}$/;

function pushTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Sorts a list of strings and drops repeats, in place. */
function sortDistinct(list: string[]): void {
  if (list.length < 2) return;
  list.sort();
  let w = 1;
  for (let i = 1; i < list.length; i += 1) if (list[i] !== list[w - 1]) list[w++] = list[i] as string;
  list.length = w;
}

/** End (exclusive) of the run of sorted CUSIPs from `start` that share its issuer prefix. */
function prefixRunEnd(cusips: readonly string[], start: number): number {
  const six = (cusips[start] as string).slice(0, 6);
  let end = start + 1;
  while (end < cusips.length && (cusips[end] as string).startsWith(six)) end += 1;
  return end;
}

function byCusipRankCik(a: CusipLink, b: CusipLink): number {
  return a.cusip < b.cusip ? -1 : a.cusip > b.cusip ? 1 : a.rank - b.rank || (a.cik < b.cik ? -1 : 1);
}

/**
 * A CIK's own CUSIP is chosen among its links by: issue number 10 (the conventional first common
 * stock issue) first, then the issuer prefix with most links under this CIK, then the prefix shared
 * with the fewest other CIKs, then the smallest code (deterministic).
 */
function primaryCusip(cusips: readonly string[], ciksPer6: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  let bestIssue = 0;
  let bestCount = 0;
  let bestShared = 0;
  // Sorted CUSIPs: a prefix's links are one run, and the first of equal keys is the smallest code.
  for (let start = 0; start < cusips.length;) {
    const end = prefixRunEnd(cusips, start);
    const count = end - start;
    const shared = ciksPer6.get((cusips[start] as string).slice(0, 6)) ?? 0;
    for (let i = start; i < end; i += 1) {
      const c = cusips[i] as string;
      const issue = c[6] === '1' && c[7] === '0' ? 0 : 1;
      if (best === null || issue < bestIssue || (issue === bestIssue && (count > bestCount || (count === bestCount && shared < bestShared)))) {
        best = c;
        bestIssue = issue;
        bestCount = count;
        bestShared = shared;
      }
    }
    start = end;
  }
  return best;
}

export function buildCusipLinks(rows: readonly CikCusipRow[]): CusipLinks {
  // Plain lists instead of sets and composite-key maps (the build's largest reference cost):
  // repeats are dropped after sorting each list.
  const cusipsByCik = new Map<string, string[]>();
  const ciksByPrefix = new Map<string, string[]>();
  let malformed = 0;
  for (const r of rows) {
    const six = r.cusip6.toUpperCase();
    if (ISSUER_PREFIX.test(six)) pushTo(ciksByPrefix, six, r.cik);
    const c8 = r.cusip8.toUpperCase();
    const check = CUSIP8.test(c8) ? cusipCheckDigit(c8) : null;
    if (check === null) { malformed += 1; continue; }
    pushTo(cusipsByCik, r.cik, c8 + check);
  }
  // Distinct CIKs linking each issuer prefix.
  const ciksPer6 = new Map<string, number>();
  for (const cusips of cusipsByCik.values()) {
    sortDistinct(cusips);
    for (let start = 0; start < cusips.length;) {
      const six = (cusips[start] as string).slice(0, 6);
      ciksPer6.set(six, (ciksPer6.get(six) ?? 0) + 1);
      start = prefixRunEnd(cusips, start);
    }
  }
  const primaryByCik = new Map<string, string>();
  for (const [cik, cusips] of cusipsByCik) {
    const best = primaryCusip(cusips, ciksPer6);
    if (best) primaryByCik.set(cik, best);
  }
  const links: CusipLink[] = [];
  for (const [cik, cusips] of cusipsByCik) {
    const own = primaryByCik.get(cik)?.slice(0, 6);
    for (const cusip of cusips) {
      const cusip6 = cusip.slice(0, 6);
      links.push({ cusip, cik, cusip6, rank: cusip6 === own ? 0 : ciksPer6.get(cusip6) === 1 ? 1 : 2 });
    }
  }
  links.sort(byCusipRankCik);
  const issuers: CusipLinks['issuers'] = [];
  for (const [cusip6, ciks] of ciksByPrefix) {
    sortDistinct(ciks);
    for (const cik of ciks) {
      const own = primaryByCik.get(cik)?.slice(0, 6) === cusip6;
      issuers.push({ cusip6, cik, rank: own ? 0 : ciks.length === 1 ? 1 : 2 });
    }
  }
  return { links, primaryByCik, issuers, malformed };
}
