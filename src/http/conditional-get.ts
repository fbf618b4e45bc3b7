// If-None-Match against a response's entity tag (RFC 9110 13.1.2): `*` or any listed tag equal
// to it under the weak comparison (a W/ prefix ignored on either side) means the client's copy
// is current and the answer is 304 with no body.

/** The entity tags of an If-None-Match value (`*` kept as is); malformed members are dropped. */
function listedTags(header: string): string[] {
  const out: string[] = [];
  for (const m of header.matchAll(/\s*(\*|(?:W\/)?"[^"]*")\s*(?:,|$)/g)) out.push(m[1]!);
  return out;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** Whether a request's If-None-Match header (absent: undefined) matches `etag` (a quoted tag). */
export function ifNoneMatchHits(header: string | readonly string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const value = typeof header === 'string' ? header : header.join(',');
  const mine = opaque(etag);
  return listedTags(value).some((t) => t === '*' || opaque(t) === mine);
}
