// npx tsx bench/record-reads.ts --dataset FILE [--requests 2000] — the storage read of a response-
// cache miss (issue 31): `records.series` of distinct income-statement (limit 10) and quarterly
// multiples (limit 40) requests, and `records.versionsAt` of distinct as_of reads (income
// statement, quarterly, limit 40), each over companies in turn (every read a different key, so
// no cache is warm; the code is warmed first on balance sheets), in the served text (the stored bodies decoded). Prints p50/p99 per kind and
// the bytes read. Run it on two trees and datasets alternately to compare a storage change.
import { parseArgs } from 'node:util';
import { Dataset } from '../src/dataset/sqlite/sqlite-dataset.js';

const { values } = parseArgs({ args: process.argv.slice(2).filter((a) => a !== '--'), options: {
  dataset: { type: 'string' }, requests: { type: 'string', default: '2000' }, 'as-of': { type: 'string', default: '2019-03-31' },
} });
if (!values.dataset) throw new Error('--dataset FILE is required');

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

const ds = Dataset.open(values.dataset);
try {
  const ciks = ds.db.prepare("SELECT DISTINCT cik FROM records WHERE record_type = 'income_statement' ORDER BY cik").pluck().all() as string[];
  const n = Math.min(Number(values.requests), ciks.length);
  const kinds = [
    { label: 'income statement, limit 10', read: (cik: string) => ds.records.series({ cik, recordType: 'income_statement', period: 'annual', order: 'DESC', limit: 10 }) as string[] },
    { label: 'multiples quarterly, limit 40', read: (cik: string) => ds.records.series({ cik, recordType: 'multiples', period: 'quarterly', order: 'DESC', limit: 40 }) as string[] },
    { label: `income statement quarterly as_of ${values['as-of']}, limit 40`, read: (cik: string) => (ds.records.versionsAt({ cik, recordType: 'income_statement', period: 'quarterly', order: 'DESC', limit: 40 }, values['as-of']!, false) as Array<{ body: string }>).map((r) => r.body) },
  ];
  // warm the code paths (JIT) on other keys: balance sheets, so the measured reads stay first reads
  for (const cik of ciks) ds.records.series({ cik, recordType: 'balance_sheet', period: 'annual', order: 'DESC', limit: 10 });
  for (const k of kinds) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const bodies = k.read(ciks[i]!);
      times.push(performance.now() - t0);
      for (const b of bodies) bytes += b.length;
    }
    const total = times.reduce((a, b) => a + b, 0);
    console.log(`${k.label}: p50 ${(pct(times, 50) * 1000).toFixed(0)} µs, p99 ${(pct(times, 99) * 1000).toFixed(0)} µs, total ${total.toFixed(0)} ms (n=${n}, ${(bytes / 1e6).toFixed(1)} MB served text)`);
  }
} finally {
  ds.close();
}
