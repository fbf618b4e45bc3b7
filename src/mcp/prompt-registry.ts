// The MCP prompts of tenk, one entry per prompt, and the two requests over them: prompts/list and
// prompts/get (arguments checked against the declared list, then the prompt rendered as one user
// message). Invariant: a bad argument (undeclared, required and missing, invalid) is an
// InvalidParams error naming it; a prompt naming a tool or field this server lacks is an
// InternalError, never a recipe the assistant cannot follow.
import { ErrorCode, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { fieldNames } from '../metrics/registry.js';
import type { IdentifierResolver } from '../reference/resolve-identifier.js';
import { companyQualityPrompt } from './company-quality-prompt.js';
import { filingChangesPrompt } from './filing-changes-prompt.js';
import { peerComparisonPrompt } from './peer-comparison-prompt.js';
import { PromptArgs, PromptArgumentError } from './prompt-arguments.js';
import type { McpPrompt, PromptNames } from './prompt-types.js';
import { RequestError } from './request-error.js';

export const PROMPTS: readonly McpPrompt[] = [companyQualityPrompt, peerComparisonPrompt, filingChangesPrompt];

export interface PromptContext {
  /** The tool names of this server's catalog. */
  tools: { has(name: string): boolean };
  resolver: Pick<IdentifierResolver, 'resolve'>;
}

/** prompts/list: every prompt's description (names unique: checked by the unit test). */
export function promptDefs(): Prompt[] {
  return PROMPTS.map((p) => p.def);
}

function namesFor(prompt: string, tools: PromptContext['tools']): PromptNames {
  const tool = (name: string) => {
    if (!tools.has(name)) throw new RequestError(ErrorCode.InternalError, `prompt ${prompt} names the tool ${name}, which this server does not have`);
    return name;
  };
  return {
    tool,
    call: (name, args) => `\`${tool(name)}\` with ${JSON.stringify(args)}`,
    field(recordType, name) {
      if (!fieldNames(recordType).includes(name)) throw new RequestError(ErrorCode.InternalError, `prompt ${prompt} names the field ${recordType}.${name}, which the metric registry does not have`);
      return name;
    },
  };
}

/** prompts/get: the prompt rendered with its arguments, or a RequestError. */
export function getPrompt(name: string, args: Readonly<Record<string, string>>, ctx: PromptContext): GetPromptResult {
  const prompt = PROMPTS.find((p) => p.def.name === name);
  if (!prompt) throw new RequestError(ErrorCode.InvalidParams, `Unknown prompt ${name.slice(0, 80)}: the prompts are ${PROMPTS.map((p) => p.def.name).join(', ')}`);
  const declared = prompt.def.arguments;
  const takes = `it takes ${declared.map((a) => a.name).join(', ')}`;
  for (const k of Object.keys(args)) {
    if (!declared.some((a) => a.name === k)) throw new RequestError(ErrorCode.InvalidParams, `Unknown argument ${k.slice(0, 40)} of prompt ${name}: ${takes}`);
  }
  for (const a of declared) {
    if (a.required && (args[a.name] ?? '').trim() === '') throw new RequestError(ErrorCode.InvalidParams, `Missing argument ${a.name} of prompt ${name}: ${a.description}`);
  }
  let text: string;
  try {
    text = prompt.render(new PromptArgs(args, ctx.resolver), namesFor(name, ctx.tools));
  } catch (err) {
    if (err instanceof PromptArgumentError) throw new RequestError(ErrorCode.InvalidParams, `Invalid argument ${err.argument} of prompt ${name}: ${err.message}`);
    throw err;
  }
  return { description: prompt.def.description, messages: [{ role: 'user', content: { type: 'text', text } }] };
}
