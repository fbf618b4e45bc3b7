// Parameter validation generated from registry ParamDefs: raw strings in, typed values out, or
// an ApiError(parameter_invalid) naming the parameter (v2 renders it as 422, v3 as 400).
import { ApiError } from './errors.js';
import type { EndpointDef, ParamDef, ParamValue, ParamValues } from './endpoint-types.js';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INT_RE = /^[+-]?\d+$/;
const NUM_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isValidDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const y = Number(m[1]); const mo = Number(m[2]); const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const dim = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= dim;
}

function invalid(def: ParamDef, message: string): ApiError {
  return new ApiError('parameter_invalid', message, def.name);
}

function rangeText(def: ParamDef): string {
  if (def.min !== undefined && def.max !== undefined) return ` between ${def.min} and ${def.max}`;
  if (def.min !== undefined) return ` of at least ${def.min}`;
  if (def.max !== undefined) return ` of at most ${def.max}`;
  return '';
}

/** Parse one raw value; throws ApiError(parameter_invalid). */
export function parseParam(def: ParamDef, raw: string): ParamValue {
  switch (def.type) {
    case 'string': {
      if (def.minLength !== undefined && raw.length < def.minLength) throw invalid(def, `${def.name} must have at least ${def.minLength} characters`);
      if (def.maxLength !== undefined && raw.length > def.maxLength) throw invalid(def, `${def.name} must have at most ${def.maxLength} characters`);
      if (def.pattern && !def.pattern.test(raw)) throw invalid(def, `${def.name} is not in the expected form`);
      return raw;
    }
    case 'enum': {
      const values = def.values ?? [];
      const lower = raw.toLowerCase();
      const hit = values.find((v) => v.toLowerCase() === lower);
      if (hit === undefined) throw invalid(def, `${def.name} must be one of ${values.join(', ')} (got '${clip(raw)}')`);
      return hit;
    }
    case 'integer': {
      const n = INT_RE.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || (def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
        throw invalid(def, `${def.name} must be an integer${rangeText(def)} (got '${clip(raw)}')`);
      }
      return n;
    }
    case 'number': {
      const n = NUM_RE.test(raw) ? Number(raw) : NaN;
      if (!Number.isFinite(n) || (def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
        throw invalid(def, `${def.name} must be a number${rangeText(def)} (got '${clip(raw)}')`);
      }
      return n;
    }
    case 'boolean': {
      const l = raw.toLowerCase();
      if (l === 'true' || l === '1') return true;
      if (l === 'false' || l === '0') return false;
      throw invalid(def, `${def.name} must be true or false (got '${clip(raw)}')`);
    }
    case 'date': {
      if (!isValidDate(raw)) throw invalid(def, `${def.name} must be a date in the form YYYY-MM-DD (got '${clip(raw)}')`);
      return raw;
    }
  }
}

/** Echo at most 40 characters of a rejected value, without control characters. */
function clip(raw: string): string {
  const s = raw.replace(/[\u0000-\u001f\u007f]/g, '?');
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * Validate every declared parameter. Path and query values arrive as strings (a query value
 * given twice arrives as an array and is rejected). Empty query values count as absent.
 * Undeclared query parameters are ignored.
 */
export function parseParams(
  defs: readonly ParamDef[],
  pathParams: Readonly<Record<string, string | undefined>>,
  query: Readonly<Record<string, unknown>>,
): Record<string, ParamValue | undefined> {
  const out: Record<string, ParamValue | undefined> = {};
  for (const def of defs) {
    let raw: unknown = def.in === 'path' ? pathParams[def.name] : query[def.name];
    if (Array.isArray(raw)) throw invalid(def, `${def.name} must be given at most once`);
    if (raw === '' ) raw = undefined;
    if (raw === undefined) {
      if (def.required) throw invalid(def, `${def.name} is required`);
      out[def.name] = def.default;
      continue;
    }
    out[def.name] = parseParam(def, String(raw));
  }
  return out as ParamValues as Record<string, ParamValue | undefined>;
}

/** An endpoint's params: each declared param, then the entry's cross-parameter rule (throws the ApiError). */
export function parseEndpointParams(
  e: EndpointDef, pathParams: Readonly<Record<string, string | undefined>>, query: Readonly<Record<string, unknown>>,
): ParamValues {
  const params = parseParams(e.params, pathParams, query);
  const crossErr = e.validate?.(params);
  if (crossErr) throw crossErr;
  return params;
}
