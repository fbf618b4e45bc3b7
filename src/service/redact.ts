// Redaction for anything that reaches a log line: API keys (as query values or bare tokens),
// filesystem paths and SQL text are replaced, so logs never carry credentials, server layout
// or queries. Percent-escapes are decoded first, so `?%61pikey=KEY` or `tk%5Flive_…` is caught.
const APIKEY_PARAM = /([?&;]\s*apikey\s*=)[^&#\s]*/gi;
const BARE_KEY = /tk_live_[A-Za-z0-9_-]+/gi;
const ABS_PATH = /(^|[\s'"(=])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g;

const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|WITH|REPLACE)\b[\s\S]*/i;

/** Decodes %XX escapes (repeatedly, for double encoding) and '+'; malformed escapes stay as they are. */
function decodeEscapes(s: string): string {
  let out = s;
  for (let i = 0; i < 3 && /%[0-9A-Fa-f]{2}/.test(out); i += 1) {
    out = out.replace(/%([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  return out.replace(/\+/g, ' ');
}

export function redactForLog(s: string): string {
  return decodeEscapes(s.slice(0, 4000)).replace(APIKEY_PARAM, '$1[redacted]').replace(BARE_KEY, 'tk_live_[redacted]').replace(ABS_PATH, '$1[path]').replace(SQL, '[sql]').slice(0, 500);
}

/** The query string of a URL, redacted, for the access log ('' when there is none). */
export function redactedQuery(url: string): string {
  const i = url.indexOf('?');
  return i < 0 ? '' : redactForLog(url.slice(i));
}

/** The route pattern in the registry's spelling (`/v2/x/:identifier` -> `/v2/x/{identifier}`). */
export function routePattern(fastifyUrl: string | undefined): string | null {
  return fastifyUrl ? fastifyUrl.replace(/:(\w+)/g, '{$1}') : null;
}
