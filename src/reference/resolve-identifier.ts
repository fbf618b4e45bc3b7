// Identifier resolution for company-scoped endpoints: ticker (case-insensitive, share classes as
// BRK-B / BRK.B / BRK/B), CIK (padded or not), CUSIP and ISIN (check digits verified; US/CA ISINs
// through their CUSIP). Built once per dataset into in-memory maps; a lookup never touches disk.
//
// The CUSIP links (13D/13G-mined) are noisy: one CUSIP can sit under several CIKs. The winner is
// chosen deterministically, in this order: (1) a CIK that has fundamentals in the dataset, (2) the
// link's rank: the CIK's own issuer prefix (first 6 characters) before a prefix linked to it alone
// before any other (a holding it filed about), (3) more links, (4) the lowest CIK number. A CUSIP
// whose full code is not linked falls back to its issuer prefix (e.g. another share class).
// The rows come from the caller as IdentifierRows (the dataset's identifier queries,
// src/dataset/identifier-queries.ts, have this shape); reference/ does not read the dataset itself.
import { cusipFromIsin, isValidCusip, isValidIsin } from './check-digits.js';
import { padCik } from '../model/cik.js';
import { normalizeTicker } from '../model/symbols.js';

export interface ResolvedCompany {
  /** 10-digit zero-padded CIK. */
  cik: string;
  /** Primary ticker, or null when the company has none. */
  ticker: string | null;
  /** The ticker the identifier named (normalized: BRK-B), when it was a ticker; absent for a CIK, CUSIP or ISIN. */
  listing?: string;
}

export type Resolution = ResolvedCompany | { error: string };

export interface IdentifierResolver {
  /** A company for any accepted identifier form, or an error message for a 404. */
  resolve(identifier: string): Resolution;
  /** The CIK a 9-character CUSIP resolves to (check digit verified), or null. */
  cikForCusip(cusip: string): string | null;
  /** The CIK an ISIN resolves to (check digit verified), or null. */
  cikForIsin(isin: string): string | null;
  /** Whether a 10-digit CIK is a known company. */
  hasCik(cik: string): boolean;
  /** Every ticker that names the CIK (normalized), its primary ticker first. */
  tickersOf(cik: string): readonly string[];
}

/** The rows the resolver is built from, read once each (what the dataset's identifier queries return). */
export interface IdentifierRows {
  /** CIKs that have fundamentals, each once, with a ticker when one is known. */
  companiesWithFacts(): readonly { cik: string; ticker: string | null }[];
  /** Every company's primary ticker and other tickers (a JSON array cell). */
  companyTickers(): readonly { cik: string; ticker: string | null; tickers?: string | null }[];
  /** Tickers linked to a CIK, with an ISIN where known. */
  tickerLinks(): readonly { symbol: string; cik: string; isin?: string | null }[];
  /** CUSIP links grouped by (cusip, cik): the best stored rank (null when none is stored) and the link count. */
  cusipLinks(): readonly { cusip: string; cik: string | number; rank: number | null; n: number }[];
  /** Links of 6-character issuer prefixes to CIKs, with their rank. */
  issuerLinks(): readonly { cusip6: string; cik: string; rank: number }[];
}

interface CusipCandidate { cik: string; rows: number; rank: number }

export function createIdentifierResolver(dataset: { readonly identifiers: IdentifierRows }): IdentifierResolver {
  const q = dataset.identifiers;

  /** cik -> primary ticker */
  const companies = new Map<string, string | null>();
  const withFacts = new Set<string>();
  const tickerToCik = new Map<string, string>();

  for (const r of q.companiesWithFacts()) {
    withFacts.add(r.cik);
    const t = r.ticker && r.ticker !== r.cik ? r.ticker : null;
    companies.set(r.cik, t);
    if (t) tickerToCik.set(normalizeTicker(t), r.cik);
  }
  for (const r of q.companyTickers()) {
    const cik = padCik(String(r.cik)) ?? String(r.cik);
    companies.set(cik, r.ticker ?? companies.get(cik) ?? null);
    const list: string[] = [];
    if (r.ticker) list.push(r.ticker);
    if (r.tickers) {
      try {
        const parsed: unknown = JSON.parse(r.tickers);
        if (Array.isArray(parsed)) for (const t of parsed) if (typeof t === 'string') list.push(t);
      } catch { /* a malformed tickers cell only loses its aliases */ }
    }
    // A company's own tickers win over the ticker universe's links.
    for (const t of list) tickerToCik.set(normalizeTicker(t), cik);
  }
  const isinToCik = new Map<string, string>();
  for (const r of q.tickerLinks()) {
    const cik = padCik(String(r.cik));
    if (!cik) continue;
    const key = normalizeTicker(r.symbol);
    if (!tickerToCik.has(key)) tickerToCik.set(key, cik);
    if (r.isin && !isinToCik.has(r.isin.toUpperCase())) isinToCik.set(r.isin.toUpperCase(), cik);
  }

  // CUSIP links: cusip8 -> candidates. The reference step stores a `rank` per link (0 = the CIK's
  // own issuer prefix, 1 = prefix linked to this CIK only, 2 = other); without it, the rank is
  // computed here the same way from prefix frequencies.
  const cusipCandidates = new Map<string, CusipCandidate[]>();
  const issuerCandidates = new Map<string, CusipCandidate[]>();
  const add = (m: Map<string, CusipCandidate[]>, k: string, c: CusipCandidate) => {
    let list = m.get(k);
    if (!list) m.set(k, (list = []));
    const existing = list.find((x) => x.cik === c.cik);
    if (existing) { existing.rows += c.rows; existing.rank = Math.min(existing.rank, c.rank); } else list.push(c);
  };
  {
    const rows = q.cusipLinks();
    const prefixCounts = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const cik = padCik(String(r.cik));
      const cusip8 = String(r.cusip).toUpperCase().slice(0, 8);
      if (!cik || cusip8.length !== 8) continue;
      let pc = prefixCounts.get(cik);
      if (!pc) prefixCounts.set(cik, (pc = new Map()));
      pc.set(cusip8.slice(0, 6), (pc.get(cusip8.slice(0, 6)) ?? 0) + r.n);
    }
    const ownsPrefix = (cik: string, prefix: string): boolean => {
      const pc = prefixCounts.get(cik);
      const mine = pc?.get(prefix) ?? 0;
      if (!pc || mine === 0) return false;
      for (const n of pc.values()) if (n > mine) return false;
      return true;
    };
    for (const r of rows) {
      const cik = padCik(String(r.cik));
      const cusip8 = String(r.cusip).toUpperCase().slice(0, 8);
      if (!cik || cusip8.length !== 8) continue;
      const rank = r.rank ?? (ownsPrefix(cik, cusip8.slice(0, 6)) ? 0 : 2);
      add(cusipCandidates, cusip8, { cik, rows: r.n, rank });
    }
  }
  for (const r of q.issuerLinks()) {
    const cik = padCik(String(r.cik));
    if (cik) add(issuerCandidates, String(r.cusip6).toUpperCase(), { cik, rows: 1, rank: r.rank });
  }
  const best = (list: readonly CusipCandidate[]): string =>
    [...list].sort((a, b) =>
      Number(withFacts.has(b.cik)) - Number(withFacts.has(a.cik))
      || a.rank - b.rank
      || b.rows - a.rows
      || Number(a.cik) - Number(b.cik))[0]!.cik;
  const cusipWinner = new Map<string, string>();
  for (const [cusip8, list] of cusipCandidates) cusipWinner.set(cusip8, best(list));
  const issuerWinner = new Map<string, string>();
  for (const [cusip6, list] of issuerCandidates) issuerWinner.set(cusip6, best(list));

  const hasCik = (cik: string) => companies.has(cik);
  let byCik: Map<string, string[]> | null = null;
  /** cik -> its tickers, primary first (built on first use: only the price endpoints ask). */
  const tickersOf = (cik: string): readonly string[] => {
    if (byCik === null) {
      byCik = new Map();
      for (const [t, c] of tickerToCik) {
        const list = byCik.get(c) ?? [];
        list.push(t);
        byCik.set(c, list);
      }
    }
    const primary = companies.get(cik);
    const rest = (byCik.get(cik) ?? []).filter((t) => primary == null || t !== normalizeTicker(primary));
    return primary ? [normalizeTicker(primary), ...rest] : rest;
  };
  const cikForCusip = (cusip: string): string | null => {
    const s = cusip.toUpperCase();
    if (!isValidCusip(s)) return null;
    return cusipWinner.get(s.slice(0, 8)) ?? issuerWinner.get(s.slice(0, 6)) ?? null;
  };
  const cikForIsin = (isin: string): string | null => {
    const s = isin.toUpperCase();
    if (!isValidIsin(s)) return null;
    const direct = isinToCik.get(s);
    if (direct) return direct;
    const cusip = cusipFromIsin(s);
    return cusip ? cikForCusip(cusip) : null;
  };
  const found = (cik: string): ResolvedCompany => ({ cik, ticker: companies.get(cik) ?? null });

  return {
    hasCik,
    tickersOf,
    cikForCusip,
    cikForIsin,
    resolve(identifier) {
      const raw = identifier.trim();
      if (raw.length === 0 || raw.length > 40) return { error: 'identifier must be a ticker, CIK, CUSIP or ISIN' };
      const upper = raw.toUpperCase();
      const listing = normalizeTicker(upper);
      const byTicker = tickerToCik.get(listing);
      if (byTicker) return { ...found(byTicker), listing };
      if (/^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(upper) && /[A-Z]/.test(upper.slice(0, 2))) {
        if (!isValidIsin(upper)) return { error: `'${upper}' is not a valid ISIN (check digit mismatch)` };
        const cik = cikForIsin(upper);
        if (cik && hasCik(cik)) return found(cik);
        return { error: `no company matches ISIN '${upper}'` };
      }
      if (/^[0-9A-Z*@#]{8}[0-9]$/.test(upper) && !/^\d{1,9}$/.test(upper)) {
        if (!isValidCusip(upper)) return { error: `'${upper}' is not a valid CUSIP (check digit mismatch)` };
        const cik = cikForCusip(upper);
        if (cik && hasCik(cik)) return found(cik);
        return { error: `no company matches CUSIP '${upper}'` };
      }
      if (/^\d{9}$/.test(upper) && isValidCusip(upper)) {
        // All-digit CUSIPs (e.g. 037833100) look like CIKs: a known CUSIP wins, else try the CIK.
        const cik = cikForCusip(upper);
        if (cik && hasCik(cik)) return found(cik);
      }
      const cik = padCik(upper);
      if (cik) {
        if (hasCik(cik)) return found(cik);
        if (upper.length === 9 && !isValidCusip(upper)) return { error: `no company with CIK ${cik}, and '${upper}' is not a valid CUSIP (check digit mismatch)` };
        return { error: `no company with CIK ${cik}` };
      }
      return { error: `no company matches identifier '${raw.length > 24 ? `${raw.slice(0, 24)}…` : raw}'` };
    },
  };
}
