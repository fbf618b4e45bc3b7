// The endpoint registry: every endpoint of every family, in one ordered list. Routes, request
// validation, OpenAPI, TSV columns and MCP tools are generated from it. To add a family, create
// src/service/endpoints/<family>.ts exporting an EndpointDef[] and add it below with a one-line edit.
import type { EndpointDef } from './endpoint-types.js';
import { STATEMENT_ENDPOINTS } from './endpoints/statements.js';
import { PROVENANCE_ENDPOINTS } from './endpoints/provenance.js';
import { METRIC_ENDPOINTS } from './endpoints/metrics.js';
import { STOCK_SPLIT_ENDPOINTS } from './endpoints/stock-splits.js';
import { STOCK_PRICE_ENDPOINTS } from './endpoints/stock-prices.js';
import { TICKER_ENDPOINTS } from './endpoints/tickers.js';
import { COMPANY_ENDPOINTS } from './endpoints/company.js';
import { V3_CATALOG_ENDPOINTS } from './endpoints/v3-catalogs.js';
import { LOGO_ENDPOINTS } from './endpoints/logos.js';
import { METRIC_CATALOG_ENDPOINTS } from './endpoints/metric-catalog.js';
import { EXCEL_DATA_ENDPOINTS } from './endpoints/excel-data.js';
import { EXCHANGE_CALENDAR_ENDPOINTS } from './endpoints/exchange-calendar-endpoints.js';
import { FOREX_ENDPOINTS } from './endpoints/forex.js';
import { EARNINGS_CALL_ENDPOINTS } from './endpoints/earnings-calls.js';
import { SCREENER_ENDPOINTS } from './endpoints/screener.js';

export const ENDPOINTS: readonly EndpointDef[] = [
  ...TICKER_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  ...V3_CATALOG_ENDPOINTS,
  ...STATEMENT_ENDPOINTS,
  ...PROVENANCE_ENDPOINTS,
  ...METRIC_ENDPOINTS,
  ...STOCK_SPLIT_ENDPOINTS,
  ...STOCK_PRICE_ENDPOINTS,
  ...LOGO_ENDPOINTS,
  ...METRIC_CATALOG_ENDPOINTS,
  ...EXCEL_DATA_ENDPOINTS,
  ...EXCHANGE_CALENDAR_ENDPOINTS,
  ...FOREX_ENDPOINTS,
  ...EARNINGS_CALL_ENDPOINTS,
  ...SCREENER_ENDPOINTS,
];

/** Ids, (method, path) pairs and MCP tools (name, or name and kind) must be unique: checked at server build and by tests. */
export function assertRegistryConsistent(endpoints: readonly EndpointDef[] = ENDPOINTS): void {
  const ids = new Set<string>();
  const routes = new Set<string>();
  const tools = new Map<string, Set<string | undefined>>();
  for (const e of endpoints) {
    if (ids.has(e.id)) throw new Error(`duplicate endpoint id ${e.id}`);
    ids.add(e.id);
    const route = `${e.method} ${e.path}`;
    if (routes.has(route)) throw new Error(`duplicate route ${route}`);
    routes.add(route);
    // A tool name is shared only by a family whose entries each name a distinct kind (a folded
    // entry names the tool that answers for it: checked when the tool catalog is built).
    if (!e.mcp.folded) {
      const kinds = tools.get(e.mcp.tool) ?? new Set<string | undefined>();
      if (kinds.size > 0 && (e.mcp.kind === undefined || kinds.has(undefined) || kinds.has(e.mcp.kind))) throw new Error(`duplicate MCP tool ${e.mcp.tool}`);
      tools.set(e.mcp.tool, kinds.add(e.mcp.kind));
    }
    for (const m of e.path.matchAll(/\{(\w+)\}/g)) {
      if (!e.params.some((p) => p.in === 'path' && p.name === m[1])) throw new Error(`${e.id}: path parameter ${m[1]} has no ParamDef`);
    }
    const limit = e.params.find((p) => p.name === 'limit');
    if (e.maxLimit !== undefined && limit && limit.max !== e.maxLimit) throw new Error(`${e.id}: limit max differs from maxLimit`);
  }
}
