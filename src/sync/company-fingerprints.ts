// What each company of the mirror was built from, as one hash per company: its companyfacts and
// submissions bytes, its rows of the ticker file, and the price files (with their set's manifest)
// of its symbols, plus the split list, the ADR ratio list and the repository's share class table
// (both decide which listing's prices, converted how, price a company's records), and the identity
// of the running code (code-identity.ts: records made by other rules are not carried over). Equal
// fingerprints mean the company's records would come out the same, so an incremental build carries
// them over; any change rebuilds that company.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { listCikFiles } from '../sources/sec-cik-files.js';
import { decodePayload } from '../sources/sec-zip.js';
import { listPriceFiles } from '../sources/prices-set.js';
import { parseSubmission, readSubmissionJson } from '../sources/sec-submissions.js';
import { tickerRowsOf } from './mirror-reading.js';
import { SHARE_CLASSES_FILE } from '../sources/share-classes-csv.js';
import { codeIdentity } from './code-identity.js';

const hash = (bytes: Uint8Array | string) => crypto.createHash('sha256').update(bytes).digest('hex');

function fileHash(file: string): string | null {
  return fs.existsSync(file) ? hash(fs.readFileSync(file)) : null;
}

export interface MirrorFingerprints {
  /** By 10-digit CIK, every company with a companyfacts file in the mirror. */
  companies: Map<string, string>;
  /** The whole mirror's SEC and price inputs: equal means a build would change nothing. */
  all: string;
}

/** `code`: the identity of the code that builds (default: this process's; a test passes others). */
export async function mirrorFingerprints(mirror: string, code: string = codeIdentity()): Promise<MirrorFingerprints> {
  const facts = await listCikFiles(mirror, 'companyfacts');
  const subs = await listCikFiles(mirror, 'submissions');
  try {
    const subsByCik = new Map(subs.sources.map((s) => [s.cik, s]));
    const tickerRows = tickerRowsOf(mirror);
    const rowsByCik = new Map<string, string[]>();
    for (const r of tickerRows) rowsByCik.set(r.cik, [...(rowsByCik.get(r.cik) ?? []), JSON.stringify(r)]);

    // symbol -> hashes of its price files, each with its set's manifest
    const priceHashes = new Map<string, string[]>();
    const pricesDir = path.join(mirror, 'prices');
    if (fs.existsSync(pricesDir)) {
      for (const set of fs.readdirSync(pricesDir).sort()) {
        const dir = path.join(pricesDir, set);
        if (!fs.statSync(dir).isDirectory()) continue;
        const manifest = fileHash(path.join(dir, 'manifest.json')) ?? '-';
        for (const [symbol, file] of listPriceFiles(dir)) {
          priceHashes.set(symbol, [...(priceHashes.get(symbol) ?? []), `${set}:${manifest}:${fileHash(file)}`]);
        }
      }
    }
    const splits = fileHash(path.join(mirror, 'splits', 'splits.csv')) ?? '-';
    const listingRatios = `${fileHash(path.join(mirror, 'reference', 'adr_ratios.csv')) ?? '-'} ${fileHash(SHARE_CLASSES_FILE) ?? '-'}`;

    const companies = new Map<string, string>();
    for (const f of facts.sources) {
      const sub = subsByCik.get(f.cik);
      const subBytes = sub ? decodePayload(sub.readSync()) : null;
      const symbols = new Set<string>();
      if (subBytes) {
        const json = readSubmissionJson(subBytes);
        if (json) for (const t of parseSubmission(json, f.cik).tickers) symbols.add(t.toUpperCase());
      }
      for (const r of tickerRows) if (r.cik === f.cik) symbols.add(r.ticker.toUpperCase());
      const parts = [
        `code ${code}`,
        // the bytes as stored (deflated in a zip): no need to inflate a large file to see it changed
        `facts ${hash(f.readSync().bytes)}`,
        `submissions ${subBytes ? hash(subBytes) : '-'}`,
        `tickers ${(rowsByCik.get(f.cik) ?? []).join('|')}`,
        `splits ${splits}`,
        `listing ratios ${listingRatios}`,
        ...[...symbols].sort().map((s) => `prices ${s} ${(priceHashes.get(s) ?? []).join('|')}`),
      ];
      companies.set(f.cik, hash(parts.join('\n')));
    }
    const all = hash([
      ...[...companies].map(([cik, h]) => `${cik} ${h}`),
      `ticker file ${fileHash(path.join(mirror, 'sec', 'company_tickers_exchange.json')) ?? '-'}`,
      `submissions ${subs.sources.length}`,
      ...[...priceHashes].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([s, h]) => `${s} ${h.join('|')}`),
    ].join('\n'));
    return { companies, all };
  } finally {
    facts.close();
    subs.close();
  }
}
