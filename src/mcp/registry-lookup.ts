// Finds, in the endpoint registry passed in, the entries the assistant tools compose: the
// records endpoint of a record type and an entry by id. Invariant: the assistant tools reach data
// only through registry entries (so plans, params and history apply as on REST).
import type { EndpointDef, ParamValues } from '../service/endpoint-types.js';
import { ApiError } from '../service/errors.js';
import { invokeEndpoint } from '../service/invoke-endpoint.js';
import type { RecordType } from '../model/record-types.js';
import type { ToolContext } from './tool-types.js';

export function recordsEndpoint(endpoints: readonly EndpointDef[], recordType: RecordType): EndpointDef | undefined {
  return endpoints.find((e) => e.method === 'GET' && e.response.kind === 'records' && e.response.recordType === recordType);
}

export function endpointById(endpoints: readonly EndpointDef[], id: string): EndpointDef | undefined {
  return endpoints.find((e) => e.id === id);
}

/** A call already counted by the tool (one tool call is one request): the endpoint's JSON answer. */
export async function subCall(ctx: ToolContext, e: EndpointDef, args: Readonly<Record<string, string>>): Promise<{ value: unknown; params: ParamValues }> {
  const { result, params } = await invokeEndpoint(ctx.services, e, ctx.caller, args, { metered: false });
  if (result.kind === 'binary') throw new ApiError('internal_error');
  return { value: result.kind === 'rows' ? result.rows.map((r) => JSON.parse(r) as unknown) : result.value, params };
}

/** The records of one company and record type (newest first unless args say otherwise). */
export async function recordsOf(ctx: ToolContext, recordType: RecordType, args: Readonly<Record<string, string>>): Promise<Record<string, unknown>[]> {
  const e = recordsEndpoint(ctx.endpoints, recordType);
  if (!e) return [];
  return (await subCall(ctx, e, args)).value as Record<string, unknown>[];
}
