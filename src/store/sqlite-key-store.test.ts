// Runs the shared KeyStore cases against the SQLite store (a fresh file per case).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runKeyStoreCases } from './key-store.case.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenk-keys-'));
let n = 0;
const files = new Map<object, string>();
runKeyStoreCases('sqlite', async () => {
  const file = path.join(dir, `state-${(n += 1)}.sqlite`);
  const store = new SqliteKeyStore(file);
  files.set(store, file);
  return store;
}, (store) => {
  const file = files.get(store)!;
  return [file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f).toString('latin1')).join('');
});
