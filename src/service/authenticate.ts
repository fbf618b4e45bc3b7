// Authentication for every family. v2/v1: the `apikey` query parameter. v3: `Authorization:
// Bearer KEY` or `apikey`; both present and different, or Authorization sent twice, is a conflict. Failures are 401 with a
// stable code; the plaintext key is hashed at once and never kept, echoed or logged.
import { hashApiKey, isWellFormedApiKey } from '../store/api-key.js';
import type { KeyRecord, KeyStore } from '../store/key-store.js';
import { PLANS } from '../store/plans.js';
import { ApiError, unavailableAsApiError, type ApiFamily } from './errors.js';
import type { AuthenticatedKey } from './endpoint-types.js';

const V2_HINT = 'pass your key as the apikey query parameter';
const V3_HINT = 'send Authorization: Bearer <key> or the apikey query parameter';

/** The presented key (unverified), or throws 401 for a missing, malformed or conflicting one. */
function presentedKey(family: ApiFamily, query: Readonly<Record<string, unknown>>, authorization: string | readonly string[] | undefined): string {
  const q = query.apikey;
  if (Array.isArray(q)) throw new ApiError('api_key_malformed', 'The apikey parameter was given more than once.', 'apikey');
  const fromQuery = typeof q === 'string' && q.length > 0 ? q : undefined;
  let fromHeader: string | undefined;
  if (family === 'v3' && typeof authorization === 'object') {
    throw new ApiError('credentials_conflict', 'The Authorization header was sent more than once: send one credential.');
  }
  if (family === 'v3' && typeof authorization === 'string') {
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!m) throw new ApiError('api_key_malformed', 'The Authorization header must have the form "Bearer <key>".');
    fromHeader = m[1];
  }
  if (fromHeader !== undefined && fromQuery !== undefined && fromHeader !== fromQuery) throw new ApiError('credentials_conflict');
  const key = fromHeader ?? fromQuery;
  if (key === undefined) throw new ApiError('api_key_missing', `No API key was provided: ${family === 'v3' ? V3_HINT : V2_HINT}.`, 'apikey');
  if (!recentHashes.has(key) && !isWellFormedApiKey(key)) throw new ApiError('api_key_malformed', 'The API key is malformed: keys look like tk_live_ followed by 32 characters.', 'apikey');
  return key;
}

// SHA-256 of recently presented keys, so a busy key is hashed once, not on every request. Held
// in process memory only (never persisted or logged); bounded, and cleared when full.
const recentHashes = new Map<string, string>();
function cachedHash(key: string): string {
  let h = recentHashes.get(key);
  if (h === undefined) {
    if (recentHashes.size >= 10_000) recentHashes.clear();
    h = hashApiKey(key);
    recentHashes.set(key, h);
  }
  return h;
}

function admit(record: KeyRecord | null): AuthenticatedKey {
  if (!record) throw new ApiError('api_key_unknown', 'The API key is not recognised.', 'apikey');
  if (record.revokedAt !== null) throw new ApiError('api_key_revoked', 'The API key has been revoked.', 'apikey');
  return { id: record.id, plan: PLANS[record.plan] };
}

/** Checks a well-formed key against the store (503 when the store is unreachable). */
function verifyKey(store: KeyStore, key: string): Promise<AuthenticatedKey> {
  return store.findByHash(cachedHash(key)).then(admit, (err: unknown) => { throw unavailableAsApiError(err); });
}

/** The whole authentication step: read the credentials, check the store. */
export function authenticateRequest(
  family: ApiFamily, query: Readonly<Record<string, unknown>>, authorization: string | readonly string[] | undefined, store: KeyStore,
): Promise<AuthenticatedKey> {
  return verifyKey(store, presentedKey(family, query, authorization));
}
