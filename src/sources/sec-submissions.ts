// Reader for SEC submissions JSON (data.sec.gov/submissions/CIK##########.json): the filer's
// profile fields, typed; the filing history is dropped. No business rules: values as filed.
import { padCik } from '../model/cik.js';
import { invalid, JsonScanner, LBRACE, RBRACE } from './json-scan.js';

export interface SecAddress {
  street1: string | null;
  street2: string | null;
  city: string | null;
  stateOrCountry: string | null;
  zipCode: string | null;
  country: string | null;
}

export interface SecFormerName {
  name: string;
  from: string | null;
  to: string | null;
}

export interface SecFiler {
  /** 10-digit zero-padded CIK. */
  cik: string;
  name: string | null;
  tickers: string[];
  exchanges: string[];
  entityType: string | null;
  sic: string | null;
  sicDescription: string | null;
  category: string | null;
  /** MMDD, e.g. "0926"; null when the filer has none. */
  fiscalYearEnd: string | null;
  stateOfIncorporation: string | null;
  ein: string | null;
  description: string | null;
  website: string | null;
  investorWebsite: string | null;
  phone: string | null;
  businessAddress: SecAddress | null;
  mailingAddress: SecAddress | null;
  formerNames: SecFormerName[];
}

function str(v: unknown): string | null {
  if (typeof v === 'string') {
    const t = v.trim();
    return t.length > 0 ? t : null;
  }
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function strList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => str(x) ?? '').filter((x) => x.length > 0) : [];
}

function address(v: unknown): SecAddress | null {
  if (!v || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  const out: SecAddress = {
    street1: str(a.street1), street2: str(a.street2), city: str(a.city),
    stateOrCountry: str(a.stateOrCountry), zipCode: str(a.zipCode),
    country: str(a.country) ?? str(a.stateOrCountryDescription),
  };
  return Object.values(out).some((x) => x !== null) ? out : null;
}

/** A CIK given as a number or a string of digits, padded to 10 digits; null when it is not a CIK. */
export function padCikValue(v: unknown): string | null {
  return padCik(typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '');
}

/**
 * The filer of one submissions JSON. `fallbackCik` (from the file name) is used when the JSON
 * carries none. Throws when the JSON is not a submissions object.
 */
export function parseSubmission(json: unknown, fallbackCik: string): SecFiler {
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('not a submissions JSON object');
  const j = json as Record<string, unknown>;
  const cik = padCikValue(j.cik) ?? fallbackCik;
  const fye = str(j.fiscalYearEnd);
  const addresses = (j.addresses && typeof j.addresses === 'object' ? j.addresses : {}) as Record<string, unknown>;
  const formerNames: SecFormerName[] = Array.isArray(j.formerNames)
    ? j.formerNames.flatMap((f) => {
      const r = (f ?? {}) as Record<string, unknown>;
      const name = str(r.name);
      return name ? [{ name, from: str(r.from)?.slice(0, 10) ?? null, to: str(r.to)?.slice(0, 10) ?? null }] : [];
    })
    : [];
  return {
    cik,
    name: str(j.name),
    tickers: strList(j.tickers),
    exchanges: strList(j.exchanges),
    entityType: str(j.entityType),
    sic: str(j.sic),
    sicDescription: str(j.sicDescription),
    category: str(j.category),
    fiscalYearEnd: fye && /^\d{4}$/.test(fye) ? fye : null,
    stateOfIncorporation: str(j.stateOfIncorporation),
    ein: str(j.ein),
    description: str(j.description),
    website: str(j.website),
    investorWebsite: str(j.investorWebsite),
    phone: str(j.phone),
    businessAddress: address(addresses.business),
    mailingAddress: address(addresses.mailing),
    formerNames,
  };
}

/**
 * A submissions file's top-level object without its filing history: every member but "filings"
 * parsed, "filings" only checked (most of the file's bytes). Null when the file must be parsed
 * whole instead (not an object, invalid JSON, a repeated key).
 */
export function readSubmissionJson(bytes: Buffer): Record<string, unknown> | null {
  try {
    return new ProfileReader(bytes).document();
  } catch {
    return null;
  }
}

class ProfileReader extends JsonScanner {
  document(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.ws();
    this.expect(LBRACE);
    this.ws();
    if (this.b[this.i] !== RBRACE) {
      for (;;) {
        const key = this.key();
        if (seen.has(key) || key === '__proto__') throw invalid;
        seen.add(key);
        this.ws();
        const start = this.i;
        this.value();
        if (key !== 'filings') out[key] = JSON.parse(this.textOf(start, this.i));
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
    this.ws();
    if (this.i !== this.b.length) throw invalid;
    return out;
  }
}
