// A minimal zip writer for the scale benchmark's mirror (bench/scale-mirror.ts): entries are
// appended as already-compressed bytes (raw deflate or stored) with their CRC-32 and size, then
// the central directory. No zip64: a mirror whose zip would pass 4 GiB is refused, not written wrong.
import fs from 'node:fs';

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const LIMIT = 0xffffffff;
// 1980-01-01 00:00 in DOS date/time: the mirror's entries carry no meaningful time.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

export interface ZipEntryBytes {
  name: string;
  /** 8 = raw deflate, 0 = stored. */
  method: 0 | 8;
  /** The stored bytes, in parts (concatenated as written). */
  parts: readonly Uint8Array[];
  crc32: number;
  size: number;
}

export interface ZipWriter {
  add(entry: ZipEntryBytes): void;
  /** Writes the central directory and closes the file; returns the zip's size in bytes. */
  close(): number;
}

export function createZipWriter(file: string): ZipWriter {
  const fd = fs.openSync(file, 'w');
  let offset = 0;
  const central: Buffer[] = [];
  let count = 0;
  const write = (b: Uint8Array) => {
    fs.writeSync(fd, b);
    offset += b.byteLength;
  };
  return {
    add(entry) {
      const name = Buffer.from(entry.name, 'utf8');
      const compressed = entry.parts.reduce((a, p) => a + p.byteLength, 0);
      if (offset + compressed + 30 + name.length > LIMIT || entry.size > LIMIT) {
        throw new Error(`zip-writer: ${file} would pass 4 GiB (no zip64): use a smaller factor`);
      }
      const head = Buffer.alloc(30);
      head.writeUInt32LE(LOCAL, 0);
      head.writeUInt16LE(20, 4);
      head.writeUInt16LE(0x0800, 6); // UTF-8 names
      head.writeUInt16LE(entry.method, 8);
      head.writeUInt16LE(DOS_TIME, 10);
      head.writeUInt16LE(DOS_DATE, 12);
      head.writeUInt32LE(entry.crc32 >>> 0, 14);
      head.writeUInt32LE(compressed, 18);
      head.writeUInt32LE(entry.size, 22);
      head.writeUInt16LE(name.length, 26);
      head.writeUInt16LE(0, 28);
      const at = offset;
      write(head);
      write(name);
      for (const p of entry.parts) write(p);
      const c = Buffer.alloc(46);
      c.writeUInt32LE(CENTRAL, 0);
      c.writeUInt16LE(20, 4);
      c.writeUInt16LE(20, 6);
      c.writeUInt16LE(0x0800, 8);
      c.writeUInt16LE(entry.method, 10);
      c.writeUInt16LE(DOS_TIME, 12);
      c.writeUInt16LE(DOS_DATE, 14);
      c.writeUInt32LE(entry.crc32 >>> 0, 16);
      c.writeUInt32LE(compressed, 20);
      c.writeUInt32LE(entry.size, 24);
      c.writeUInt16LE(name.length, 28);
      c.writeUInt32LE(at, 42);
      central.push(c, name);
      count += 1;
    },
    close() {
      const start = offset;
      for (const b of central) write(b);
      if (count > 0xffff) throw new Error(`zip-writer: ${count} entries need zip64`);
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END, 0);
      end.writeUInt16LE(count, 8);
      end.writeUInt16LE(count, 10);
      end.writeUInt32LE(offset - start, 12);
      end.writeUInt32LE(start, 16);
      write(end);
      fs.closeSync(fd);
      return offset;
    },
  };
}
