// SEC per-company JSON files (CIK##########.json) from a bulk zip and from a plain directory
// beside it (sec/NAME.zip + sec/NAME/): one source per CIK, and a plain file wins over the zip entry.
import fs from 'node:fs';
import path from 'node:path';
import { openZipArchive, type RawPayload, type ZipArchive } from './sec-zip.js';

export interface CikFileSource {
  /** 10-digit zero-padded CIK. */
  cik: string;
  /** Where the bytes come from, for messages: "companyfacts.zip:CIK….json" or "companyfacts/CIK….json". */
  origin: string;
  read(): Promise<RawPayload>;
  /** The same bytes, read synchronously. */
  readSync(): RawPayload;
}

export interface CikFileSet {
  sources: CikFileSource[];
  /** Human-readable findings: a missing or unreadable zip, files that do not look like CIK files. */
  notes: string[];
  /** True when neither the zip nor the directory exists. */
  missing: boolean;
  close(): void;
}

const CIK_FILE = /^CIK(\d{10})\.json$/;

/** Parses a CIK file name; null for other files (e.g. submissions' CIK…-submissions-001.json pages). */
export function cikOfFileName(name: string): string | null {
  const m = CIK_FILE.exec(path.basename(name));
  return m ? m[1]! : null;
}

/** Lists sec/<name>.zip entries and sec/<name>/ files, sorted by CIK. */
export async function listCikFiles(sourceDir: string, name: string): Promise<CikFileSet> {
  const zipPath = path.join(sourceDir, 'sec', `${name}.zip`);
  const dirPath = path.join(sourceDir, 'sec', name);
  const notes: string[] = [];
  const byCik = new Map<string, CikFileSource>();
  let other = 0;

  let archive: ZipArchive | null = null;
  const hasZip = fs.existsSync(zipPath);
  if (hasZip) {
    try {
      archive = await openZipArchive(zipPath);
    } catch (err) {
      notes.push(`sec/${name}.zip is unreadable and was ignored (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  if (archive) {
    const zip = archive;
    for (const entry of zip.entries) {
      const cik = cikOfFileName(entry.fileName);
      if (!cik) { other += 1; continue; }
      byCik.set(cik, { cik, origin: `${name}.zip:${entry.fileName}`, read: () => zip.readRaw(entry), readSync: () => zip.readRawSync(entry) });
    }
  }

  const hasDir = fs.existsSync(dirPath) && fs.statSync(dirPath).isDirectory();
  if (hasDir) {
    for (const file of fs.readdirSync(dirPath)) {
      const cik = cikOfFileName(file);
      if (!cik) { if (file.endsWith('.json')) other += 1; continue; }
      const full = path.join(dirPath, file);
      byCik.set(cik, {
        cik,
        origin: `${name}/${file}`,
        read: async () => ({ encoding: 'identity', bytes: await fs.promises.readFile(full) }),
        readSync: () => ({ encoding: 'identity', bytes: fs.readFileSync(full) }),
      });
    }
  }
  if (!hasZip && !hasDir) notes.push(`no SEC ${name} in the source mirror (sec/${name}.zip or sec/${name}/)`);
  if (other > 0) notes.push(`sec/${name}: ${other} file(s) not named CIK##########.json were ignored`);

  const sources = [...byCik.values()].sort((a, b) => (a.cik < b.cik ? -1 : a.cik > b.cik ? 1 : 0));
  return { sources, notes, missing: !hasZip && !hasDir, close: () => archive?.close() };
}
