// No SQL in src/service or src/http: handlers reach the dataset only through its named queries (src/dataset,
// read-queries.ts). Every src/service/**/*.ts and src/http/**/*.ts file is scanned (comments skipped, regex literals kept
// apart from strings) for statements being prepared, database handles being used, the SQLite
// driver being imported and SQL inside string or template literals; the second test shows each
// kind caught in a synthetic file, and SQL-looking text that is not SQL left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve('src');
const SCANNED = ['service', 'http'];

/** Words after which a `/` starts a regex literal rather than a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);

/** The code of a TypeScript file with comments, strings and regex literals taken out, and the
 *  text of every string and template literal (a template's `${...}` parts read as `?`). */
function scan(src: string): { code: string; literals: string[] } {
  const literals: string[] = [];
  let code = '';
  let i = 0;
  const quoted = (q: string): string => {
    let text = '';
    for (i++; i < src.length && src[i] !== q; i++) text += src[i] === '\\' ? src[++i] : src[i];
    i++;
    return text;
  };
  const regex = (): void => {
    let inClass = false;
    for (i++; i < src.length; i++) {
      const c = src[i];
      if (c === '\\') i++;
      else if (c === '[') inClass = true;
      else if (c === ']') inClass = false;
      else if (c === '/' && !inClass) break;
    }
    for (i++; i < src.length && /[a-z]/.test(src[i]!); i++);
  };
  const template = (): string => {
    let text = '';
    i++;
    while (i < src.length) {
      const c = src[i];
      if (c === '\\') { text += src[i + 1]; i += 2; } else if (c === '`') { i++; break; } else if (c === '$' && src[i + 1] === '{') {
        i += 2;
        text += '?';
        codeUntil(true);
      } else { text += c; i++; }
    }
    return text;
  };
  function codeUntil(stopAtBrace: boolean): void {
    let depth = 0;
    let prev = '';
    while (i < src.length) {
      const c = src[i]!;
      if (c === '/' && src[i + 1] === '/') { const e = src.indexOf('\n', i); i = e < 0 ? src.length : e; continue; }
      if (c === '/' && src[i + 1] === '*') { const e = src.indexOf('*/', i + 2); i = e < 0 ? src.length : e + 2; continue; }
      if (c === "'" || c === '"') { literals.push(quoted(c)); code += '""'; prev = '"'; continue; }
      if (c === '`') { literals.push(template()); code += '""'; prev = '"'; continue; }
      if (c === '/' && (prev === '' || /^[(,=:[!&|?{};+\-*%<>~^]$/.test(prev) || REGEX_AFTER_WORD.has(prev))) {
        regex();
        code += '/re/';
        prev = '/';
        continue;
      }
      if (c === '{') depth++;
      if (c === '}') {
        if (stopAtBrace && depth === 0) { i++; return; }
        depth--;
      }
      code += c;
      i++;
      if (/[\w$]/.test(c)) prev = /[\w$]/.test(prev.slice(-1)) && prev !== '"' ? prev + c : c;
      else if (!/\s/.test(c)) prev = c;
    }
  }
  codeUntil(false);
  return { code, literals };
}

const SQL_WORDS = /\b(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|PRAGMA|CREATE\s+(TABLE|INDEX)|FROM|WHERE|JOIN|GROUP\s+BY|ORDER\s+BY)\b|sqlite_master|json_extract\s*\(/;
const CODE_RULES: ReadonlyArray<[RegExp, string]> = [
  [/\.\s*prepare\s*\(/g, 'prepares a statement (.prepare()'],
  [/(^|[^\w$.])db\s*\??\./g, 'uses a database handle (db.)'],
  [/\.\s*db\b/g, 'uses a database handle (.db)'],
];

/** Every SQL finding among `files` (path relative to src/ -> source text), as readable lines. */
function sqlFindings(files: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  for (const [rel, text] of files) {
    const { code, literals } = scan(text);
    for (const [re, what] of CODE_RULES) for (const _ of code.matchAll(re)) out.push(`${rel}: ${what}`);
    for (const lit of literals) {
      if (lit === 'better-sqlite3') out.push(`${rel}: imports the SQLite driver`);
      else if (SQL_WORDS.test(lit)) out.push(`${rel}: SQL in a literal: ${lit.replace(/\s+/g, ' ').slice(0, 60)}`);
    }
  }
  return out.sort();
}

function apiTree(dir?: string, out = new Map<string, string>()): Map<string, string> {
  if (dir === undefined) {
    for (const folder of SCANNED) apiTree(path.join(SRC, folder), out);
    return out;
  }
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) apiTree(p, out);
    else if (e.name.endsWith('.ts')) out.set(path.relative(SRC, p).split(path.sep).join('/'), fs.readFileSync(p, 'utf8'));
  }
  return out;
}

test('no file under src/service or src/http holds SQL', () => {
  const files = apiTree();
  assert.ok(files.has('service/time-series.ts') && files.has('service/handlers/company-profile.ts') && files.has('http/build-server.ts'), 'the service and http trees were found');
  assert.ok([...files.values()].reduce((n, t) => n + scan(t).literals.length, 0) > 500, 'the scan sees the string literals');
  assert.deepEqual(sqlFindings(files), []);
});

test('SQL is reported (in a synthetic file), and SQL-looking text that is not SQL is not', () => {
  const files = apiTree();
  files.set('service/handlers/offending.ts', [
    "import Database from 'better-sqlite3';",
    'export function bodies(deps: any, cik: string) {',
    "  return deps.dataset.prepare('SELECT body FROM records WHERE cik = ?').all(cik);",
    '}',
    'export function splits(dataset: any, dir: string) {',
    "  const cols = 'id, symbol';",
    '  return dataset.db.prepare(`SELECT ${cols} FROM splits ORDER BY date ${dir}`).all();',
    '}',
    'export const names = (db: any) => db.exec("PRAGMA table_info(tickers)");',
  ].join('\n'));
  files.set('service/handlers/innocent.ts', [
    '// A comment may say SELECT body FROM records WHERE cik = ?, and a regex may name the words:',
    'const SQL = /\\b(SELECT|FROM|WHERE)\\b[\\s\\S]*/i;',
    "const q = /['\"`]/g, half = 10 / 2 / 5;",
    "export const description = 'Only periods from this fiscal year on; order DESC (default) or ASC.';",
    'export const path = `/v2/${"from"}/where`;',
    'export const redact = (s: string) => s.replace(SQL, "[redacted]").replace(q, "") + half;',
  ].join('\n'));
  assert.deepEqual(sqlFindings(files), [
    'service/handlers/offending.ts: SQL in a literal: PRAGMA table_info(tickers)',
    'service/handlers/offending.ts: SQL in a literal: SELECT ? FROM splits ORDER BY date ?',
    'service/handlers/offending.ts: SQL in a literal: SELECT body FROM records WHERE cik = ?',
    'service/handlers/offending.ts: imports the SQLite driver',
    'service/handlers/offending.ts: prepares a statement (.prepare()',
    'service/handlers/offending.ts: prepares a statement (.prepare()',
    'service/handlers/offending.ts: uses a database handle (.db)',
    'service/handlers/offending.ts: uses a database handle (db.)',
  ]);
});
