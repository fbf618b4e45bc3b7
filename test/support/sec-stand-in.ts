// A local stand-in for SEC EDGAR and a Stooq-style price feed, on 127.0.0.1, for sync tests: it
// serves the corpus's files under the real paths (companyfacts and submissions JSON from the bulk
// zips, the ticker file, the bulk archives themselves, and prices/stooq-2017 as Stooq's daily CSV)
// with Last-Modified and ETag, answers conditional requests with 304, refuses requests without a
// "name email" User-Agent (403, as SEC does), logs every request and injects faults on demand.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { openZipArchive, decodePayload, type ZipArchive } from '../../src/sources/sec-zip.js';

export type Fault = '429' | '500' | 'drop' | 'truncate';

export interface StandInRequest { path: string; at: number; status: number; userAgent: string | null }

export interface SecStandIn {
  /** Base URL (http://127.0.0.1:PORT) for TENK_SEC_DATA_URL and TENK_SEC_WWW_URL. */
  url: string;
  /** TENK_PRICES_URL for this stand-in ({symbol_lc}.us as Stooq spells it). */
  pricesUrl: string;
  /** Every request so far, in arrival order (`at`: performance.now()). */
  readonly requests: StandInRequest[];
  /** The next requests of `urlPath` fail this way, one fault per request, in order. */
  inject(urlPath: string, ...faults: Fault[]): void;
  /** Replaces the body served at `urlPath` (a new Last-Modified and ETag). */
  replace(urlPath: string, body: Buffer): void;
  /** The body currently served at `urlPath` (null: 404). */
  body(urlPath: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

interface Served { body: Buffer; lastModified: string; etag: string }

/** Stooq's CSV from a stooq-2017 file: the same rows without the OpenInt column. */
function stooqCsv(gz: Buffer): Buffer {
  const lines = zlib.gunzipSync(gz).toString('utf8').trimEnd().split('\n');
  return Buffer.from(`${lines.map((l) => l.split(',').slice(0, 6).join(',')).join('\n')}\n`);
}

export async function startSecStandIn(dataDir: string): Promise<SecStandIn> {
  const zips = new Map<string, ZipArchive>();
  for (const name of ['companyfacts', 'submissions']) zips.set(name, await openZipArchive(path.join(dataDir, 'sec', `${name}.zip`)));
  const served = new Map<string, Served>();
  const faults = new Map<string, Fault[]>();
  const requests: StandInRequest[] = [];
  const firstModified = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
  let version = 0;
  const stamp = (body: Buffer, at: Date): Served => ({
    body, lastModified: at.toUTCString(), etag: `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 16)}"`,
  });

  async function load(urlPath: string): Promise<Buffer | null> {
    let m = /^\/api\/xbrl\/companyfacts\/(CIK\d{10}\.json)$/.exec(urlPath) ?? null;
    const zipEntry = async (zip: string, name: string) => {
      const a = zips.get(zip)!;
      const e = a.entries.find((x) => x.fileName === name);
      return e ? decodePayload(await a.readRaw(e)) : null;
    };
    if (m) return zipEntry('companyfacts', m[1]!);
    m = /^\/submissions\/(CIK\d{10}\.json)$/.exec(urlPath);
    if (m) return zipEntry('submissions', m[1]!);
    if (urlPath === '/files/company_tickers_exchange.json') return fs.readFileSync(path.join(dataDir, 'sec', 'company_tickers_exchange.json'));
    m = /^\/Archives\/edgar\/daily-index\/xbrl\/(companyfacts|submissions)\.zip$/.exec(urlPath);
    if (m) return fs.readFileSync(path.join(dataDir, 'sec', `${m[1]}.zip`));
    m = /^\/q\/d\/l\/$/.exec(urlPath);
    return null;
  }

  async function current(urlPath: string, query: URLSearchParams): Promise<Served | null> {
    const key = urlPath === '/q/d/l/' ? `/q/d/l/?s=${query.get('s') ?? ''}` : urlPath;
    const hit = served.get(key);
    if (hit) return hit;
    let body: Buffer | null;
    if (urlPath === '/q/d/l/') {
      const sym = /^([a-z0-9.-]+)\.us$/.exec(query.get('s') ?? '')?.[1];
      const file = sym ? path.join(dataDir, 'prices', 'stooq-2017', `${sym.toUpperCase()}.csv.gz`) : null;
      body = file && fs.existsSync(file) ? stooqCsv(fs.readFileSync(file)) : Buffer.from('No data');
    } else {
      body = await load(urlPath);
    }
    if (!body) return null;
    const s = stamp(body, firstModified);
    served.set(key, s);
    return s;
  }

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = u.pathname === '/q/d/l/' ? `/q/d/l/?s=${u.searchParams.get('s') ?? ''}` : u.pathname;
    const ua = req.headers['user-agent'] ?? null;
    const log = (status: number) => requests.push({ path: key, at: performance.now(), status, userAgent: ua });
    if (!ua || !/\S+\s+\S+@\S+/.test(ua)) {
      log(403);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Your request has been identified as part of a network of automated tools');
      return;
    }
    const fault = faults.get(key)?.shift();
    if (fault === '429') { log(429); res.writeHead(429, { 'retry-after': '1' }).end('slow down'); return; }
    if (fault === '500') { log(500); res.writeHead(500).end('internal error'); return; }
    if (fault === 'drop') { log(0); req.socket.destroy(); return; }
    current(u.pathname, u.searchParams).then((s) => {
      if (!s) { log(404); res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'); return; }
      const inm = req.headers['if-none-match'];
      const ims = req.headers['if-modified-since'];
      const notModified = inm !== undefined ? inm === s.etag : ims !== undefined && Date.parse(ims) >= Date.parse(s.lastModified);
      if (notModified) { log(304); res.writeHead(304, { etag: s.etag, 'last-modified': s.lastModified }).end(); return; }
      log(200);
      res.writeHead(200, { 'content-length': String(s.body.length), etag: s.etag, 'last-modified': s.lastModified });
      if (fault === 'truncate') {
        res.write(s.body.subarray(0, Math.floor(s.body.length / 2)), () => req.socket.destroy());
        return;
      }
      res.end(s.body);
    }, () => { log(500); res.writeHead(500).end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    pricesUrl: `${url}/q/d/l/?s={symbol_lc}.us&i=d`,
    requests,
    inject(urlPath, ...f) { faults.set(urlPath, [...(faults.get(urlPath) ?? []), ...f]); },
    replace(urlPath, body) {
      version += 1;
      served.set(urlPath, stamp(body, new Date(firstModified.getTime() + version * 86_400_000)));
    },
    async body(urlPath) {
      const u = new URL(urlPath, 'http://127.0.0.1');
      return (await current(u.pathname, u.searchParams))?.body ?? null;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const z of zips.values()) z.close();
    },
  };
}
