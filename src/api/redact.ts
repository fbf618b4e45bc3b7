// Redaction for anything that reaches a log line: API keys (as query values or bare tokens),
// filesystem paths and SQL text are replaced, so logs never carry credentials, server layout
// or queries.
const APIKEY_PARAM = /([?&]apikey=)[^&#\s]*/gi;
const BARE_KEY = /tk_live_[A-Za-z0-9_-]+/g;
const ABS_PATH = /(^|[\s'"(=])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g;

const SQL = /\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|WITH|REPLACE)\b[\s\S]*/i;

export function redactForLog(s: string): string {
  return s.replace(APIKEY_PARAM, '$1[redacted]').replace(BARE_KEY, 'tk_live_[redacted]').replace(ABS_PATH, '$1[path]').replace(SQL, '[sql]').slice(0, 500);
}
