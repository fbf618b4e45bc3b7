// SEC Central Index Keys: the 10-digit zero-padded form every table and response uses.

/** A CIK of 1 to 10 digits padded to 10; null when the string is not all digits. */
export function padCik(s: string): string | null {
  return /^\d{1,10}$/.test(s) ? s.padStart(10, '0') : null;
}
