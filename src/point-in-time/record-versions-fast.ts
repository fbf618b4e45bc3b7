// The versions of a company's records computed the way computeRecordVersions (record-versions.ts,
// the plain reference) computes them, at less cost; the build runs this one. The same states
// (standardized and derived as an `as_of` of each filing date is) compared the same way, with:
// - the facts as of each day from DatedViews (only the columns a day's filings touch are
//   filtered again, the others are the same objects as the day before);
// - each day standardized with the memo of the day before (standardize-memo.ts): only the fiscal
//   years the day's new facts can change are resolved again, the others keep their records (the
//   same objects); and derived with its memo (derive-memo.ts): only the periods whose inputs
//   changed are derived again, the others keep their derived records, so comparing them with the
//   day before is an identity check;
// - the stored provenance of two records compared field by field (sameJson) instead of as two
//   JSON texts per record (that was a third of the reference's time).
// A case test (record-versions-fast.test.ts) runs both on real companies and requires identical
// versions and provenance. Pure and synchronous (it runs in the ingest's workers).
import type { CompanyFactsView } from '../sources/companyfacts-reader.js';
import type { MarketData } from '../market/market-data.js';
import type { PeriodRecord, Provenance } from '../model/record-types.js';
import { recordsOfView } from './records-at.js';
import { filingDates } from '../xbrl/point-in-time-view.js';
import { CONCEPT_ONLY_PROVENANCE } from '../dataset/codecs/record-render.js';
import { dayState, sameRecord, versionsOverStates, type CompanyVersions } from './record-versions.js';
import { DatedViews } from './dated-views.js';
import { sameJson } from './json-equal.js';
import { StandardizeMemo } from '../xbrl/standardize-memo.js';
import { DeriveMemo } from '../metrics/derive-memo.js';

/** Whether the JSON text of storedProvenance (record-render.ts, the same rule) writes the
 *  provenance `p` of `field`: storedProvenance keeps it, and it is not undefined (JSON leaves an
 *  undefined property out). */
function kept(r: PeriodRecord, withConcept: boolean, field: string, p: Provenance | undefined): boolean {
  const v = r.values[field];
  if (v === null || v === undefined) return p!.nullReason === true;
  return !(withConcept && p!.concept === undefined) && p !== undefined;
}

/** sameProvenance of the reference (the JSON texts of both stored provenances equal), without the texts. */
export function sameStoredProvenance(a: PeriodRecord, b: PeriodRecord): boolean {
  // a record's type is part of its key: both records have the same
  const withConcept = CONCEPT_ONLY_PROVENANCE.has(a.recordType);
  const ap = a.provenance, bp = b.provenance;
  const ak = Object.keys(ap), bk = Object.keys(bp);
  let i = 0, j = 0;
  for (;;) {
    while (i < ak.length && !kept(a, withConcept, ak[i]!, ap[ak[i]!]!)) i++;
    while (j < bk.length && !kept(b, withConcept, bk[j]!, bp[bk[j]!]!)) j++;
    if (i === ak.length || j === bk.length) return i === ak.length && j === bk.length;
    if (ak[i] !== bk[j] || !sameJson(ap[ak[i]!], bp[bk[j]!])) return false;
    i++;
    j++;
  }
}

/** computeRecordVersions (record-versions.ts), cheaper: the same versions. */
export function computeRecordVersionsFast(view: CompanyFactsView, fiscalYearEnd: string | null, market: MarketData | null): CompanyVersions {
  const views = new DatedViews(view);
  const memos = { standardize: new StandardizeMemo(), derive: new DeriveMemo() };
  // equal values: the same provenance object (derived records share one per set of non-null
  // fields) keeps the same fields, so it is the same stored provenance
  return versionsOverStates(filingDates(view), (day) => {
    const known = views.at(day);
    memos.standardize.advance(views.changedEnds());
    return dayState(recordsOfView(known, fiscalYearEnd, market, day, memos));
  }, (a, b) => a === b || (sameRecord(a, b) && (a.provenance === b.provenance || sameStoredProvenance(a, b))));
}
