// Writes docs/reports/consistency-audit.md: the consistency audit of the standardized statements
// (test/support/consistency-audit.ts, the computation test/xbrl-consistency.test.ts asserts on),
// run over the corpus's companyfacts, with every failure and every excluded value by company.
//   node --import tsx scripts/audit-report.ts [--source DIR] [--out FILE]
// DIR: the corpus (holds sec/companyfacts.zip; default TENK_TEST_DATA, else ../shared/data).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ALLOWED, auditCorpus, CHECK_NAMES, MAX_RATE, MIN_FY, type AuditResult, type CheckName, type Failure } from '../test/support/consistency-audit.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each identity checks (docs/xbrl.md, "Consistency audit", states the rules and decisions). */
const DESCRIPTIONS: Record<CheckName, string> = {
  'balance': 'total assets = total liabilities + total equity (+ mezzanine equity), within 0.1 %',
  'current-within-total': 'current assets ≤ total assets, current liabilities ≤ total liabilities',
  'quarters-sum': 'Q1 + Q2 + Q3 + Q4 = FY for revenue, net income, operating cash flow, capex, dividends paid (years restated by a later filing excluded)',
  'gross-profit': 'gross profit = revenue − cost of revenue where all three are reported',
  'eps-x-shares': 'net income ≈ diluted EPS × diluted shares',
  'signs': 'outflows ≤ 0, share counts and total assets > 0, no derived negative revenue',
  'fiscal-years': 'consecutive fiscal-year labels, one annual record each',
  'annual-dates': 'annual periods a year long and a year apart',
  'quarter-lengths': 'quarters of 12–17 weeks',
  'zero-has-fact': 'every 0 backed by a reported 0 (or reported inputs)',
  'currency': "the statements' currency carries the filer's Assets and diluted EPS units",
  'cash-vs-cash-flow': "balance-sheet cash within the cash-flow statement's ending cash",
  'capex-closes-investing': 'capex is a line that closes the investing section where a candidate does',
  'pretax-identity': 'pre-tax income − income tax = income from continuing operations (or net income less discontinued operations), allowing for equity-method income and noncontrolling interests',
  'revenue-definition': 'one revenue definition over time (no change of concept to one reporting another amount)',
  'operating-vintage': 'revenue − operating expenses = operating income (or via cost of revenue or gross profit) where the three come from different filings',
  'periodic-source': 'a value taken from a non-periodic filing (an 8-K recast) is marked so in its provenance, and no candidate concept of its field has a periodic filing\'s fact for the period',
  'revenue-statement-line': "revenue is the income statement's line: no larger revenue concept of the served value's own filing closes with that filing's lines (gross profit + cost of revenue, operating income + operating expenses or costs and expenses) while the served value does not",
  'receivables-line': "served receivables are a line of the balance sheet of the filing they come from: that filing's current lines (cash, short-term investments, inventories, prepaid and other current assets, deferred taxes, assets held for sale, income taxes receivable) do not add up to its current assets without them (and with them not too)",
  'revenue-basis': 'revenue on one basis over time (fiscal 2010 onward): no move of more than 40 % between adjacent years without an acquisition or disposal (total assets −20 %/+25 %) while another measure of the same revenue (a revenue concept reported for both years, or gross profit + cost of revenue) that equals the served revenue of one of the two years moves by less than 20 %',
};

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((n / d) * 100).toFixed(2)} %`);

function byCompany(list: readonly Failure[]): Array<[string, Failure[]]> {
  const by = new Map<string, Failure[]>();
  for (const f of list) {
    const key = `${f.company} (${f.cik})`;
    by.set(key, [...(by.get(key) ?? []), f]);
  }
  return [...by.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

function findings(title: string, list: readonly Failure[]): string[] {
  if (list.length === 0) return [];
  const out = [`${title}:`, '', '| company (CIK) | period | field | detail |', '|---|---|---|---|'];
  for (const [company, fs] of byCompany(list)) {
    for (const f of [...fs].sort((a, b) => a.period.localeCompare(b.period) || a.field.localeCompare(b.field))) {
      out.push(`| ${cell(company)} | ${cell(f.period)} | ${cell(f.field)} | ${cell(f.detail)} |`);
    }
  }
  out.push('');
  return out;
}

export function renderReport(result: AuditResult, corpus: string): string {
  const out: string[] = [
    '# Consistency audit: findings by company',
    '',
    '<!-- Generated by scripts/audit-report.ts; do not edit by hand. -->',
    `Generated by \`node --import tsx scripts/audit-report.ts\` from \`${corpus}\`: the identities of`,
    '`test/support/consistency-audit.ts` (asserted by `test/xbrl-consistency.test.ts`) over every',
    `standardized company, fiscal ${MIN_FY} onward. The rules, thresholds and decisions are in`,
    'docs/xbrl.md, "Consistency audit". Regenerate after a change to standardization or to the corpus.',
    '',
    `Companies standardized: ${result.companies}; not standardized: ${result.skipped.length}${result.skipped.length ? ` (${result.skipped.join('; ')})` : ''}.`,
    '',
    '| identity | values checked | failures | rate | max rate (test) | companies | excluded |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const name of CHECK_NAMES) {
    const c = result.checks.get(name)!;
    const companies = new Set(c.failures.map((f) => f.cik)).size;
    out.push(`| ${name} | ${c.checked.toLocaleString('en-US')} | ${c.failures.length} | ${pct(c.failures.length, c.checked)} | ${(MAX_RATE[name] * 100).toFixed(2)} % | ${companies} | ${c.excluded.length} |`);
  }
  out.push('', 'Excluded: values on the allow-list of filer problems and calendar events left as filed, and');
  out.push('annual sums of years a later filing restated (quarters-sum). Allow-list:', '');
  for (const a of ALLOWED) out.push(`- ${a.cik} ${a.check} ${a.period} ${a.field}: ${a.why}`);
  out.push('');
  for (const name of CHECK_NAMES) {
    const c = result.checks.get(name)!;
    if (c.failures.length === 0 && c.excluded.length === 0) continue;
    out.push(`## ${name}`, '', `${DESCRIPTIONS[name]}. ${c.failures.length} of ${c.checked.toLocaleString('en-US')} failed (${pct(c.failures.length, c.checked)}), ${c.excluded.length} excluded.`, '');
    out.push(...findings('Failures', c.failures), ...findings('Excluded', c.excluded));
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { source: { type: 'string' }, out: { type: 'string' } } });
  const source = path.resolve(values.source ?? process.env.TENK_TEST_DATA ?? path.join(root, '../shared/data'));
  const zip = path.join(source, 'sec', 'companyfacts.zip');
  if (!fs.existsSync(zip)) throw new Error(`no corpus at ${zip} (give --source DIR)`);
  const outFile = path.resolve(values.out ?? path.join(root, 'docs', 'reports', 'consistency-audit.md'));
  const result = await auditCorpus(zip);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, renderReport(result, 'sec/companyfacts.zip'));
  console.log(`wrote ${path.relative(process.cwd(), outFile)} (${result.companies} companies)`);
}

await main();
