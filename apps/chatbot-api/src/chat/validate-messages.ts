import { exceedsChars } from '../http/char-length.js';
import { badRequest } from '../http/http-error.js';
import { isAbsent, isObject } from '../http/json-shapes.js';
import { type InMessage, MAX_CONTENT_CHARS, type ToolCall } from './completion-request.js';

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const MAX_MESSAGES = 200;

function contentOf(value: unknown, at: string): string {
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else if (Array.isArray(value)) {
    if (value.length === 0) throw badRequest('Message content must not be empty.', at);
    text = value
      .map((part, j) => {
        if (!isObject(part) || part.type !== 'text' || typeof part.text !== 'string') {
          throw badRequest(
            'Content parts must be objects of type "text" with a "text" string.',
            `${at}[${j}]`,
          );
        }
        return part.text;
      })
      .join('');
  } else {
    throw badRequest('Message content must be a string or an array of text parts.', at);
  }
  if (text.length === 0) throw badRequest('Message content must not be empty.', at);
  if (exceedsChars(text, MAX_CONTENT_CHARS)) {
    throw badRequest(`Message content must be at most ${MAX_CONTENT_CHARS} characters.`, at);
  }
  return text;
}

function toolCallsOf(value: unknown, at: string): ToolCall[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) throw badRequest('tool_calls must be an array.', at);
  return value.map((call, j) => {
    const fn = isObject(call) ? call.function : undefined;
    if (
      !isObject(call) ||
      typeof call.id !== 'string' ||
      call.id === '' ||
      call.type !== 'function' ||
      !isObject(fn) ||
      typeof fn.name !== 'string' ||
      typeof fn.arguments !== 'string'
    ) {
      throw badRequest(
        'Each tool call needs a string id, type "function" and function.name and function.arguments strings.',
        `${at}[${j}]`,
      );
    }
    return { id: call.id, name: fn.name as string, arguments: fn.arguments as string };
  });
}

function parseMessage(raw: unknown, i: number): InMessage {
  const at = `messages[${i}]`;
  if (!isObject(raw)) throw badRequest('Each message must be an object.', at);
  if (typeof raw.role !== 'string' || !ROLES.has(raw.role)) {
    throw badRequest('role must be one of system, developer, user, assistant, tool.', `${at}.role`);
  }
  const role = raw.role as InMessage['role'];
  if (role === 'assistant') {
    const toolCalls = toolCallsOf(raw.tool_calls, `${at}.tool_calls`);
    // A tool-call turn may carry no text; clients replaying it send null or "".
    const textless = toolCalls.length > 0 && (isAbsent(raw.content) || raw.content === '');
    const content = textless ? null : contentOf(raw.content, `${at}.content`);
    return { role, content, toolCalls, toolCallId: null };
  }
  const content = contentOf(raw.content, `${at}.content`);
  if (role === 'tool') {
    if (typeof raw.tool_call_id !== 'string' || raw.tool_call_id === '') {
      throw badRequest('A tool message needs the tool_call_id it answers.', `${at}.tool_call_id`);
    }
    return { role, content, toolCalls: [], toolCallId: raw.tool_call_id };
  }
  return { role, content, toolCalls: [], toolCallId: null };
}

/** A tool message answers a still-unanswered call of the nearest preceding assistant message. */
function checkToolCallIds(messages: InMessage[]): void {
  let open = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role === 'assistant') open = new Set(m.toolCalls.map((c) => c.id));
    if (m.role !== 'tool') return;
    if (!open.has(m.toolCallId!)) {
      throw badRequest(
        'tool_call_id does not match an unanswered tool call of the preceding assistant message.',
        `messages[${i}].tool_call_id`,
      );
    }
    open.delete(m.toolCallId!);
  });
}

export function parseMessages(value: unknown): InMessage[] {
  if (!Array.isArray(value)) throw badRequest('messages must be an array.', 'messages');
  if (value.length === 0 || value.length > MAX_MESSAGES) {
    throw badRequest(`messages must hold 1 to ${MAX_MESSAGES} items.`, 'messages');
  }
  const messages = value.map(parseMessage);
  checkToolCallIds(messages);
  if (!messages.some((m) => m.role === 'user'))
    throw badRequest('messages needs at least one user message.', 'messages');
  const firstTurn = messages.find((m) => m.role !== 'system' && m.role !== 'developer');
  if (firstTurn?.role !== 'user') {
    throw badRequest('The first non-system message must have role user.', 'messages');
  }
  const last = messages.at(-1)!;
  if (last.role !== 'user' && last.role !== 'tool') {
    throw badRequest('The last message must have role user or tool.', 'messages');
  }
  return messages;
}
