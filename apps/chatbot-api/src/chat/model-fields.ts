import type { CompletionRequest } from './completion-request.js';

/**
 * The request fields a language model honours itself, back in OpenAI wire form (the validator
 * turned them into our own types). Only fields the caller gave are sent, so the model's own
 * defaults apply otherwise. temperature and top_p travel separately: the answerer clamps them.
 */
export function modelFields(
  request: Pick<CompletionRequest, 'tools' | 'toolChoice' | 'responseFormat' | 'stop'>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (request.tools.length > 0) {
    out.tools = request.tools.map((t) => ({
      type: 'function',
      function: {
        name: t.name,
        ...(t.description === null ? {} : { description: t.description }),
        ...(t.parameters === null ? {} : { parameters: t.parameters }),
      },
    }));
    const choice = request.toolChoice;
    out.tool_choice =
      typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
  }
  const format = request.responseFormat;
  if (format.type === 'json_object') out.response_format = { type: 'json_object' };
  if (format.type === 'json_schema') {
    out.response_format = { type: 'json_schema', json_schema: { name: format.name, schema: format.schema } };
  }
  if (request.stop.length > 0) out.stop = request.stop;
  return out;
}
