// Reader of `logos/<SYMBOL>.png`: one company logo per file, named by ticker. Format only: it
// lists the files with their bytes and says which are not PNG files (by the 8-byte signature);
// matching a ticker to a company is the logo build step's job.
import fs from 'node:fs';
import path from 'node:path';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface LogoFile {
  /** The file name without `.png`, as written (e.g. AAPL, BRK.B). */
  symbol: string;
  bytes: Buffer;
}

export interface LogoFiles {
  logos: LogoFile[];
  /** File names left out, with the reason (not PNG, unreadable). */
  rejected: Array<{ file: string; reason: string }>;
}

/** Whether the bytes start with the PNG signature (the body itself is not decoded here). */
export function isPngSignature(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** Every `*.png` of the directory in name order; null when the directory does not exist. */
export function readLogoFiles(dir: string): LogoFiles | null {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return null;
  const logos: LogoFile[] = [];
  const rejected: LogoFiles['rejected'] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    if (!name.toLowerCase().endsWith('.png')) continue;
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const bytes = fs.readFileSync(file);
    if (!isPngSignature(bytes)) {
      rejected.push({ file: name, reason: 'not a PNG file' });
      continue;
    }
    logos.push({ symbol: name.slice(0, -4), bytes });
  }
  return { logos, rejected };
}
