// Build step for earnings-call transcripts: matches each call of transcripts/ to a dataset
// company by ticker, places it in the company's fiscal calendar (tenk's records, or calendar
// quarters for a December year-end filer without records), checks the corpus label against the
// text, and dates it from the company's Item 2.02 8-K (docs/ingest.md, Transcripts). Invariant: one
// call per company and fiscal quarter; a call that cannot be placed is skipped with its reason.
import type { BuildContext, BuildStep } from './build-step.js';
import { readTranscriptCorpus, type TranscriptLine } from '../sources/transcript-corpus.js';
import { listCikFiles, type CikFileSource } from '../sources/sec-cik-files.js';
import { readCurrentReports, type FilingHistory } from '../sources/earnings-call-filings.js';
import { normalizeTicker } from '../model/symbols.js';
import { readCallPeriod, releaseTiming } from '../reference/transcript-periods.js';
import { FiscalQuarterCalendar } from '../reference/earnings-call-calendar.js';
import { callDate, matchRelease } from '../reference/earnings-call-dates.js';
import { decideCallPeriod, type LabelDecision } from '../reference/transcript-labels.js';
import {
  EARNINGS_CALL_DDL, callCompaniesByTicker, recordQuarters, writeEarningsCalls,
  type CallCompany, type EarningsCallRow,
} from '../dataset/tables/earnings-call-table.js';

const NO_HISTORY: FilingHistory = { reports: [], earliestFiling: null };
/** Which call wins a fiscal quarter two calls are placed in: the better-evidenced label. */
const PRECEDENCE: Readonly<Record<LabelDecision['kind'], number>> = { confirmed: 0, corrected: 1, unchecked: 2, kept: 3 };

function subject(c: TranscriptLine): string {
  return `transcript ${c.symbol} ${c.fiscalYear} Q${c.fiscalQuarter} (line ${c.line})`;
}

/** The company's calendar: its quarterly records, else calendar quarters when its fiscal year ends in December. */
function calendarOf(ctx: BuildContext, company: CallCompany, calls: readonly TranscriptLine[]): FiscalQuarterCalendar | null {
  const held = company.hasFacts ? recordQuarters(ctx.dataset, company.cik) : [];
  if (held.length > 0) return new FiscalQuarterCalendar(held);
  if (company.fiscalYearEnd?.startsWith('12')) {
    const years = calls.map((c) => c.fiscalYear);
    return FiscalQuarterCalendar.calendarYears(Math.min(...years) - 1, Math.max(...years) + 1);
  }
  return null;
}

function historyOf(ctx: BuildContext, source: CikFileSource | undefined): FilingHistory {
  if (!source) return NO_HISTORY;
  try {
    return readCurrentReports(source.readSync());
  } catch (err) {
    ctx.report.note(`transcripts: ${source.origin} unreadable, its calls are undated (${err instanceof Error ? err.message : String(err)})`);
    return NO_HISTORY;
  }
}

interface Placed { row: EarningsCallRow; decision: LabelDecision; call: TranscriptLine; timing: 'same-day' | 'day-before'; release: ReturnType<typeof matchRelease>['kind'] }

/** The calls of one company, placed, dated and checked; one per fiscal quarter. */
function placeCompanyCalls(ctx: BuildContext, company: CallCompany, calls: readonly TranscriptLine[], history: FilingHistory): Placed[] {
  const calendar = calendarOf(ctx, company, calls);
  if (!calendar) {
    for (const c of calls) ctx.report.skip(subject(c), 'no fiscal calendar: the company has no quarterly records and its fiscal year does not end in December');
    return [];
  }
  const releaseKind = (p: { year: number; quarter: number }) => {
    const end = calendar.endOf(p.year, p.quarter);
    return end === null ? 'beyond-history' as const : matchRelease(history, end).kind;
  };
  const byQuarter = new Map<string, Placed>();
  for (const c of calls) {
    const decision = decideCallPeriod({ year: c.fiscalYear, quarter: c.fiscalQuarter }, readCallPeriod(c.content), calendar, releaseKind);
    const { year, quarter } = decision.period;
    const end = calendar.endOf(year, quarter);
    if (end === null) {
      ctx.report.skip(subject(c), `the company's fiscal calendar does not place Q${quarter} ${year}`);
      continue;
    }
    const release = matchRelease(history, end);
    const timing = releaseTiming(c.content);
    const row: EarningsCallRow = {
      cik: company.cik, fiscalYear: year, fiscalQuarter: quarter,
      symbol: company.ticker ?? normalizeTicker(c.symbol), sourceSymbol: c.symbol,
      periodEnd: end, date: callDate(release, timing), releaseFilingDate: release.kind === 'found' ? release.filingDate : null,
      labelYear: c.fiscalYear, labelQuarter: c.fiscalQuarter, labelCheck: decision.kind,
      labelEvidence: decision.kind === 'corrected' ? decision.evidence : decision.kind === 'kept' ? `names Q${decision.named.quarter} ${decision.named.year}; ${decision.reason}` : null,
      content: c.content,
    };
    const placed: Placed = { row, decision, call: c, timing, release: release.kind };
    const key = `${year}Q${quarter}`;
    const held = byQuarter.get(key);
    if (held && PRECEDENCE[held.decision.kind] <= PRECEDENCE[decision.kind]) {
      ctx.report.skip(subject(c), `another call is served as ${year} Q${quarter} (${subject(held.call)}, label ${held.decision.kind})`);
      continue;
    }
    if (held) ctx.report.skip(subject(held.call), `another call is served as ${year} Q${quarter} (${subject(c)}, label ${decision.kind})`);
    byQuarter.set(key, placed);
  }
  return [...byQuarter.values()];
}

export const transcriptStep: BuildStep = {
  name: 'transcripts',
  ddl: EARNINGS_CALL_DDL,
  async run(ctx) {
    const corpus = readTranscriptCorpus(ctx.sourceDir);
    if (!corpus) {
      ctx.report.note('no transcripts/transcripts.jsonl(.gz): the earnings-call endpoints answer 404 for every company');
      ctx.report.count('earnings calls', 0);
      return;
    }
    for (const r of corpus.rejected) ctx.report.skip(`${corpus.file} line ${r.line}`, r.reason);
    ctx.report.count('transcripts read', corpus.calls.length);
    const companies = callCompaniesByTicker(ctx.dataset);
    const byCik = new Map<string, { company: CallCompany; calls: TranscriptLine[] }>();
    let unmatched = 0;
    for (const c of corpus.calls) {
      const company = companies.get(normalizeTicker(c.symbol));
      if (!company) {
        ctx.report.skip(subject(c), 'no company of the dataset has this ticker');
        unmatched += 1;
        continue;
      }
      const g = byCik.get(company.cik) ?? { company, calls: [] };
      g.calls.push(c);
      byCik.set(company.cik, g);
    }
    ctx.report.count('transcripts skipped (company not in the dataset)', unmatched);

    const submissions = await listCikFiles(ctx.sourceDir, 'submissions');
    const sources = new Map(submissions.sources.map((s) => [s.cik, s]));
    const rows: EarningsCallRow[] = [];
    const n = { confirmed: 0, corrected: 0, unchecked: 0, kept: 0, dated: 0, none: 0, beyond: 0, dayBefore: 0 };
    try {
      for (const { company, calls } of [...byCik.values()].sort((a, b) => (a.company.cik < b.company.cik ? -1 : 1))) {
        const history = historyOf(ctx, sources.get(company.cik));
        for (const p of placeCompanyCalls(ctx, company, calls, history)) {
          rows.push(p.row);
          n[p.decision.kind] += 1;
          if (p.row.date !== null) n.dated += 1;
          else if (p.release === 'none') n.none += 1;
          else n.beyond += 1;
          if (p.row.date !== null && p.timing === 'day-before') n.dayBefore += 1;
        }
      }
    } finally {
      submissions.close();
    }
    writeEarningsCalls(ctx.dataset, rows);
    ctx.report.count('earnings calls', rows.length);
    ctx.report.count('earnings call labels confirmed by the text', n.confirmed);
    ctx.report.count('earnings call labels corrected', n.corrected);
    ctx.report.count('earnings call labels unchecked (the text names no quarter and year)', n.unchecked);
    ctx.report.count('earnings call labels kept against the text (evidence not clear)', n.kept);
    ctx.report.count('earnings call dates derived', n.dated);
    ctx.report.count('earnings call dates derived as the day after the release', n.dayBefore);
    ctx.report.count('earnings call dates null (no Item 2.02 8-K in the window)', n.none);
    ctx.report.count('earnings call dates null (filing history does not reach the quarter)', n.beyond);
  },
};
