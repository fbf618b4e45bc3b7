// Reader of the earnings-call transcript corpus (`transcripts/transcripts.jsonl.gz`, or plain
// `.jsonl`): one call per JSON line, typed, values as written. Format only: a line that is not a
// call object is rejected with its line number; matching calls to companies is the build step's job.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface TranscriptLine {
  /** 1-based line number in the file, for messages. */
  line: number;
  symbol: string;
  /** The corpus's own labels (sometimes a year off: docs/ingest.md, Transcripts). */
  fiscalYear: number;
  fiscalQuarter: number;
  /** As written (null throughout the corpus). */
  date: string | null;
  content: string;
}

export interface TranscriptCorpus {
  /** Where the calls were read from, relative to the source directory. */
  file: string;
  calls: TranscriptLine[];
  rejected: Array<{ line: number; reason: string }>;
}

const FILES = ['transcripts.jsonl.gz', 'transcripts.jsonl'];

/** One parsed line, or the reason it is not a call. */
export function parseTranscriptLine(text: string, line: number): TranscriptLine | { reason: string } {
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    return { reason: 'invalid JSON' };
  }
  if (!j || typeof j !== 'object' || Array.isArray(j)) return { reason: 'not a JSON object' };
  const o = j as Record<string, unknown>;
  if (typeof o.symbol !== 'string' || o.symbol.trim() === '') return { reason: 'no symbol' };
  if (!Number.isInteger(o.fiscal_year)) return { reason: 'no integer fiscal_year' };
  if (!Number.isInteger(o.fiscal_quarter)) return { reason: 'no integer fiscal_quarter' };
  if (typeof o.content !== 'string' || o.content.trim() === '') return { reason: 'no content' };
  return {
    line,
    symbol: o.symbol.trim(),
    fiscalYear: o.fiscal_year as number,
    fiscalQuarter: o.fiscal_quarter as number,
    date: typeof o.date === 'string' && o.date.trim() !== '' ? o.date.trim() : null,
    content: o.content,
  };
}

/** The calls of `<sourceDir>/transcripts/`; null when neither file exists. */
export function readTranscriptCorpus(sourceDir: string): TranscriptCorpus | null {
  for (const name of FILES) {
    const file = path.join(sourceDir, 'transcripts', name);
    if (!fs.existsSync(file)) continue;
    const raw = fs.readFileSync(file);
    const text = (name.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
    const calls: TranscriptLine[] = [];
    const rejected: TranscriptCorpus['rejected'] = [];
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i += 1) {
      const l = lines[i]!.trim();
      if (l === '') continue;
      const r = parseTranscriptLine(l, i + 1);
      if ('reason' in r) rejected.push({ line: i + 1, reason: r.reason });
      else calls.push(r);
    }
    return { file: `transcripts/${name}`, calls, rejected };
  }
  return null;
}
