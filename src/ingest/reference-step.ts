// First build step: the ticker universe (tickers), CIK-CUSIP links (cusips) and the ISO 10383
// MIC list (mics). Runs before every other step so later steps can resolve symbols and CIKs.
import type { BuildStep } from './build-step.js';
import { readCurrentDirectory, readDerivedSymbols, readDirectoryHistory } from '../sources/nasdaq-listings.js';
import { readCurrentSecTickers, readSecTickerHistory } from '../sources/sec-company-tickers-history.js';
import { readCikCusip } from '../sources/cik-cusip.js';
import { readMics } from '../sources/iso10383.js';
import { readProfiles } from '../sources/profiles.js';
import { buildUniverse, type TickerEntry } from '../reference/universe.js';
import { buildCusipLinks } from '../reference/cusip-links.js';
import { isinFromCusip } from '../reference/check-digits.js';
import { depositarySymbols, listingType } from '../reference/depositary-listings.js';
import { readAdrRatios } from '../sources/adr-ratios-csv.js';
import path from 'node:path';
import { eventLoopTurns } from './event-loop-turns.js';
import { REFERENCE_DDL, REFERENCE_LATE_DDL, writeCusipIssuers, writeCusips, writeProfileSources, writeMics, writeTickers, type TickerRowExtras } from '../dataset/tables/reference-tables.js';

const SHARES_OF_ISSUER = new Set(['common stock', 'ADR', 'limited partnership']);

/** An OTC symbol of five letters ending in F: a foreign issuer's home-market ordinary shares quoted OTC (TSMWF, ASMLF). */
function foreignOrdinaryOtc(e: TickerEntry): boolean {
  return e.exchange === 'OTC' && /^[A-Z]{4}F$/.test(e.symbol);
}

/**
 * The 13D/13G links of foreign issuers are noisy (BP's own link is 108111295, its ADR is 055622104), so
 * beside an OTC F line the exchange listing takes the CIK's CUSIP only on strong evidence: issue
 * number 10 (TSM 874039100) or the CIK's only link (TM 892331307); an ADR never takes a CUSIP with a
 * letter first (a non-US issue: the ordinary shares').
 */
function strongForeignLink(cusip: string, entry: TickerEntry, links: number): boolean {
  if (entry.type === 'ADR' && !/^[0-9]/.test(cusip)) return false;
  return cusip.slice(6, 8) === '10' || links === 1;
}

/**
 * CUSIP/ISIN on a ticker row: only when the CIK has exactly one listed share line (common stock,
 * ADR or LP units), so a class A/class B pair never both claim one CUSIP. A foreign issuer's OTC
 * F line beside its one exchange listing does not count (TSM and TSMWF: TSM carries the CUSIP)
 * when the link is strong (strongForeignLink).
 * Multi-class issuers are still found by CUSIP through the cusips table -> CIK.
 */
function assignCusips(universe: readonly TickerEntry[], primaryByCik: Map<string, string>, linkCount: ReadonlyMap<string, number>): Map<string, TickerRowExtras> {
  const sharesByCik = new Map<string, TickerEntry[]>();
  for (const e of universe) {
    if (!e.cik || !e.listed || !SHARES_OF_ISSUER.has(e.type)) continue;
    const l = sharesByCik.get(e.cik) ?? [];
    l.push(e);
    sharesByCik.set(e.cik, l);
  }
  const out = new Map<string, TickerRowExtras>();
  for (const [cik, all] of sharesByCik) {
    const cusip = primaryByCik.get(cik);
    if (!cusip) continue;
    const exchangeLines = all.filter((e) => !foreignOrdinaryOtc(e));
    const entries = all.length === 1 ? all : exchangeLines.length === 1 ? exchangeLines : all;
    if (entries.length !== 1) continue;
    const entry = entries[0] as TickerEntry;
    if (all.length > 1 && !strongForeignLink(cusip, entry, linkCount.get(cik) ?? 0)) continue;
    out.set(entry.symbol, { cusip, isin: isinFromCusip(cusip, 'US') });
  }
  return out;
}

export const referenceStep: BuildStep = {
  name: 'reference',
  ddl: REFERENCE_DDL,
  lateDdl: REFERENCE_LATE_DDL,
  async run(ctx) {
    const { sourceDir, report } = ctx;
    // Yields between the parts below: SEC files are read and parsed in the workers meanwhile.
    const turn = eventLoopTurns(0);
    const directory = readCurrentDirectory(sourceDir);
    const sec = readCurrentSecTickers(sourceDir);
    await turn();
    if (!directory) report.note('reference: no listings/ directory files; universe from SEC files only');
    if (!sec) report.note('reference: no sec/company_tickers_exchange.json; CIKs only from history');
    const universe = buildUniverse({
      directory,
      directoryHistory: readDirectoryHistory(sourceDir),
      derived: readDerivedSymbols(sourceDir),
      sec,
      secHistory: readSecTickerHistory(sourceDir),
    });
    // A listing the name calls common stock is an ADR when the ratio file says it stands for other than one share.
    const depositary = depositarySymbols(readAdrRatios(path.join(sourceDir, 'reference', 'adr_ratios.csv')));
    let madeAdr = 0;
    for (const e of universe) {
      const t = listingType(e, depositary);
      if (t !== e.type) { e.type = t; madeAdr += 1; }
    }
    await turn();
    const cusipRows = readCikCusip(sourceDir);
    const { links, primaryByCik, issuers, malformed } = buildCusipLinks(cusipRows);
    const tickerCiks = new Set(universe.map((e) => e.cik).filter((c): c is string => c !== null));
    // A CUSIP whose CIK has no ticker cannot resolve to a symbol: it sorts after every CIK that can.
    for (const l of links) if (!tickerCiks.has(l.cik)) l.rank += 3;
    for (const i of issuers) if (!tickerCiks.has(i.cik)) i.rank += 3;
    const linkCount = new Map<string, number>();
    for (const l of links) linkCount.set(l.cik, (linkCount.get(l.cik) ?? 0) + 1);
    const extras = assignCusips(universe, primaryByCik, linkCount);
    await turn();
    writeTickers(ctx.dataset, universe, extras);
    await turn();
    writeCusips(ctx.dataset, links);
    writeCusipIssuers(ctx.dataset, issuers);
    await turn();
    writeMics(ctx.dataset, readMics(sourceDir));
    const profiles = readProfiles(sourceDir);
    await turn();
    writeProfileSources(ctx.dataset, profiles);
    report.count('profile rows', profiles.length);
    report.count('tickers', universe.length);
    report.count('tickers listed', universe.filter((e) => e.listed).length);
    report.count('cusip links', links.length);
    report.count('tickers typed ADR by adr_ratios.csv (ratio other than 1)', madeAdr);
    if (malformed > 0) report.count('cusip rows without a full 8-character code (issuer prefix only)', malformed);
  },
};
