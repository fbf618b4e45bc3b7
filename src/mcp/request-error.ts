// A JSON-RPC error of an MCP request (unknown tool, resource or prompt; a bad prompt argument): the
// SDK sends `code` and `message` as they are, where an McpError's message would carry its
// "MCP error <code>:" prefix twice once the client wraps it.
import type { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

export class RequestError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
    this.name = 'RequestError';
  }
}
