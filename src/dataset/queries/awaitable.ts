// The return type of a query answered per request: a value (SQLite) or a Promise of it
// (PostgreSQL); callers await it either way (read-queries.ts).
export type Awaitable<T> = T | Promise<T>;
