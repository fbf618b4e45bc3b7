// Lazy reading of SEC bulk zips (companyfacts.zip, submissions.zip) with yauzl: the central
// directory is listed once, each entry's bytes are read on demand, never the whole zip at once.
import fs from 'node:fs';
import zlib from 'node:zlib';
import yauzl from 'yauzl';

/** One file's bytes as stored: raw deflate (inflated and checked by decodePayload) or plain. */
export interface RawPayload {
  encoding: 'deflate-raw' | 'identity';
  bytes: Uint8Array;
  /** From the zip's central directory, when the bytes come from a zip entry. */
  expectedSize?: number;
  expectedCrc32?: number;
}

export interface ZipArchive {
  readonly entries: readonly yauzl.Entry[];
  /** The entry's stored bytes (not inflated: inflating is left to the consumer, e.g. a worker). */
  readRaw(entry: yauzl.Entry): Promise<RawPayload>;
  /**
   * The same bytes read synchronously (two reads: local header, data), for a caller that cannot
   * give the event loop the turns a stream needs (e.g. while a long synchronous build step runs).
   */
  readRawSync(entry: yauzl.Entry): RawPayload;
  close(): void;
}

const STORED = 0;
const DEFLATE = 8;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const LOCAL_HEADER_SIZE = 30;

/** Opens a zip and lists its file entries (directories left out). Rejects if the zip is unreadable. */
export function openZipArchive(file: string): Promise<ZipArchive> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) { reject(err ?? new Error('zip could not be opened')); return; }
      const entries: yauzl.Entry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) entries.push(entry);
        zip.readEntry();
      });
      zip.once('end', () => resolve(archive(file, zip, entries)));
      zip.once('error', (e: Error) => { zip.close(); reject(e); });
      zip.readEntry();
    });
  });
}

function archive(file: string, zip: yauzl.ZipFile, entries: yauzl.Entry[]): ZipArchive {
  let fd: number | null = null;
  return {
    entries,
    readRawSync(entry) {
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATE) {
        throw new Error(`unsupported zip compression method ${entry.compressionMethod}`);
      }
      fd ??= fs.openSync(file, 'r');
      const head = Buffer.alloc(LOCAL_HEADER_SIZE);
      const offset = entry.relativeOffsetOfLocalHeader;
      if (fs.readSync(fd, head, 0, LOCAL_HEADER_SIZE, offset) < LOCAL_HEADER_SIZE || head.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) {
        throw new Error('invalid local file header');
      }
      const start = offset + LOCAL_HEADER_SIZE + head.readUInt16LE(26) + head.readUInt16LE(28);
      // A buffer of its own (not from the shared pool), so its ArrayBuffer can be transferred.
      const bytes = Buffer.allocUnsafeSlow(entry.compressedSize);
      const n = fs.readSync(fd, bytes, 0, bytes.length, start);
      if (n < bytes.length) throw new Error(`unexpected end of zip file: ${n} of ${bytes.length} stored bytes`);
      return {
        encoding: entry.compressionMethod === DEFLATE ? 'deflate-raw' : 'identity',
        bytes,
        expectedSize: entry.uncompressedSize,
        expectedCrc32: entry.crc32,
      };
    },
    readRaw(entry) {
      return new Promise((resolve, reject) => {
        if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATE) {
          reject(new Error(`unsupported zip compression method ${entry.compressionMethod}`));
          return;
        }
        zip.openReadStream(entry, { decodeFileData: false }, (err, stream) => {
          if (err || !stream) { reject(err ?? new Error('zip entry could not be read')); return; }
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.once('error', reject);
          stream.once('end', () => resolve({
            encoding: entry.compressionMethod === DEFLATE ? 'deflate-raw' : 'identity',
            bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
            expectedSize: entry.uncompressedSize,
            expectedCrc32: entry.crc32,
          }));
        });
      });
    },
    close() {
      zip.close();
      if (fd !== null) fs.closeSync(fd);
      fd = null;
    },
  };
}

/**
 * The file's plain bytes: inflated if needed, and checked against the zip's recorded size and
 * CRC-32, so a truncated or corrupted entry is an error here rather than bad data downstream.
 */
export function decodePayload(payload: RawPayload): Buffer {
  const src = Buffer.from(payload.bytes.buffer, payload.bytes.byteOffset, payload.bytes.byteLength);
  let plain: Buffer;
  if (payload.encoding === 'deflate-raw') {
    try {
      plain = zlib.inflateRawSync(src);
    } catch (err) {
      throw new Error(`truncated or corrupt zip entry (${err instanceof Error ? err.message : String(err)})`);
    }
  } else {
    plain = src;
  }
  if (payload.expectedSize !== undefined && plain.length !== payload.expectedSize) {
    throw new Error(`truncated zip entry: ${plain.length} of ${payload.expectedSize} bytes`);
  }
  if (payload.expectedCrc32 !== undefined && zlib.crc32(plain) >>> 0 !== payload.expectedCrc32 >>> 0) {
    throw new Error('corrupt zip entry: CRC-32 mismatch');
  }
  return plain;
}
