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

/** Code points per streamed piece of a call's arguments: a few tokens, like a model's own deltas. */
const ARGUMENT_PIECE = 24;

/**
 * Stream deltas for finished tool calls in OpenAI's chunk shape: per call, one delta with index, id,
 * type, name and empty arguments, then the arguments in pieces under the same index. Pieces are cut
 * at code points so every frame is valid UTF-8 on its own.
 */
export function toolCallDeltas(calls: readonly ToolCallWire[]): Record<string, unknown>[] {
  const deltas: Record<string, unknown>[] = [];
  calls.forEach((call, index) => {
    deltas.push({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
      ],
    });
    const points = Array.from(call.function.arguments);
    for (let i = 0; i < points.length; i += ARGUMENT_PIECE) {
      const piece = points.slice(i, i + ARGUMENT_PIECE).join('');
      deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
    }
  });
  return deltas;
}
