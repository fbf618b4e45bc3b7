// The failure of a networked dependency (Redis, PostgreSQL): thrown by the store, limiter and
// dataset implementations, answered by the API as 503 service_unavailable. Invariant: its
// message names the dependency only (never a URL, password or query).
export class DependencyUnavailableError extends Error {
  constructor(readonly dependency: 'redis' | 'postgres', cause?: unknown) {
    super(`${dependency === 'redis' ? 'Redis' : 'PostgreSQL'} is unavailable`, cause === undefined ? undefined : { cause });
    this.name = 'DependencyUnavailableError';
  }
}

export function isDependencyUnavailable(err: unknown): err is DependencyUnavailableError {
  return err instanceof DependencyUnavailableError;
}
