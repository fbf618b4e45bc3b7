// `--record` for the benches: appends a run's figures as rows to the one table of
// docs/benchmarks.md (figure | value | baseline (same run) | date | machine load | command).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One row of the table; every field is the cell's text. */
export interface BenchRow {
  figure: string;
  value: string;
  baseline: string;
  date: string;
  load: string;
  command: string;
}

export const COLUMNS = ['figure', 'value', 'baseline (same run)', 'date', 'machine load', 'command'] as const;
const KEYS = ['figure', 'value', 'baseline', 'date', 'load', 'command'] as const;

export const BENCHMARKS_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');

/** A cell's text on one line, with `|` escaped so it cannot end the cell. */
export function toCell(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(/\\/g, '\\\\').replace(/\|/g, '\\|').trim();
}

function fromCell(text: string): string {
  return text.trim().replace(/\\([\\|])/g, '$1');
}

/** The cells of one `| a | b |` line (escaped `\|` stays inside its cell). */
export function splitRow(line: string): string[] {
  const body = line.trim();
  if (!body.startsWith('|') || !body.endsWith('|') || body.length < 2) throw new Error(`not a table row: ${line}`);
  const cells: string[] = [];
  let cur = '';
  for (let i = 1; i < body.length - 1; i++) {
    const ch = body[i]!;
    if (ch === '\\' && i + 1 < body.length - 1) { cur += ch + body[i + 1]!; i++; continue; }
    if (ch === '|') { cells.push(fromCell(cur)); cur = ''; continue; }
    cur += ch;
  }
  if (body.endsWith('\\|')) throw new Error(`row ends inside an escaped bar: ${line}`);
  cells.push(fromCell(cur));
  return cells;
}

export function formatRow(row: BenchRow): string {
  return `| ${KEYS.map((k) => toCell(row[k])).join(' | ')} |`;
}

/** Finds the table (its header row names COLUMNS) and reads its rows; lines are 0-based indexes. */
export function parseTable(text: string): { header: number; end: number; rows: BenchRow[] } {
  const lines = text.split('\n');
  const header = lines.findIndex((l) => l.trim().startsWith('|') && splitRow(l).join('|') === COLUMNS.join('|'));
  if (header < 0) throw new Error(`no table with the columns ${COLUMNS.join(' | ')}`);
  const sep = lines[header + 1] ?? '';
  if (!/^\s*\|(\s*:?-+:?\s*\|)+\s*$/.test(sep) || splitRow(sep).length !== COLUMNS.length) throw new Error('the table header is not followed by its separator row');
  const rows: BenchRow[] = [];
  let end = header + 2;
  for (; end < lines.length && lines[end]!.trim().startsWith('|'); end++) {
    const cells = splitRow(lines[end]!);
    if (cells.length !== COLUMNS.length) throw new Error(`line ${end + 1}: ${cells.length} cells, the table has ${COLUMNS.length}`);
    rows.push(Object.fromEntries(KEYS.map((k, i) => [k, cells[i]!])) as unknown as BenchRow);
  }
  return { header, end, rows };
}

/** The text with `rows` appended after the table's last row. */
export function appendRows(text: string, rows: readonly BenchRow[]): string {
  const { end } = parseTable(text);
  const lines = text.split('\n');
  lines.splice(end, 0, ...rows.map(formatRow));
  return lines.join('\n');
}

/** `npm run <script>` with the arguments this process was given (but `--record`). */
export function commandLine(script: string, argv: readonly string[] = process.argv.slice(2)): string {
  const args = argv.filter((a) => a !== '--' && a !== '--record');
  return `npm run ${script}${args.length > 0 ? ` -- ${args.join(' ')}` : ''}`;
}

/** The date and time in UTC to the minute, as the table writes it. */
export function utcMinute(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface Recorder {
  /** Notes one figure of the run (baseline: the same run's figure it compares with, '' if none). */
  add(figure: string, value: string, baseline?: string): void;
  /** With `--record`: appends the figures to the table and says so; otherwise does nothing. */
  save(file?: string): void;
}

/** Starts a run's record: the date and the load average (1 min) are taken now and again at save. */
export function benchRecorder(script: string, argv: readonly string[] = process.argv.slice(2)): Recorder {
  const started = new Date();
  const loadStart = os.loadavg()[0]!;
  const command = commandLine(script, argv);
  const figures: Array<{ figure: string; value: string; baseline: string }> = [];
  return {
    add(figure, value, baseline = '') { figures.push({ figure, value, baseline }); },
    save(file = BENCHMARKS_FILE) {
      if (!argv.includes('--record') || figures.length === 0) return;
      const load = `${loadStart.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} CPUs`;
      const rows = figures.map((f) => ({ ...f, date: utcMinute(started), load, command: `\`${command}\`` }));
      fs.writeFileSync(file, appendRows(fs.readFileSync(file, 'utf8'), rows));
      console.log(`recorded ${rows.length} rows in ${path.relative(process.cwd(), file) || file}`);
    },
  };
}
