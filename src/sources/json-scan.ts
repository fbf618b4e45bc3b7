// Syntax checking of JSON text over its UTF-8 bytes without building values, for readers that
// parse only part of a file. Invariant: a value is skipped only when JSON.parse would accept it;
// anything else throws `invalid` (the caller then leaves the file to JSON.parse).
import { isAscii } from 'node:buffer';

export const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a;
export const LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d;

/** Inside a string: 0 plain ASCII byte, 1 quote, 2 backslash, 3 control character (invalid), 4 non-ASCII. */
const IN_STRING = new Uint8Array(256);
IN_STRING.fill(3, 0, 0x20);
IN_STRING.fill(4, 0x80, 0x100);
IN_STRING[QUOTE] = 1;
IN_STRING[BACKSLASH] = 2;
/** Single-character escapes JSON allows after a backslash (u is handled apart). */
const SIMPLE_ESCAPE = new Uint8Array(256);
for (const c of '"\\/bfnrt') SIMPLE_ESCAPE[c.charCodeAt(0)] = 1;
const HEX = new Uint8Array(256);
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1;

// Fast paths, run by the regexp engine on the bytes as Latin-1 text (one character per byte, so
// offsets agree). Pattern sources for JSON whitespace, a string and a number; when a pattern does
// not match, the byte-by-byte scanner decides.
export const WS = '[ \\t\\n\\r]*';
const STR = '"[^"\\\\\\x00-\\x1f]*(?:\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\\\\x00-\\x1f]*)*"';
export const NUMBER = '-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?';
export const STRING = new RegExp(STR, 'y');
const SCALAR = `(?:${STR}|${NUMBER}|true|false|null)`;
/** A list of strings, numbers and literals (the columns of a submissions file's filing history). */
const SCALAR_LIST = new RegExp(`\\[${WS}(?:${SCALAR}(?:${WS},${WS}${SCALAR})*${WS})?\\]`, 'y');

export class Invalid extends Error {}
export const invalid = new Invalid();

export class JsonScanner {
  /** Offset of the next byte to read. */
  i = 0;
  /** Set by string(): the last string held an escape or a non-ASCII byte. */
  special = false;
  /** The bytes as Latin-1 text, for the regexp fast paths. */
  readonly text: string;

  constructor(readonly b: Buffer) {
    this.text = b.toString('latin1');
  }

  /** The bytes from start to end as text (Latin-1 is UTF-8 when they are all ASCII, and then costs no copy). */
  textOf(start: number, end: number): string {
    return isAscii(this.b.subarray(start, end)) ? this.text.slice(start, end) : this.b.toString('utf8', start, end);
  }

  /** Whether the sticky pattern matches at the current offset (then skipped). */
  matches(re: RegExp): boolean {
    re.lastIndex = this.i;
    if (!re.test(this.text)) return false;
    this.i = re.lastIndex;
    return true;
  }

  /** Skips one JSON value, checking its syntax. */
  value(): void {
    const b = this.b;
    const c = b[this.i];
    if (c === QUOTE) this.string();
    else if (c === LBRACE) this.object();
    else if (c === LBRACKET) this.array();
    else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.number();
  }

  object(): void {
    const b = this.b;
    this.i++;
    this.ws();
    if (b[this.i] !== RBRACE) {
      for (;;) {
        this.string();
        this.ws();
        this.expect(COLON);
        this.ws();
        this.value();
        if (this.next(RBRACE)) break;
      }
    }
    this.i++;
  }

  array(): void {
    if (this.matches(SCALAR_LIST)) return;
    const b = this.b;
    this.i++;
    this.ws();
    if (b[this.i] !== RBRACKET) {
      for (;;) {
        this.value();
        if (this.next(RBRACKET)) break;
      }
    }
    this.i++;
  }

  /**
   * After a member or element: skips whitespace and a comma (then whitespace up to the next one),
   * or stops on the closing byte and returns true (the caller steps over it).
   */
  next(close: number): boolean {
    this.ws();
    const c = this.b[this.i];
    if (c === close) return true;
    if (c !== COMMA) throw invalid;
    this.i++;
    this.ws();
    return false;
  }

  string(): void {
    const b = this.b;
    const n = b.length;
    let i = this.i;
    if (b[i] !== QUOTE) throw invalid;
    i++;
    let special = false;
    for (;;) {
      let t = 0;
      while (i < n && (t = IN_STRING[b[i]!]!) === 0) i++;
      if (i >= n || t === 3) throw invalid;
      if (t === 1) break;
      special = true;
      if (t === 4) { i++; continue; }
      const e = b[i + 1]!;
      if (SIMPLE_ESCAPE[e] === 1) i += 2;
      else if (e === 0x75 && HEX[b[i + 2]!] === 1 && HEX[b[i + 3]!] === 1 && HEX[b[i + 4]!] === 1 && HEX[b[i + 5]!] === 1) i += 6;
      else throw invalid;
    }
    this.i = i + 1;
    this.special = special;
  }

  /** A member's key and the colon after it. */
  key(): string {
    const start = this.i;
    this.string();
    const key = this.special ? (JSON.parse(this.b.toString('utf8', start, this.i)) as string) : this.b.toString('latin1', start + 1, this.i - 1);
    this.ws();
    this.expect(COLON);
    return key;
  }

  literal(word: string): void {
    for (let k = 0; k < word.length; k++) if (this.b[this.i + k] !== word.charCodeAt(k)) throw invalid;
    this.i += word.length;
  }

  number(): void {
    const b = this.b;
    let i = this.i;
    if (b[i] === 0x2d) i++;
    if (b[i] === 0x30) i++;
    else if (isDigit(b[i])) while (isDigit(b[i])) i++;
    else throw invalid;
    if (b[i] === 0x2e) {
      i++;
      if (!isDigit(b[i])) throw invalid;
      while (isDigit(b[i])) i++;
    }
    if (b[i] === 0x65 || b[i] === 0x45) {
      i++;
      if (b[i] === 0x2b || b[i] === 0x2d) i++;
      if (!isDigit(b[i])) throw invalid;
      while (isDigit(b[i])) i++;
    }
    this.i = i;
  }

  ws(): void {
    const b = this.b;
    let i = this.i;
    let c = b[i];
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = b[++i];
    this.i = i;
  }

  expect(c: number): void {
    if (this.b[this.i] !== c) throw invalid;
    this.i++;
  }
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}
