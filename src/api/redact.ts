// Redaction for anything that reaches a log line: API keys (as query values or bare tokens)
// and filesystem paths are replaced, so logs never carry credentials or server layout.
const APIKEY_PARAM = /([?&]apikey=)[^&#\s]*/gi;
const BARE_KEY = /tk_live_[A-Za-z0-9_-]+/g;
const ABS_PATH = /(^|[\s'"(=])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g;

export function redactForLog(s: string): string {
  return s.replace(APIKEY_PARAM, '$1[redacted]').replace(BARE_KEY, 'tk_live_[redacted]').replace(ABS_PATH, '$1[path]');
}
