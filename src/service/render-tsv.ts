// format=excel: tab-separated values with a header row in registry column order. Numbers are
// written plainly (never exponent notation) so spreadsheets read them as numbers; null is an
// empty cell; a cell holding a tab, quote, CR or LF is quoted RFC-4180 style ("" escapes ").
// Rows end with CRLF.

/** A finite number in plain decimal notation (1e21 -> "1000000000000000000000"). */
function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Object.is(n, -0)) return '0';
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const exp = Number(s.slice(e + 1));
  let mant = s.slice(0, e);
  const neg = mant.startsWith('-');
  if (neg) mant = mant.slice(1);
  const dot = mant.indexOf('.');
  const digits = mant.replace('.', '');
  const point = (dot < 0 ? mant.length : dot) + exp;
  let out: string;
  if (point <= 0) out = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + '0'.repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return neg ? `-${out}` : out;
}

const NEEDS_QUOTES = /[\t\r\n"]/;

function tsvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return plainNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function lookup(row: Record<string, unknown>, column: string): unknown {
  if (column in row || !column.includes('.')) return row[column];
  let cur: unknown = row;
  for (const part of column.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Header + one line per row; `a.b` columns read nested objects (e.g. split_ratio.from). */
export function renderTsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(tsvCell).join('\t')];
  for (const row of rows) lines.push(columns.map((c) => tsvCell(lookup(row, c))).join('\t'));
  return `${lines.join('\r\n')}\r\n`;
}

/** Columns for rows without a declared column list: keys of the first row, in order. */
export function inferColumns(rows: readonly Record<string, unknown>[]): string[] {
  const first = rows[0];
  return first ? Object.keys(first) : [];
}
