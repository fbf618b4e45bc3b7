// API key material: generation (192 random bits, prefixed `tk_live_`), the well-formedness check
// and SHA-256 hashing. Invariant: only the hash is ever stored or logged; the plaintext exists
// once, in the output of `tenk keys create` (or the first-start development key).
import crypto from 'node:crypto';

export const KEY_PREFIX = 'tk_live_';
const KEY_RE = /^tk_live_[A-Za-z0-9_-]{32}$/;

/** Random source, injectable for deterministic tests. */
export type RandomBytes = (n: number) => Buffer;

export function generateApiKey(random: RandomBytes = crypto.randomBytes): string {
  return KEY_PREFIX + random(24).toString('base64url');
}

export function generateKeyId(random: RandomBytes = crypto.randomBytes): string {
  return `key_${random(8).toString('hex')}`;
}

export function isWellFormedApiKey(s: string): boolean {
  return s.length === KEY_PREFIX.length + 32 && KEY_RE.test(s);
}

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/** What may be displayed about a key: its prefix and the first 4 characters of the secret. */
export function keyHint(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…`;
}
