// The control-plane store of API keys. Implementations (SQLite now, PostgreSQL later) keep only
// SHA-256 hashes and run the shared case suite in key-store.case.ts.
import type { PlanName } from './plans.js';

export interface KeyRecord {
  id: string;
  name: string | null;
  plan: PlanName;
  /** Displayable hint, e.g. "tk_live_AbCd…" (never the whole key). */
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedKey {
  /** The plaintext key: shown once, never stored. */
  key: string;
  record: KeyRecord;
}

export interface KeyStore {
  create(input: { plan: PlanName; name?: string | null; now: Date }): Promise<CreatedKey>;
  /** The key whose SHA-256 hex digest is `hash`, revoked or not; null when unknown. */
  findByHash(hash: string): Promise<KeyRecord | null>;
  list(): Promise<KeyRecord[]>;
  /** Marks the key revoked; false when no such id (or already revoked). */
  revoke(id: string, now: Date): Promise<boolean>;
  count(): Promise<number>;
  close(): Promise<void>;
}
