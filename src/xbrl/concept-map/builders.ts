// Small builders so the concept map's tables read as data: namespaced concept names, signed concept
// lists, composition terms, and the statement names.
import type { Composition, ConceptRef, Term } from './mapping-types.js';

export const G = (name: string): string => `us-gaap:${name}`;
export const I = (name: string): string => `ifrs-full:${name}`;
export const pos = (...concepts: string[]): ConceptRef[] => concepts.map((concept) => ({ concept, sign: 1 as const }));
export const neg = (...concepts: string[]): ConceptRef[] => concepts.map((concept) => ({ concept, sign: -1 as const }));
/** "+a", "-b", "+a?" (optional), "*a" (condition: must be reported, adds nothing), "!a"
 *  (condition: must not be reported), "=a=b" (condition: fields a and b have equal values),
 *  alternatives with "|": "+us-gaap:A|us-gaap:B". */
export function comp(...terms: string[]): Composition {
  return {
    terms: terms.map((t) => {
      if (t.startsWith('=')) return { refs: t.slice(1).split('='), sign: 0, optional: false, same: true };
      const sign = t.startsWith('-') ? -1 : t.startsWith('*') || t.startsWith('!') ? 0 : 1;
      const body = t.replace(/^[+*!-]/, '');
      const optional = body.endsWith('?');
      const term: Term = { refs: body.replace(/\?$/, '').split('|'), sign, optional };
      return t.startsWith('!') ? { ...term, absent: true } : term;
    }),
  };
}

export function ratio(numerator: string, denominator: string): Composition {
  return { op: 'ratio', terms: [comp(`+${numerator}`).terms[0]!, comp(`+${denominator}`).terms[0]!] };
}

export const IS = 'income_statement' as const;
export const BS = 'balance_sheet' as const;
export const CF = 'cash_flow' as const;
