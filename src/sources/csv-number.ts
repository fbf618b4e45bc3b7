// A number field of a CSV line read in place (no substring): exactly the value `+text` gives,
// or null where `+text` is empty, NaN or infinite. Plain decimals whose digits form an integer
// below 2^53 (any 15 digits, most 16) with at most 22 decimals are read from their digits:
// mantissa and power of ten are both exact doubles, so one division rounds correctly, as the
// JavaScript parser does; any other form is handed to the JavaScript parser.

const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
/** The mantissa grows monotonically, so a final value below 2^53 means every step was exact. */
const MAX_EXACT = 2 ** 53;
const MAX_DECIMALS = 22;

function slow(text: string, start: number, end: number): number | null {
  const n = +text.slice(start, end);
  return n === n && n !== Infinity && n !== -Infinity ? n : null;
}

/** The number in text[start, end), null for an empty field or one that is not a finite number. */
export function csvNumber(text: string, start: number, end: number): number | null {
  if (start >= end) return null;
  let i = start;
  const negative = text.charCodeAt(i) === 45; // '-'
  if (negative) i++;
  let mantissa = 0;
  let digits = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) { // '.'
      decimals = 0;
    } else {
      return slow(text, start, end);
    }
  }
  if (digits === 0 || mantissa >= MAX_EXACT || decimals > MAX_DECIMALS) return slow(text, start, end);
  const value = decimals > 0 ? mantissa / POW10[decimals]! : mantissa;
  return negative ? -value : value;
}
