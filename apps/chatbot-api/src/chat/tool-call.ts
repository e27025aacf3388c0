import { randomBytes } from 'node:crypto';
import { isObject } from '../http/json-shapes.js';
import type { ToolChoice, ToolDef } from './completion-request.js';
import { fillSchema } from './json-output.js';

export interface ToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * The extractive answerer has no planner, so it calls a tool only when the caller insists
 * (`tool_choice` required or a named function): the named tool, or the first one, with arguments
 * built from its parameter schema and the user's question in the string fields.
 */
export function forcedToolCall(
  tools: readonly ToolDef[],
  choice: ToolChoice,
  question: string,
): ToolCallWire | null {
  if (choice === 'auto' || choice === 'none' || tools.length === 0) return null;
  const tool = typeof choice === 'object' ? tools.find((t) => t.name === choice.name) : tools[0];
  if (!tool) return null;
  const params = tool.parameters;
  const args =
    params && isObject(params.properties) ? fillSchema({ ...params, type: 'object' }, question) : {};
  return {
    id: `call_${randomBytes(12).toString('hex')}`,
    type: 'function',
    function: { name: tool.name, arguments: JSON.stringify(args) },
  };
}
