import { badRequest } from '../http/http-error.js';
import { isAbsent, isObject, type JsonObject, requireObjectBody } from '../http/json-shapes.js';
import type { CompletionRequest, ResponseFormat, ToolChoice, ToolDef } from './completion-request.js';
import { parseMessages } from './validate-messages.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

function optionalBoolean(body: JsonObject, field: string, param = field): boolean | undefined {
  const v = body[field];
  if (isAbsent(v)) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`${param} must be a boolean.`, param);
  return v;
}

function optionalNumber(body: JsonObject, field: string, min: number, max: number): number | null {
  const v = body[field];
  if (isAbsent(v)) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw badRequest(`${field} must be a number from ${min} to ${max}.`, field);
  }
  return v;
}

function parseModel(v: unknown): string | null | undefined {
  if (v === undefined || v === null || typeof v === 'string') return v;
  throw badRequest('model must be a string.', 'model');
}

function parseStreamOptions(v: unknown): boolean {
  if (isAbsent(v)) return false;
  if (!isObject(v)) throw badRequest('stream_options must be an object.', 'stream_options');
  return optionalBoolean(v, 'include_usage', 'stream_options.include_usage') ?? false;
}

function parseTools(v: unknown): ToolDef[] {
  if (isAbsent(v)) return [];
  if (!Array.isArray(v)) throw badRequest('tools must be an array.', 'tools');
  return v.map((tool, i) => {
    const fn = isObject(tool) ? tool.function : undefined;
    const valid =
      isObject(tool) &&
      tool.type === 'function' &&
      isObject(fn) &&
      typeof fn.name === 'string' &&
      TOOL_NAME.test(fn.name) &&
      (fn.description === undefined || typeof fn.description === 'string') &&
      (fn.parameters === undefined || isObject(fn.parameters));
    if (!valid || !isObject(fn)) {
      throw badRequest(
        'Each tool must be {type: "function", function: {name, description?, parameters?}} with a name of 1-64 of a-z A-Z 0-9 _ -.',
        `tools[${i}]`,
      );
    }
    return {
      name: fn.name as string,
      description: typeof fn.description === 'string' ? fn.description : null,
      parameters: isObject(fn.parameters) ? fn.parameters : null,
    };
  });
}

function parseToolChoice(v: unknown): ToolChoice | undefined {
  if (isAbsent(v)) return undefined;
  if (v === 'auto' || v === 'none' || v === 'required') return v;
  if (isObject(v) && v.type === 'function' && isObject(v.function) && typeof v.function.name === 'string') {
    return { name: v.function.name };
  }
  throw badRequest(
    'tool_choice must be auto, none, required or {type: "function", function: {name}}.',
    'tool_choice',
  );
}

function parseResponseFormat(v: unknown): ResponseFormat {
  if (isAbsent(v)) return { type: 'text' };
  const invalid = () =>
    badRequest(
      'response_format must be {type: "text"}, {type: "json_object"} or {type: "json_schema", json_schema: {name, schema}}.',
      'response_format',
    );
  if (!isObject(v)) throw invalid();
  if (v.type === 'text' || v.type === 'json_object') return { type: v.type };
  if (v.type !== 'json_schema') throw invalid();
  const spec = v.json_schema;
  if (!isObject(spec) || typeof spec.name !== 'string' || !isObject(spec.schema)) throw invalid();
  return { type: 'json_schema', name: spec.name, schema: spec.schema };
}

function parseStop(v: unknown): string[] {
  if (isAbsent(v)) return [];
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || list.some((s) => typeof s !== 'string' || s === '')) {
    throw badRequest('stop must be a non-empty string or an array of non-empty strings.', 'stop');
  }
  return list as string[];
}

function parseMaxTokens(v: unknown): number | null {
  if (isAbsent(v)) return null;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw badRequest('max_completion_tokens must be a positive integer.', 'max_completion_tokens');
  }
  return v;
}

/** Checks every field rule of POST /chat/completions in field order and reports the first failure only. */
export function validateCompletion(body: unknown): CompletionRequest {
  const b = requireObjectBody(body);
  const model = parseModel(b.model);
  const messages = parseMessages(b.messages);
  const stream = optionalBoolean(b, 'stream') ?? false;
  const includeUsage = parseStreamOptions(b.stream_options);
  if (!isAbsent(b.n) && b.n !== 1) throw badRequest('n must be 1.', 'n');
  const tools = parseTools(b.tools);
  const rawChoice = parseToolChoice(b.tool_choice);
  if (rawChoice !== undefined && typeof rawChoice === 'object' && tools.length > 0) {
    if (!tools.some((t) => t.name === rawChoice.name)) {
      throw badRequest(`tool_choice names "${rawChoice.name}", which is not among tools.`, 'tool_choice');
    }
  }
  const responseFormat = parseResponseFormat(b.response_format);
  if (responseFormat.type !== 'text' && tools.length > 0) {
    throw badRequest('JSON response formats cannot be combined with tools.', 'response_format');
  }
  const stop = parseStop(b.stop);
  const temperature = optionalNumber(b, 'temperature', 0, 2);
  const topP = optionalNumber(b, 'top_p', 0, 1);
  const maxCompletionTokens = parseMaxTokens(b.max_completion_tokens);
  return {
    model,
    messages,
    stream,
    includeUsage,
    tools,
    // A well-formed tool_choice means nothing without tools.
    toolChoice: tools.length === 0 ? 'none' : (rawChoice ?? 'auto'),
    responseFormat,
    stop,
    temperature,
    topP,
    maxCompletionTokens,
    explain: b.amicus_explain === true,
    metadata: stringMap(b.metadata),
  };
}

/** String entries of an object (others ignored): never an error, this is an extension field. */
function stringMap(v: unknown): Record<string, string> | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, x] of Object.entries(v)) if (typeof x === 'string') out[k] = x.slice(0, 512);
  return out;
}
