// The caches of point-in-time records, one set per dataset handle: a company's computed records per
// (CIK, as_of, first_filed), bounded in bytes, and the inputs (facts, market data) of a few companies.
import { BoundedLru } from '../model/bounded-lru.js';
import type { CompanyInputs } from './company-inputs.js';
import type { ComputedCompany } from './company-series.js';

/** Bytes of computed records kept per dataset handle (estimated per record). */
const RECORDS_CACHE_BYTES = 64 * 1024 * 1024;
/** Companies whose decoded facts and market data are kept (the inputs of several as_of dates). */
const INPUTS_CACHE_COMPANIES = 8;

export interface Caches { records: BoundedLru<Promise<ComputedCompany>>; inputs: BoundedLru<Promise<CompanyInputs>> }
const cachesByDataset = new WeakMap<object, Caches>();

export function cachesOf(dataset: object): Caches {
  let c = cachesByDataset.get(dataset);
  if (!c) cachesByDataset.set(dataset, (c = { records: new BoundedLru(RECORDS_CACHE_BYTES), inputs: new BoundedLru(INPUTS_CACHE_COMPANIES) }));
  return c;
}
