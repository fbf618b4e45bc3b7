// Reader of `splits/splits.csv` (symbol,date,from,to,source): a split turns `from` shares into
// `to` shares on `date` (the ex-date). 4-for-1 is 1,4; a 1-for-8 reverse split is 8,1.
import fs from 'node:fs';

export interface SplitEvent {
  symbol: string;
  date: string;
  from: number;
  to: number;
  source: string;
}

/** Parse the CSV text; malformed rows (bad date, non-positive ratio) are returned as rejects. */
function parseSplitsCsv(text: string): { splits: SplitEvent[]; rejected: string[] } {
  const splits: SplitEvent[] = [];
  const rejected: string[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    const f = line.split(',');
    const symbol = (f[0] ?? '').trim().toUpperCase();
    const date = (f[1] ?? '').trim();
    const from = Number(f[2]);
    const to = Number(f[3]);
    // The source column may itself contain commas (URLs do not, but be lenient).
    const source = f.slice(4).join(',').trim();
    if (!symbol || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !(from > 0) || !(to > 0)) {
      rejected.push(line);
      continue;
    }
    splits.push({ symbol, date, from, to, source });
  }
  splits.sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { splits, rejected };
}

export function readSplitsCsv(file: string): { splits: SplitEvent[]; rejected: string[] } {
  return parseSplitsCsv(fs.readFileSync(file, 'utf8'));
}
