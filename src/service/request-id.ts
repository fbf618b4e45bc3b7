// Request ids: `req_` + a random per-process tag + a base-36 counter, shared by every transport
// (Fastify's genReqId, the MCP stdio server, connection-level errors).
import crypto from 'node:crypto';

let seq = 0;
const PROCESS_TAG = crypto.randomBytes(4).toString('hex');

export function nextRequestId(): string {
  seq = (seq + 1) % 0x7fffffff;
  return `req_${PROCESS_TAG}${seq.toString(36).padStart(6, '0')}`;
}
