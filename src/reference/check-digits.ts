// Check digits of securities identifiers: CUSIP (modulus 10, "double add double") and ISIN
// (Luhn over the letters expanded to numbers). A US or CA ISIN wraps a CUSIP.

function charValue(ch: string): number {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55; // A = 10
  if (ch === '*') return 36;
  if (ch === '@') return 37;
  if (ch === '#') return 38;
  return -1;
}

/** The 9th character of a CUSIP from its first 8, or null when the input is not 8 valid characters. */
export function cusipCheckDigit(base8: string): string | null {
  const s = base8.toUpperCase();
  if (s.length !== 8) return null;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    let v = charValue(s[i] as string);
    if (v < 0) return null;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidCusip(cusip: string): boolean {
  const s = cusip.toUpperCase();
  return /^[0-9A-Z*@#]{8}[0-9]$/.test(s) && cusipCheckDigit(s.slice(0, 8)) === s[8];
}

/** The 12th character of an ISIN from its first 11, or null when the input is malformed. */
export function isinCheckDigit(base11: string): string | null {
  const s = base11.toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]{9}$/.test(s)) return null;
  let digits = '';
  for (const ch of s) digits += String(charValue(ch));
  // Luhn: double every second digit counting from the rightmost digit of the payload.
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidIsin(isin: string): boolean {
  const s = isin.toUpperCase();
  return /^[A-Z]{2}[0-9A-Z]{9}[0-9]$/.test(s) && isinCheckDigit(s.slice(0, 11)) === s[11];
}

/** The ISIN of a US or CA security from its 9-character CUSIP. */
export function isinFromCusip(cusip: string, country: 'US' | 'CA' = 'US'): string | null {
  if (!isValidCusip(cusip)) return null;
  const base = `${country}${cusip.toUpperCase()}`;
  const check = isinCheckDigit(base);
  return check === null ? null : base + check;
}

/** The CUSIP inside a US or CA ISIN, or null for other countries or invalid input. */
export function cusipFromIsin(isin: string): string | null {
  const s = isin.toUpperCase();
  if (!isValidIsin(s) || !(s.startsWith('US') || s.startsWith('CA'))) return null;
  const cusip = s.slice(2, 11);
  return isValidCusip(cusip) ? cusip : null;
}
