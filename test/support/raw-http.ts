// Raw HTTP/1.1 over a TCP socket for tests that must send what fetch refuses to (forged Host,
// duplicate headers, NUL bytes, CONNECT, malformed request lines): writes the bytes, reads until
// the server closes or a full response (by Content-Length) has arrived, and parses it.
import net from 'node:net';

export interface RawResponse {
  /** 0 when the server closed the socket without a status line. */
  status: number;
  headers: Record<string, string>;
  /** Header names as sent, in order (to count duplicates). */
  rawHeaderNames: string[];
  body: string;
  raw: string;
}

export function parseRawResponse(raw: string): RawResponse {
  const end = raw.indexOf('\r\n\r\n');
  if (!raw.startsWith('HTTP/')) return { status: 0, headers: {}, rawHeaderNames: [], body: '', raw };
  const head = end >= 0 ? raw.slice(0, end) : raw;
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  const rawHeaderNames: string[] = [];
  for (const l of lines) {
    const i = l.indexOf(':');
    if (i <= 0) continue;
    const name = l.slice(0, i).trim();
    rawHeaderNames.push(name);
    headers[name.toLowerCase()] = l.slice(i + 1).trim();
  }
  let body = end >= 0 ? raw.slice(end + 4) : '';
  const len = Number(headers['content-length']);
  // Only this response's body (a second response may follow on the same connection).
  if (Number.isInteger(len) && Buffer.byteLength(body, 'latin1') > len) body = Buffer.from(body, 'latin1').subarray(0, len).toString('latin1');
  return { status: Number(statusLine!.split(' ')[1]), headers, rawHeaderNames, body, raw };
}

/** Sends `request` (a string or bytes) to host:port and resolves with the first response. */
export function rawRequest(url: string, request: string | Buffer, timeoutMs = 20_000): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let data = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseRawResponse(data));
    };
    const timer = setTimeout(() => { if (!done) { done = true; socket.destroy(); reject(new Error(`no response within ${timeoutMs} ms: ${JSON.stringify(data.slice(0, 200))}`)); } }, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => {
      data += d;
      const r = parseRawResponse(data);
      const len = Number(r.headers['content-length']);
      if (r.status > 0 && data.includes('\r\n\r\n') && Number.isFinite(len) && Buffer.byteLength(r.body, 'latin1') >= len) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', () => finish());
    socket.write(request);
  });
}
