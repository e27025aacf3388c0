import { exceedsChars } from '../http/char-length.js';
import { badRequest } from '../http/http-error.js';
import { isAbsent, isObject, requireObjectBody } from '../http/json-shapes.js';

const MAX_KEYS = 16;
const MAX_KEY = 64;
const MAX_VALUE = 512;
const MAX_CONTENT = 100_000;

export interface CreateConversationBody {
  model: string | null | undefined;
  metadata: Record<string, string>;
}

function parseMetadata(v: unknown): Record<string, string> {
  if (isAbsent(v)) return {};
  if (!isObject(v)) throw badRequest('metadata must be an object of string values.', 'metadata');
  const entries = Object.entries(v);
  if (entries.length > MAX_KEYS) throw badRequest(`metadata may hold at most ${MAX_KEYS} keys.`, 'metadata');
  for (const [key, value] of entries) {
    if (key.length === 0 || exceedsChars(key, MAX_KEY)) {
      throw badRequest(`metadata keys must be 1 to ${MAX_KEY} characters.`, 'metadata');
    }
    if (typeof value !== 'string') throw badRequest('metadata values must be strings.', 'metadata');
    if (exceedsChars(value, MAX_VALUE)) {
      throw badRequest(`metadata values must be at most ${MAX_VALUE} characters.`, 'metadata');
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A missing or empty body counts as `{}`. */
export function validateCreateConversation(body: unknown): CreateConversationBody {
  const b = requireObjectBody(body, { emptyAsObject: true });
  if (!(b.model === undefined || b.model === null || typeof b.model === 'string')) {
    throw badRequest('model must be a string.', 'model');
  }
  return { model: b.model as string | null | undefined, metadata: parseMetadata(b.metadata) };
}

export function validateAddMessage(body: unknown): { content: string; stream: boolean } {
  const b = requireObjectBody(body);
  if (typeof b.content !== 'string') throw badRequest('content must be a string.', 'content');
  if (b.content.trim() === '') throw badRequest('content must not be empty or whitespace only.', 'content');
  if (exceedsChars(b.content, MAX_CONTENT))
    throw badRequest(`content must be at most ${MAX_CONTENT} characters.`, 'content');
  if (!isAbsent(b.stream) && typeof b.stream !== 'boolean')
    throw badRequest('stream must be a boolean.', 'stream');
  return { content: b.content, stream: b.stream === true };
}
