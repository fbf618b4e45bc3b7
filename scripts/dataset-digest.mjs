// Prints one digest per table (and per view) of a dataset file, over its rows in a fixed order,
// so two ingests can be compared: `node scripts/dataset-digest.mjs A.sqlite [B.sqlite]`.
// Used to prove a change to the ingest keeps every output byte (meta's built_at is left out).
import crypto from 'node:crypto';
import Database from 'better-sqlite3';

function digests(file) {
  const db = new Database(file, { readonly: true });
  const out = new Map();
  const objects = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
  for (const { name } of objects) {
    const cols = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name).map((c) => `"${c.name}"`);
    const where = name === 'meta' ? " WHERE key <> 'built_at'" : '';
    const hash = crypto.createHash('sha256');
    let n = 0;
    for (const row of db.prepare(`SELECT ${cols.join(', ')} FROM "${name}"${where} ORDER BY ${cols.join(', ')}`).raw(true).iterate()) {
      hash.update(JSON.stringify(row));
      hash.update('\n');
      n += 1;
    }
    out.set(name, `${hash.digest('hex').slice(0, 16)} ${n} rows`);
  }
  // the schema (tables, views, indexes and their SQL), so a change that drops or alters an index shows too
  const schema = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").raw(true).all();
  out.set('(schema)', `${crypto.createHash('sha256').update(JSON.stringify(schema)).digest('hex').slice(0, 16)} ${schema.length} objects`);
  db.close();
  return out;
}

const [a, b] = process.argv.slice(2);
if (!a) {
  console.error('usage: node scripts/dataset-digest.mjs DATASET [OTHER_DATASET]');
  process.exit(2);
}
const da = digests(a);
if (!b) {
  for (const [name, d] of da) console.log(`${name.padEnd(24)} ${d}`);
} else {
  const db = digests(b);
  let same = true;
  for (const name of new Set([...da.keys(), ...db.keys()])) {
    const x = da.get(name) ?? 'missing';
    const y = db.get(name) ?? 'missing';
    if (x !== y) same = false;
    console.log(`${x === y ? 'same' : 'DIFF'} ${name.padEnd(24)} ${x}${x === y ? '' : ` | ${y}`}`);
  }
  process.exitCode = same ? 0 : 1;
}
