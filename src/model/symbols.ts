// Symbol and security-name rules of the ticker universe: one symbol convention (SEC's: uppercase,
// share class after '-', e.g. BRK-B, BAC-PB, AACT-UN), security type from names and flags, and the
// issuer part of a directory security name. Pure functions; the same input always maps the same way.

export type SecurityType =
  | 'common stock' | 'ETF' | 'ETN' | 'preferred stock' | 'warrant' | 'unit' | 'right'
  | 'ADR' | 'debt' | 'limited partnership';

/** Canonical ticker form for look-ups: uppercase, share-class separators '.' and '/' become '-'. */
export function normalizeTicker(s: string): string {
  return s.trim().toUpperCase().replace(/[./]/g, '-');
}

/**
 * Directory (ACT/CQS) symbol -> SEC convention. ABR$D -> ABR-PD (preferred series D), ABR$ -> ABR-P,
 * BRK.B -> BRK-B, AACT.U -> AACT-UN, AACT.W / .WS -> AACT-WT, XYZ.R / .RT -> XYZ-RI. Already
 * SEC-style or plain symbols pass through uppercased. Also used on user input (BRK.B, brk/b) and
 * screener files (ABR^D -> ABR-PD).
 */
export function normalizeSymbol(raw: string): string {
  let s = raw.trim().toUpperCase().replace(/\s+/g, '');
  s = s.replace(/[/]/g, '.').replace(/\^/g, '$'); // screener spellings: BRK/B, ABR^D
  const pref = /^([A-Z0-9.]+?)\$([A-Z]*)(?:\.([A-Z]+))?$/.exec(s);
  if (pref) {
    const base = (pref[1] as string).replace(/\./g, '-');
    return `${base}-P${pref[2] ?? ''}${pref[3] ? `-${pref[3]}` : ''}`;
  }
  const dot = /^([A-Z0-9]+)[.-]([A-Z0-9.]+)$/.exec(s);
  if (dot) {
    const base = dot[1] as string;
    const suffix = (dot[2] as string).replace(/\./g, '-');
    const mapped = suffix === 'U' ? 'UN' : suffix === 'W' || suffix === 'WS' ? 'WT' : suffix === 'R' || suffix === 'RT' ? 'RI' : suffix;
    return `${base}-${mapped}`;
  }
  return s;
}

/** The part before the first '-' (BRK-B -> BRK); the symbol itself when it has no suffix. */
export function baseSymbol(symbol: string): string {
  const i = symbol.indexOf('-');
  return i > 0 ? symbol.slice(0, i) : symbol;
}

/** The single-letter share class after '-' (BRK-B -> B), or null (BAC-PB, AACT-UN have none). */
export function shareClass(symbol: string): string | null {
  const m = /^[A-Z0-9]+-([A-Z])$/.exec(symbol);
  return m ? (m[1] as string) : null;
}

/** Security type from the directory's ETF flag and security name (first matching rule wins). */
export function classifySecurity(securityName: string, etf: boolean, symbol: string): SecurityType {
  const n = securityName;
  if (etf) return /\bETNs?\b|exchange[- ]traded notes?/i.test(n) ? 'ETN' : 'ETF';
  if (/\bunits?\b/i.test(n) && /consisting of|each unit|\bunits?,? each\b|units? \(/i.test(n)) return 'unit';
  if (/\bwarrants?\b/i.test(n)) return 'warrant';
  if (/\brights?\b/i.test(n) && !/\bwith rights\b/i.test(n)) return 'right';
  if (/\b(preferred|preference|pfd|perp(etual)? (hybrid|sub|debt|pfd)|trust preferred|quips|toprs)\b/i.test(n)) return 'preferred stock';
  if (/\b(notes?|debentures?|bonds?)\b.*\bdue\b|\bsenior notes\b|\bsubordinated (notes|debentures)\b|\bdebentures?\b/i.test(n)) return 'debt';
  if (/\bETNs?\b|exchange[- ]traded notes?/i.test(n)) return 'ETN';
  if (/american depositary|american depository|\bADS\b|\bADRs?\b|depositary receipt/i.test(n)) return 'ADR';
  if (/\b(common units?|limited partner(ship)? interests?|partnership units|L\.?P\.? .*\bunits\b)/i.test(n)) return 'limited partnership';
  if (/\bunits?\b$/i.test(n)) return 'unit';
  return typeFromSymbol(symbol) ?? 'common stock';
}

/** Type implied by an SEC-style suffix alone (-P* preferred, -WT warrant, -UN unit, -RI right), or null. */
export function typeFromSymbol(symbol: string): SecurityType | null {
  const m = /-([A-Z]+)$/.exec(symbol);
  if (!m) return null;
  const suffix = m[1] as string;
  if (/^P[A-Z]?$/.test(suffix)) return 'preferred stock';
  if (suffix.startsWith('WT') || suffix === 'WS') return 'warrant';
  if (suffix === 'UN' || suffix === 'U') return 'unit';
  if (suffix === 'RI' || suffix === 'RT') return 'right';
  return null;
}

// Words at which a directory security name stops naming the issuer and starts naming the security.
const SECURITY_PART = new RegExp(
  [
    String.raw`\s+-\s+`,
    String.raw`\s+(New\s+)?(Class\s+[A-Z0-9]+\s+)?(\(?(voting|non-?voting)\)?\s+)?(Common|Ordinary|Capital)\s+(Stock|Shares?|Units?)\b`,
    String.raw`\s+Class\s+[A-Z0-9]\b`,
    String.raw`\s+Series\s+[A-Z0-9]+\b`,
    String.raw`\s+(American|Global)\s+Deposit[ao]ry\b`,
    String.raw`\s+Deposit[ao]ry\s+(Shares?|Receipts?)\b`,
    String.raw`\s+Dep\s+Sh`,
    String.raw`\s+\d+(\.\d+)?\s?%`,
    String.raw`\s+\$\d`,
    String.raw`\s+(Warrants?|Rights?|Units?|Subunits?)\b`,
    String.raw`\s+(Cumulative|Non-?Cumulative|Preferred|Perpetual|Pfd|Senior|Subordinated|Fixed|Floating)\b`,
    String.raw`\s+(Common|Ordinary)\s*$`,
    String.raw`\s+ADS\b`,
    String.raw`\s+Shares\s+of\s+Beneficial`,
  ].join('|'),
  'i',
);

/** Issuer part of a directory security name ("Apple Inc. - Common Stock" -> "Apple Inc."). */
export function issuerName(securityName: string): string {
  const s = securityName.replace(/\s+/g, ' ').trim();
  const m = SECURITY_PART.exec(s);
  const cut = m && m.index > 0 ? s.slice(0, m.index) : s;
  const name = cut.replace(/[\s,;(-]+$/, '').trim() || s;
  // "Boeing Company (The)" -> "The Boeing Company"
  const the = /^(.*\S)\s*\(The\)$/i.exec(name);
  return the ? `The ${the[1]}` : name;
}

/** Display name of a ticker record: the issuer for shares of the company itself, else the full security name. */
export function displayName(securityName: string, type: SecurityType): string {
  if (type === 'common stock' || type === 'ADR' || type === 'limited partnership') return issuerName(securityName);
  return securityName.replace(/\s+/g, ' ').trim();
}
