// Reads the fiscal quarter an earnings-call transcript says it discusses ("first quarter 2021",
// "fourth quarter and fiscal year 2019", "Q3 2020", "fiscal 2022 first quarter", "the quarter ended
// July 3, 2021") from its opening sentences that introduce the call, and whether the release came
// out the day before the call. Invariant: only sentences naming the call itself count (comparisons,
// outlooks and filing references are left out), and a period written ambiguously counts for nothing.

export interface QuarterName {
  year: number;
  quarter: number;
}

export interface CallPeriodText {
  /** The period of the first introducing mention; null when none names a quarter and a year. */
  topic: QuarterName | null;
  /** Introducing mentions that name the topic's period / another period. */
  agreeing: number;
  conflicting: number;
  /** A quarter end the opening states ("quarter ended July 3, 2021"), YYYY-MM-DD. */
  quarterEnd: string | null;
  /** The quarter named without a year ("Fourth Quarter Earnings Call"), when no topic has one. */
  quarterOnly: number | null;
  /** A full year named without a quarter ("Full Year 2019 Results Call"), when no topic has one. */
  fullYear: number | null;
  /** The sentence the topic (or quarter end) was read from, shortened, for reports. */
  evidence: string | null;
}

/** How much of the transcript's start is read: the operator's and host's introductions. */
export const OPENING_CHARS = 3000;

const Q_WORDS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const QW = '(first|second|third|fourth|1st|2nd|3rd|4th)[\\s-]+quarter';
// A year: 2019, fiscal 2019, fiscal year 2019, '19, FY19, FY 2019, FY'19.
const YEAR = "(?:(?:fiscal[\\s-]+(?:year[\\s-]+)?)?((?:19|20)\\d\\d)|(?:fiscal[\\s-]+(?:year[\\s-]+)?)?'(\\d\\d)|FY[\\s-]?'?((?:20)?\\d\\d))(?![\\d])";
// Words that may stand between a quarter and its year in a call's title.
const FILLER = '(?:[\\s,]+(?:and|&|the|full|year|year-end|end|fiscal|fiscal-year|full-year|annual|of|for|in|results?|financial|earnings|conference|call|calendar))*[\\s,]+';

const PATTERNS: ReadonlyArray<{ re: RegExp; quarter: (m: RegExpExecArray) => number; yearAt: number }> = [
  // first quarter 2021, fourth quarter and full year of fiscal 2019
  { re: new RegExp(`\\b${QW}${FILLER}${YEAR}`, 'gi'), quarter: (m) => Q_WORDS[m[1]!.toLowerCase()]!, yearAt: 2 },
  // 2019 fourth quarter, fiscal 2022 first-quarter
  { re: new RegExp(`\\b${YEAR}[\\s-]+(?:fiscal[\\s-]+)?${QW}`, 'gi'), quarter: (m) => Q_WORDS[m[4]!.toLowerCase()]!, yearAt: 1 },
  // Q4 2019, Q1 FY22, Q3 fiscal 2021, Q2 '21
  { re: new RegExp(`\\bQ([1-4])\\s*(?:of\\s+)?${YEAR}`, 'gi'), quarter: (m) => Number(m[1]), yearAt: 2 },
  // 2021 Q3, FY21 Q3
  { re: new RegExp(`\\b${YEAR}[\\s-]+Q([1-4])\\b`, 'gi'), quarter: (m) => Number(m[4]), yearAt: 1 },
];

const QUARTER_ENDED = /\bquarter(?:\s+and\s+(?:the\s+)?(?:full\s+|fiscal\s+)?year)?\s+ended\s+(?:on\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2}),?\s+((?:19|20)\d\d)\b/i;
const FULL_YEAR = /\b(?:full[\s-]year|fiscal[\s-]year|year[\s-]end)\s+(?:of\s+)?((?:19|20)\d\d)\b|\b((?:19|20)\d\d)\s+(?:full[\s-]year|year[\s-]end|annual|fiscal[\s-]year)\b/i;
const QUARTER_ONLY = new RegExp(`\\b${QW}\\b|\\bQ([1-4])\\b`, 'i');
// A year followed by another ("First Quarter 2020 -- 2021"): the speaker corrected themselves.
const SECOND_YEAR = /^\s*(?:--|-|–|—|to|\/|or|and)\s*(?:(?:19|20)\d\d|'\d\d)\b/i;

/** A sentence that introduces the call (names it or its results) ... */
const INTRODUCES = /\b(call|conference|webcast|teleconference|results|earnings release|broadcast)\b/i;
/** ... and does not compare, look ahead or cite a filing. */
const ASIDE = /\b(compar\w*|versus|vs\.?|last year|prior[\s-]year|year[\s-]ago|previous(?:ly)?|outlook|guidance|expect\w*|forecast\w*|quiet period|form 10-?[qk]|10-?[qk]|annual report|quarterly report|plan(?:s|ned)? to|effective|next|upcoming|scheduled)\b/i;

function yearOf(m: RegExpExecArray, at: number): number {
  const four = m[at];
  if (four !== undefined) return Number(four);
  const two = m[at + 1] ?? m[at + 2]!;
  return two.length === 4 ? Number(two) : 2000 + Number(two);
}

interface Mention extends QuarterName { at: number }

/** The quarter-and-year mentions of one sentence in order; ambiguous ones ("2020 -- 2021") dropped. */
export function quarterMentions(sentence: string): Mention[] {
  const out: Mention[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(sentence); m !== null; m = p.re.exec(sentence)) {
      if (SECOND_YEAR.test(sentence.slice(m.index + m[0].length))) continue;
      out.push({ at: m.index, year: yearOf(m, p.yearAt), quarter: p.quarter(m) });
    }
  }
  out.sort((a, b) => a.at - b.at);
  // One phrase can match two patterns ("fiscal 2022 first quarter 2022" is rare); keep distinct starts.
  return out.filter((m, i) => i === 0 || m.at !== out[i - 1]!.at);
}

/** The sentences of the opening that introduce the call. */
export function introducingSentences(content: string): string[] {
  return content.slice(0, OPENING_CHARS)
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && INTRODUCES.test(s) && !ASIDE.test(s));
}

function shorten(s: string): string {
  return s.length <= 160 ? s : `${s.slice(0, 157)}...`;
}

/** What the transcript's opening says about the period it discusses. */
export function readCallPeriod(content: string): CallPeriodText {
  const out: CallPeriodText = { topic: null, agreeing: 0, conflicting: 0, quarterEnd: null, quarterOnly: null, fullYear: null, evidence: null };
  for (const s of introducingSentences(content)) {
    for (const m of quarterMentions(s)) {
      if (out.topic === null) {
        out.topic = { year: m.year, quarter: m.quarter };
        out.evidence = shorten(s);
        out.agreeing = 1;
      } else if (m.year === out.topic.year && m.quarter === out.topic.quarter) {
        out.agreeing += 1;
      } else {
        out.conflicting += 1;
      }
    }
    if (out.quarterEnd === null) {
      const e = QUARTER_ENDED.exec(s);
      if (e) {
        out.quarterEnd = `${e[3]}-${String(MONTHS.indexOf(e[1]!.toLowerCase()) + 1).padStart(2, '0')}-${e[2]!.padStart(2, '0')}`;
        out.evidence ??= shorten(s);
      }
    }
    if (out.fullYear === null) {
      const y = FULL_YEAR.exec(s);
      if (y && !SECOND_YEAR.test(s.slice(y.index + y[0].length))) {
        out.fullYear = Number(y[1] ?? y[2]);
        if (out.topic === null) out.evidence = shorten(s);
      }
    }
    if (out.quarterOnly === null) {
      const q = QUARTER_ONLY.exec(s);
      if (q) out.quarterOnly = q[1] ? Q_WORDS[q[1].toLowerCase()]! : Number(q[2]);
    }
  }
  if (out.topic !== null) {
    out.quarterOnly = null;
    out.fullYear = null;
  }
  if (out.quarterEnd !== null && !/^\d{4}-\d{2}-\d{2}$/.test(out.quarterEnd)) out.quarterEnd = null;
  return out;
}

export type ReleaseTiming = 'same-day' | 'day-before';

const DAY_BEFORE = /\b(yesterday|last night|last evening)\b/i;
const RELEASE = /\b(release[ds]?|press release|announced|reported|issued|published|posted|results)\b/i;

/**
 * When the results came out relative to the call: 'day-before' when an opening sentence says the
 * release came out yesterday or last night ("our earnings release issued yesterday after the
 * close"), else 'same-day' (the release and the call on one day, the common case).
 */
export function releaseTiming(content: string): ReleaseTiming {
  for (const s of content.slice(0, OPENING_CHARS).split(/(?<=[.!?])\s+|\n+/)) {
    if (DAY_BEFORE.test(s) && RELEASE.test(s)) return 'day-before';
  }
  return 'same-day';
}
