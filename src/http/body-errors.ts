// Fastify's request-body failures (wrong Content-Type, malformed JSON, empty or oversized body)
// as the API's own errors, so a POST endpoint answers them in its family's shape with a message
// saying what to send, never a framework 4xx without the contract.
import { ApiError } from '../service/errors.js';

const JSON_HINT = 'send a JSON object with Content-Type: application/json';

export function bodyParseError(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('body_invalid', `Unsupported request body: ${JSON_HINT}.`, 'body');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('body_invalid', `The request body is empty: ${JSON_HINT}.`, 'body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('body_invalid', 'The request body is not valid JSON.', 'body');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('body_too_large', 'The request body is too large for this endpoint.', 'body');
    default:
      return null;
  }
}
