// The shape of one MCP prompt of tenk: its MCP description (name, title, arguments) and a render
// that turns validated arguments into the text an assistant follows. Invariant: a prompt names
// tools and fields only through PromptNames, so a tool or field it names that this server does
// not have fails the render (and the tests) instead of sending the assistant after nothing.
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { RecordType } from '../model/record-types.js';
import type { PromptArgs } from './prompt-arguments.js';

export interface PromptNames {
  /** A tool of this server's catalog, as the prompt writes it (`name`). */
  tool(name: string): string;
  /** A call of a tool of this server's catalog with its arguments, as the prompt writes it. */
  call(name: string, args: Readonly<Record<string, unknown>>): string;
  /** A field of a record type in the metric registry, as the prompt writes it (`name`). */
  field(recordType: RecordType, name: string): string;
}

export interface McpPrompt {
  /** The MCP Prompt description; `arguments` lists every argument the render reads. */
  def: Prompt & { arguments: NonNullable<Prompt['arguments']> };
  /** The prompt's user message; throws a PromptArgumentError (from `args`) for a bad argument. */
  render(args: PromptArgs, names: PromptNames): string;
}
