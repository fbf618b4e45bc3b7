// Build step of the screener's tables (dataset/tables/screen-table.ts): runs last, over the
// finished records and reference tables, so a full build and every `tenk sync` rebuild (carried-over
// companies included) write them from the same records the API serves. On a dataset with record
// versions (`--versions`) it also writes the screen versions (dataset/tables/screen-versions-table.ts)
// from the finished records and record_versions, for as_of screens in SQL.
import type { BuildStep } from './build-step.js';
import { SCREEN_DDL, SCREEN_LATE_DDL, writeScreenTables } from '../dataset/tables/screen-table.js';
import { writeScreenVersionsTable } from '../dataset/tables/screen-versions-table.js';

export const screenStep: BuildStep = {
  name: 'screen',
  ddl: SCREEN_DDL,
  lateDdl: SCREEN_LATE_DDL,
  async run(ctx) {
    // an incremental build copies the rows of the companies whose records it carried over
    const carried = ctx.carryOver ? ctx.handoffs.carriedCompanies.find() : undefined;
    const s = writeScreenTables(ctx.dataset, carried && carried.size > 0 ? { fromPath: ctx.carryOver!.fromPath, ciks: carried } : null);
    if (s.carried > 0) ctx.report.note(`screen rows of companies carried over from the previous dataset: ${s.carried} companies (shared-field disagreements are checked on the companies built)`);
    ctx.report.count('screen rows', s.rows.annual + s.rows.quarterly + s.rows.ttm);
    ctx.report.count('screen companies', s.companies);
    for (const d of s.disagreements) ctx.report.note(`screen: shared field differs between record types: ${d}`);
    const v = writeScreenVersionsTable(ctx.dataset);
    if (v !== null) ctx.report.count('screen versions', v.annual + v.quarterly + v.ttm);
  },
};
