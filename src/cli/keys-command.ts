// `tenk keys create|list|revoke`: manage API keys in $TENK_HOME/state.sqlite (or PostgreSQL with
// TENK_DATABASE_URL, control-plane.ts). `create` prints the
// new key alone on the last line of stdout (shown once; only its SHA-256 is stored).
import { parseArgs } from 'node:util';
import { loadConfig } from '../model/config.js';
import { PLAN_NAMES, PLANS, isPlanName } from '../store/plans.js';
import { openKeyPlane } from './control-plane.js';
import type { Command } from './command.js';

const HELP = [
  'usage: tenk keys create --plan free|individual|professional|enterprise [--name NAME] [--home DIR]',
  '       tenk keys list [--home DIR]',
  '       tenk keys revoke KEY_ID [--home DIR]',
  '',
  'Plans: ' + PLAN_NAMES.map((n) => `${n} (${PLANS[n].ratePerMinute ?? 'unlimited'}/min, ${PLANS[n].historyYears ? `${PLANS[n].historyYears} years` : 'all history'})`).join(', '),
].join('\n');

export const keysCommand: Command = {
  name: 'keys',
  summary: 'create, list and revoke API keys',
  help: HELP,
  async run(args) {
    const { values, positionals } = parseArgs({
      args, allowPositionals: true,
      options: { plan: { type: 'string' }, name: { type: 'string' }, home: { type: 'string' } },
    });
    const [sub, ...rest] = positionals;
    const config = loadConfig(process.env, values.home ? { home: values.home } : {});
    const usage = (msg: string) => { process.stderr.write(`tenk keys: ${msg}\n\n${HELP}\n`); return 2; };
    if (sub !== 'create' && sub !== 'list' && sub !== 'revoke') return usage(sub ? `unknown subcommand '${sub}'` : 'a subcommand is required');
    let store;
    try {
      store = (await openKeyPlane(config)).store;
    } catch (err) {
      process.stderr.write(`tenk keys: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
    try {
      if (sub === 'create') {
        if (!values.plan || !isPlanName(values.plan)) return usage(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
        const { key, record } = await store.create({ plan: values.plan, name: values.name ?? null, now: new Date() });
        process.stdout.write(`created ${record.id} (plan ${record.plan}${record.name ? `, name ${record.name}` : ''}); store the key now, it is not shown again:\n${key}\n`);
        return 0;
      }
      if (sub === 'list') {
        const keys = await store.list();
        if (keys.length === 0) { process.stdout.write('no keys\n'); return 0; }
        process.stdout.write(`${['ID', 'PLAN', 'KEY', 'NAME', 'CREATED', 'REVOKED'].join('\t')}\n`);
        for (const k of keys) process.stdout.write(`${[k.id, k.plan, k.hint, k.name ?? '', k.createdAt, k.revokedAt ?? ''].join('\t')}\n`);
        return 0;
      }
      const id = rest[0];
      if (!id) return usage('revoke needs a KEY_ID (see `tenk keys list`)');
      if (await store.revoke(id, new Date())) { process.stdout.write(`revoked ${id}\n`); return 0; }
      process.stderr.write(`tenk keys: no active key with id ${id}\n`);
      return 1;
    } finally {
      await store.close();
    }
  },
};
