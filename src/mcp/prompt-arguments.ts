// Prompt arguments as a client sends them (strings), validated when a prompt reads them:
// identifiers by the dataset's resolver (the REST 404 text), integers, choices and dates by the
// REST parameter rules (service/params.ts), metric names by the metric registry. Invariant: a bad
// value is a PromptArgumentError naming the argument; a render sees only valid values.
import { ApiError } from '../service/errors.js';
import { parseParam } from '../service/params.js';
import type { ParamDef } from '../service/endpoint-types.js';
import type { IdentifierResolver, ResolvedCompany } from '../reference/resolve-identifier.js';
import { resolveMetric, unknownMetricMessage, type ResolvedMetric } from './metric-lookup.js';

export class PromptArgumentError extends Error {
  constructor(readonly argument: string, message: string) {
    super(message);
    this.name = 'PromptArgumentError';
  }
}

/** A resolved company and the identifier the prompt's tool calls use (its ticker, else its CIK). */
export interface PromptCompany extends ResolvedCompany {
  id: string;
}

/** Separators of a list argument: commas, semicolons or white space ("MSFT, GOOGL NVDA"). */
const LIST_SEPARATOR = /[\s,;]+/;

export class PromptArgs {
  constructor(
    private readonly raw: Readonly<Record<string, string>>,
    private readonly resolver: Pick<IdentifierResolver, 'resolve'>,
  ) {}

  /** The trimmed value, undefined when absent or blank. */
  private value(name: string): string | undefined {
    const v = this.raw[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  }

  private list(name: string): string[] {
    return (this.value(name) ?? '').split(LIST_SEPARATOR).filter((s) => s !== '');
  }

  private resolve(name: string, identifier: string): PromptCompany {
    const r = this.resolver.resolve(identifier);
    if ('error' in r) throw new PromptArgumentError(name, r.error);
    return { ...r, id: r.ticker ?? r.cik };
  }

  /** A parameter rule of the REST API applied to the argument (the same message as a 422). */
  private param(def: Omit<ParamDef, 'in' | 'description'>, raw: string): string | number | boolean {
    try {
      return parseParam({ ...def, in: 'query', description: '' }, raw);
    } catch (err) {
      if (err instanceof ApiError) throw new PromptArgumentError(def.name, err.message);
      throw err;
    }
  }

  /** One company (required). */
  company(name: string): PromptCompany {
    const v = this.value(name);
    if (v === undefined) throw new PromptArgumentError(name, `${name} is required: a ticker, CIK, CUSIP or ISIN`);
    return this.resolve(name, v);
  }

  /** 1 to `max` companies (required), each once, none of `exclude`. */
  companies(name: string, max: number, exclude: readonly PromptCompany[] = []): PromptCompany[] {
    const ids = this.list(name);
    if (ids.length === 0 || ids.length > max) {
      throw new PromptArgumentError(name, `${name} must list 1 to ${max} companies (tickers, CIKs, CUSIPs or ISINs separated by commas; got ${ids.length})`);
    }
    const out: PromptCompany[] = [];
    const seen = new Set(exclude.map((c) => c.cik));
    for (const id of ids) {
      const c = this.resolve(name, id);
      if (!seen.has(c.cik)) out.push(c);
      seen.add(c.cik);
    }
    if (out.length === 0) throw new PromptArgumentError(name, `${name} must name at least one other company than ${exclude.map((c) => c.id).join(', ')}`);
    return out;
  }

  /** An integer in [min, max], `dflt` when absent. */
  integer(name: string, min: number, max: number, dflt: number): number {
    const v = this.value(name);
    return v === undefined ? dflt : this.param({ name, type: 'integer', min, max }, v) as number;
  }

  /** One of `values` (case-insensitive, returned as listed), `dflt` when absent. */
  choice<const V extends string>(name: string, values: readonly V[], dflt: V): V {
    const v = this.value(name);
    return v === undefined ? dflt : this.param({ name, type: 'enum', values }, v) as V;
  }

  /** A real YYYY-MM-DD date, undefined when absent. */
  date(name: string): string | undefined {
    const v = this.value(name);
    return v === undefined ? undefined : this.param({ name, type: 'date' }, v) as string;
  }

  /** Metric names (field or record_type.field), each once, at most `max`; `dflt` when absent. */
  metrics(name: string, max: number, dflt: readonly string[]): ResolvedMetric[] {
    const given = this.list(name);
    const names = [...new Set(given.length > 0 ? given : dflt)];
    if (names.length > max) throw new PromptArgumentError(name, `${name} must list at most ${max} metrics (got ${names.length})`);
    return names.map((n) => {
      const m = resolveMetric(n);
      if (!m) throw new PromptArgumentError(name, unknownMetricMessage(n));
      return m;
    });
  }
}
