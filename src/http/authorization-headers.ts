// The Authorization header(s) of an HTTP request as sent, for authentication (service/authenticate.ts)
// to see a second, conflicting credential.

/**
 * Every Authorization header of a request as sent: Node keeps only the first of duplicates in
 * `headers`, so a second, different credential would be ignored; the raw list shows them all.
 */
export function authorizationHeaders(rawHeaders: readonly string[]): string | string[] | undefined {
  let found: string[] | undefined;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.length === 13 && rawHeaders[i]!.toLowerCase() === 'authorization') (found ??= []).push(rawHeaders[i + 1]!);
  }
  return found === undefined ? undefined : found.length === 1 ? found[0] : found;
}
