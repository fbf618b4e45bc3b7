// Build step for market data: the `splits` table from splits/splits.csv and the `prices` table
// of as-traded daily bars assembled from every set under prices/ (see market/price-basis.ts),
// with their adjusted columns (market/adjusted-prices.ts).
// Invariant: one row per (symbol, date); `close` is as traded, `source` names the set it came from.
// Each symbol's series is built by price-series.ts, in the build's worker pool when it has one;
// this step writes the series in symbol order and reports.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildStep } from './build-step.js';
import { listPriceFiles, readPriceSetManifest, type PriceSetManifest } from '../sources/prices-set.js';
import { readSplitsCsv, type SplitEvent } from '../sources/splits-csv.js';
import {
  buildPriceSeries, type PriceSeries, type PriceSeriesTask,
} from '../market/price-series.js';
import { eventLoopTurns } from './event-loop-turns.js';
import { setRank } from '../market/price-basis.js';
import { isShareSplit } from '../market/share-split.js';
import { MAX_PRICE_STALENESS_DAYS } from '../market/market-data.js';
import type { SymbolCloses } from '../dataset/tables/market-reader.js';
import { PRICES_DDL, createPriceSeriesWriter } from '../dataset/tables/prices-table.js';
import { SPLITS_DDL, createSplitWriter, fillSplitPrices, splitId } from '../dataset/tables/splits-table.js';
import { ADR_RATIOS_DDL, writeAdrRatios } from '../dataset/tables/adr-ratios-table.js';
import { readAdrRatios } from '../sources/adr-ratios-csv.js';
import { adrRatioIndex } from '../market/listing-conversion.js';
import { PRICE_INPUTS_DDL, createPriceInputWriter, openPriceCarrySource, reportOf, type CarriedSeries, type PriceCarrySource, type PriceSeriesReport } from '../dataset/tables/price-carry-over.js';
import { SHARE_CLASSES_DDL, writeShareClasses } from '../dataset/tables/share-classes-table.js';
import { SHARE_CLASSES_FILE, readShareClasses } from '../sources/share-classes-csv.js';
import { shareClassIndex, withShareClassRatios } from '../market/share-classes.js';

/**
 * The version of the rules that build a symbol's series from its inputs (market/price-basis.ts,
 * price-series.ts, and the report's fields): bump it when they change what a series or its report
 * is, so an incremental build does not carry over a series built by the earlier rules (2: splits
 * re-dated to a set's ex-date, issue 30 item 4).
 */
export const PRICE_RULES_VERSION = 2;

/**
 * What a symbol's series is built from: each file's set (manifest), path in the mirror, size and
 * modification time, and the symbol's split history. Equal fingerprints, equal series: an
 * incremental build carries the previous build's rows over (price-carry-over.ts). The rules
 * that turn the inputs into a series are an input too: PRICE_RULES_VERSION.
 */
export function priceInputFingerprint(sourceDir: string, task: PriceSeriesTask): string {
  const files = task.files.map(({ set, file }) => {
    const st = fs.statSync(file);
    return [set, path.relative(sourceDir, file), st.size, st.mtimeMs];
  });
  return crypto.createHash('sha256').update(JSON.stringify([PRICE_RULES_VERSION, files, task.splits])).digest('base64url');
}

/**
 * Bytes of closes the `closes` hand-off holds at most (dates 10 bytes and a close 8 bytes a bar,
 * outside the JS heap: as the string and number[] a worker's series arrives in, a bar took 34 bytes
 * of JS heap and the hand-off ~130 MB at this budget, which the build thread's heap grew a
 * multiple of):
 * the corpus's 2.3 M bars (~41 MB) fit; past it, symbols' closes are read from the prices table
 * when a company needs them (market-reader.ts), so the build's memory does not grow with the
 * number of symbols.
 */
export const CLOSES_HELD_BYTES = 64 * 1024 * 1024;

export const marketStep: BuildStep = {
  name: 'market',
  ddl: [...PRICES_DDL, ...SPLITS_DDL, ...ADR_RATIOS_DDL, ...SHARE_CLASSES_DDL, ...PRICE_INPUTS_DDL],
  async run(ctx) {
    // ordinary shares per depositary share of the listings (market/listing-conversion.ts), and
    // reporting-class shares per class listing share (market/share-classes.ts)
    const classes = shareClassIndex(readShareClasses(SHARE_CLASSES_FILE));
    ctx.report.count('share class listings', writeShareClasses(ctx.dataset, classes));
    const ratios = withShareClassRatios(adrRatioIndex(readAdrRatios(path.join(ctx.sourceDir, 'reference', 'adr_ratios.csv'))), classes);
    ctx.report.count('listing ratios (ADR and share class symbols)', writeAdrRatios(ctx.dataset, ratios));
    const disputed = [...ratios].filter(([, r]) => r.ratio === null).map(([s]) => s);
    if (disputed.length) ctx.report.note(`ADR ratio sources disagree (no ratio, price-based fields null) for: ${disputed.join(' ')}`);
    const splitsFile = path.join(ctx.sourceDir, 'splits', 'splits.csv');
    let splits: SplitEvent[] = [];
    if (fs.existsSync(splitsFile)) {
      const parsed = readSplitsCsv(splitsFile);
      splits = parsed.splits;
      for (const r of parsed.rejected) ctx.report.skip('splits.csv row', `malformed: ${r.slice(0, 60)}`);
    } else {
      ctx.report.note('no splits/splits.csv: prices are not restored across splits');
    }
    // the splits table holds share splits only; every event still undoes the price adjustments it caused
    const shareSplits = splits.filter((s) => isShareSplit(s.from, s.to));
    const splitWriter = createSplitWriter(ctx.dataset);
    splitWriter.putAll(shareSplits.map((s) => ({ id: splitId(s), symbol: s.symbol, date: s.date, from: s.from, to: s.to, source: s.source })));
    ctx.report.count('splits', shareSplits.length);
    ctx.report.count('split-history events at no simple ratio (spin-off adjustments: prices only, no share change)', splits.length - shareSplits.length);
    const splitsBySymbol = new Map<string, SplitEvent[]>();
    for (const s of splits) {
      const list = splitsBySymbol.get(s.symbol) ?? [];
      list.push(s);
      splitsBySymbol.set(s.symbol, list);
    }

    const pricesDir = path.join(ctx.sourceDir, 'prices');
    const sets: Array<{ manifest: PriceSetManifest; files: Map<string, string> }> = [];
    if (fs.existsSync(pricesDir)) {
      for (const name of fs.readdirSync(pricesDir).sort()) {
        const dir = path.join(pricesDir, name);
        if (!fs.statSync(dir).isDirectory()) continue;
        const manifest = readPriceSetManifest(dir);
        if (typeof manifest === 'string') {
          ctx.report.skip(`price set ${name}`, manifest);
          continue;
        }
        sets.push({ manifest, files: listPriceFiles(dir) });
      }
    } else {
      ctx.report.note('no prices/ directory: every price-based field is null');
    }
    // read order: best rank first (as traded, split-only, own events, split-and-dividend); later as-of first
    const rankOf = (m: PriceSetManifest) => setRank(m.closeBasis, m.columns.dividends != null && m.columns.splitRatio != null);
    sets.sort((a, b) => rankOf(a.manifest) - rankOf(b.manifest) || (a.manifest.asOf < b.manifest.asOf ? 1 : -1));
    const symbols = [...new Set(sets.flatMap((s) => [...s.files.keys()]))].sort();
    let skippedFiles = 0;
    const writeSymbol = createPriceSeriesWriter(ctx.dataset);
    const taskOf = (symbol: string): PriceSeriesTask => ({
      symbol,
      files: sets.flatMap(({ manifest, files }) => {
        const file = files.get(symbol);
        return file ? [{
          set: { name: manifest.name, asOf: manifest.asOf, closeBasis: manifest.closeBasis, volumeBasis: manifest.volumeBasis, dividendsBasis: manifest.dividendsBasis, columns: manifest.columns },
          file,
        }] : [];
      }),
      splits: splitsBySymbol.get(symbol) ?? [],
    });
    // An incremental build copies the series whose inputs did not change (price-carry-over.ts);
    // the others are built in the build's worker pool when it has one (its workers are mostly
    // idle during this step), AHEAD symbols ahead of the writes, and written here in symbol order.
    const fingerprints = new Map(symbols.map((s) => [s, priceInputFingerprint(ctx.sourceDir, taskOf(s))]));
    const prev: PriceCarrySource | null = ctx.carryOver ? openPriceCarrySource(ctx.dataset, ctx.carryOver.fromPath) : null;
    const putInputs = createPriceInputWriter(ctx.dataset);
    const runInPool = ctx.handoffs.priceSeries.find();
    const build = runInPool ?? (async (task: PriceSeriesTask) => buildPriceSeries(task));
    const AHEAD = runInPool ? 16 : 1;
    type Carried = { carried: CarriedSeries };
    const pending: Array<Promise<PriceSeries> | Carried> = [];
    let submitted = 0;
    let carriedSymbols = 0;
    const next = (symbol: string): Promise<PriceSeries> | Carried => {
      const c = prev?.carry(symbol, fingerprints.get(symbol)!);
      return c ? { carried: c } : build(taskOf(symbol));
    };
    ctx.progress.start('prices', symbols.length);
    let rows = 0;
    let anchored = 0;
    let unanchored = 0;
    let ambiguous = 0;
    const ambiguousSymbols: string[] = [];
    const suspicious: string[] = [];
    let rejectedBars = 0;
    const rejectedSymbols: string[] = [];
    let otherIssuerBars = 0;
    let sourceSplits = 0;
    const redated: string[] = [];
    const otherIssuerSymbols: string[] = [];
    // every written symbol's closes, for the records' market data (market-data.ts)
    const closes = new Map<string, SymbolCloses>();
    let heldBytes = 0;
    ctx.handoffs.closes.set(closes);
    const turn = eventLoopTurns();
    try {
      for (const symbol of symbols) {
        while (submitted < symbols.length && pending.length < AHEAD) pending.push(next(symbols[submitted++]!));
        await turn();
        const item = pending.shift()!;
        let result: PriceSeriesReport;
        let bars: number;
        let held: (() => SymbolCloses) | null;
        if ('carried' in item) {
          result = item.carried.report;
          bars = item.carried.bars;
          held = item.carried.closes;
          carriedSymbols += 1;
        } else {
          const series = await item;
          writeSymbol(symbol, series);
          result = reportOf(series);
          bars = series.close.length;
          held = () => ({ dates: Buffer.from(series.dates, 'latin1'), closes: Float64Array.from(series.close) });
        }
        putInputs(symbol, fingerprints.get(symbol)!, result);
        skippedFiles += result.skippedFiles;
        for (const set of result.unreadable) ctx.report.skip(`prices ${set}/${symbol}`, 'unreadable or truncated price file');
        if (bars > 0 && heldBytes + bars * 18 <= CLOSES_HELD_BYTES) {
          closes.set(symbol, held());
          heldBytes += bars * 18;
        }
        rows += bars;
        anchored += result.anchored;
        unanchored += result.unanchored;
        if (result.ambiguous > 0) { ambiguous += result.ambiguous; ambiguousSymbols.push(symbol); }
        if (result.rejected > 0) { rejectedBars += result.rejected; rejectedSymbols.push(symbol); }
        if (result.otherIssuer > 0) { otherIssuerBars += result.otherIssuer; otherIssuerSymbols.push(symbol); }
        for (const sp of result.redatedSplits) {
          // one event per split, at the ex-date the set's prices change basis on (COO 2024-02-20, not 2024-02-16)
          const orig = (splitsBySymbol.get(symbol) ?? []).find((x) => x.date === sp.was && x.from === sp.from && x.to === sp.to);
          splitWriter.remove(splitId({ symbol, date: sp.was, from: sp.from, to: sp.to }));
          splitWriter.put({ id: splitId({ symbol, ...sp }), symbol, date: sp.date, from: sp.from, to: sp.to, source: `${orig?.source ?? 'splits/splits.csv'}; ex-date ${sp.date} (listed ${sp.was}) from prices/${sp.set} Stock Splits` });
          redated.push(`${symbol} ${sp.was}->${sp.date}`);
        }
        for (const sp of result.sourceSplits) {
          splitWriter.put({ id: splitId({ symbol, ...sp }), symbol, date: sp.date, from: sp.from, to: sp.to, source: `prices/${sp.set} Stock Splits` });
          sourceSplits++;
        }
        if (result.maxAnchorDeviation > 0.25) suspicious.push(symbol);
        ctx.progress.tick();
      }
    } finally {
      prev?.close();
    }
    if (ctx.carryOver) ctx.report.note(`price symbols carried over from the previous dataset (inputs unchanged): ${carriedSymbols} of ${symbols.length}`);
    ctx.progress.stop();
    // The closes around a split, within the staleness window of every price-based field: a close
    // further from the split (no prices near it) is null, not a years-old value.
    fillSplitPrices(ctx.dataset, MAX_PRICE_STALENESS_DAYS);
    ctx.report.count('price symbols', symbols.length);
    ctx.report.count('price files not read (span covered by a better-basis set)', skippedFiles);
    ctx.report.count('price bars', rows);
    ctx.report.count('price bars re-anchored (dividend-adjusted source)', anchored);
    ctx.report.count('price bars dividend-adjusted without anchor', unanchored);
    ctx.report.count('price bars dropped: dividend-adjusted, no later anchor, an event the split history lacks after the last one', ambiguous);
    ctx.report.count('as-traded price bars dropped (contradict the adjusted sets)', rejectedBars);
    ctx.report.count('price bars of another issuer under the same ticker dropped (older sets)', otherIssuerBars);
    ctx.report.count('share splits found in a price set\'s own events, missing from splits.csv (stored)', sourceSplits);
    ctx.report.count('splits.csv splits re-dated to the ex-date of a price set\'s own event of the same ratio', redated.length);
    if (redated.length) ctx.report.note(`splits re-dated to the price set's ex-date: ${redated.join(', ')}`);
    if (otherIssuerSymbols.length) ctx.report.note(`another issuer's bars dropped for: ${otherIssuerSymbols.slice(0, 40).join(' ')}${otherIssuerSymbols.length > 40 ? ' …' : ''}`);
    if (ambiguousSymbols.length) ctx.report.note(`dividend-adjusted bars after the last anchor dropped (a split or spin-off the split history lacks) for: ${ambiguousSymbols.slice(0, 40).join(' ')}`);
    if (rejectedSymbols.length) ctx.report.note(`as-traded bars dropped for: ${rejectedSymbols.slice(0, 30).join(' ')}${rejectedSymbols.length > 30 ? ' …' : ''}`);
    if (suspicious.length) {
      ctx.report.note(`price anchor ratio off by >25% (split history may miss an event): ${suspicious.slice(0, 30).join(' ')}${suspicious.length > 30 ? ' …' : ''}`);
    }
  },
};
