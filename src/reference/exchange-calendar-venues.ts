// The map between exchange-calendar MICs and the exchange codes of the catalog (/v3.0.0/exchanges):
// a venue's operating MIC in exchanges.ts is the MIC its calendar is filed under. Invariant: one
// catalog code per MIC and back; a calendar MIC with no catalog venue is addressed by the MIC alone.
import { VENUES, venue } from './exchanges.js';

/** The catalog exchange code whose operating MIC is `mic` (XNYS -> NYSE), or null when none is. */
export function exchangeCodeOfMic(mic: string): string | null {
  const m = mic.toUpperCase();
  return VENUES.find((v) => v.operatingMic === m)?.code ?? null;
}

/**
 * The calendar MIC a path `{code}` names, case-insensitively: a catalog exchange code gives its
 * operating MIC (nasdaq -> XNAS); anything else is taken as a MIC as written (upper-cased).
 */
export function calendarMicOf(code: string): string {
  return venue(code)?.operatingMic ?? code.toUpperCase();
}
