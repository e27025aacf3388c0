import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.js';
import { validateCompletion } from './validate-completion.js';

const user = { role: 'user', content: 'hi' };

function paramOf(body: unknown): string | null | undefined {
  try {
    validateCompletion(body);
  } catch (err) {
    if (err instanceof HttpError && err.status === 400) return err.param;
    throw err;
  }
  return undefined;
}

describe('validateCompletion', () => {
  it('accepts a minimal request and applies defaults', () => {
    const r = validateCompletion({ messages: [user], unknown_field: true });
    expect(r).toMatchObject({ stream: false, includeUsage: false, tools: [], toolChoice: 'none', stop: [] });
    expect(r.responseFormat).toEqual({ type: 'text' });
  });

  it('counts content limits in characters (code points), not UTF-16 units', () => {
    const emoji = '\u{1F600}';
    const at = (content: string) => paramOf({ messages: [{ role: 'user', content }] });
    expect(at(emoji.repeat(100_000))).toBeUndefined();
    expect(at(emoji.repeat(100_001))).toBe('messages[0].content');
    // Parts are joined before counting, so the limit holds across them.
    const parts = [
      { type: 'text', text: emoji.repeat(60_000) },
      { type: 'text', text: emoji.repeat(40_001) },
    ];
    expect(paramOf({ messages: [{ role: 'user', content: parts }] })).toBe('messages[0].content');
  });

  it.each([
    [undefined, null],
    [[user], null],
    [{ messages: [user], model: 5 }, 'model'],
    [{ messages: [] }, 'messages'],
    [{ messages: Array.from({ length: 201 }, () => user) }, 'messages'],
    [{ messages: [{ role: 'system', content: 'x' }] }, 'messages'],
    [{ messages: [{ role: 'assistant', content: 'x' }, user] }, 'messages'],
    [{ messages: [user, { role: 'assistant', content: 'x' }] }, 'messages'],
    [{ messages: [user, { role: 'wizard', content: 'x' }] }, 'messages[1].role'],
    [{ messages: [{ role: 'user', content: '' }] }, 'messages[0].content'],
    [{ messages: [{ role: 'user', content: 'x'.repeat(100_001) }] }, 'messages[0].content'],
    [{ messages: [{ role: 'user', content: [{ type: 'image_url' }] }] }, 'messages[0].content[0]'],
    [{ messages: [user, { role: 'tool', content: 'r' }] }, 'messages[1].tool_call_id'],
    [
      { messages: [user, { role: 'assistant', tool_calls: [{ id: 'a' }] }, user] },
      'messages[1].tool_calls[0]',
    ],
    [
      {
        messages: [
          user,
          {
            role: 'assistant',
            tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
          { role: 'tool', tool_call_id: 'a', content: 'r' },
          { role: 'tool', tool_call_id: 'a', content: 'again' },
        ],
      },
      'messages[3].tool_call_id',
    ],
    [{ messages: [user], stream: 'true' }, 'stream'],
    [{ messages: [user], stream_options: { include_usage: 1 } }, 'stream_options.include_usage'],
    [{ messages: [user], n: 2 }, 'n'],
    [{ messages: [user], n: '1' }, 'n'],
    [{ messages: [user], tools: [{ type: 'function', function: { name: 'bad name' } }] }, 'tools[0]'],
    [{ messages: [user], tool_choice: 'sometimes' }, 'tool_choice'],
    [
      { messages: [user], response_format: { type: 'json_schema', json_schema: { name: 'x' } } },
      'response_format',
    ],
    [
      {
        messages: [user],
        response_format: { type: 'json_object' },
        tools: [{ type: 'function', function: { name: 'f' } }],
      },
      'response_format',
    ],
    [{ messages: [user], stop: ['ok', ''] }, 'stop'],
    [{ messages: [user], temperature: 2.5 }, 'temperature'],
    [{ messages: [user], temperature: '1' }, 'temperature'],
    [{ messages: [user], top_p: 1.5 }, 'top_p'],
    [{ messages: [user], max_completion_tokens: 0 }, 'max_completion_tokens'],
    [{ messages: [user], max_completion_tokens: 1.5 }, 'max_completion_tokens'],
  ])('rejects %j with param %s', (body, param) => {
    expect(paramOf(body)).toBe(param);
  });

  it('reports only the first failure in field order', () => {
    expect(paramOf({ messages: [], n: 3, temperature: 9 })).toBe('messages');
  });

  it('validates stream_options even when stream is false', () => {
    expect(paramOf({ messages: [user], stream: false, stream_options: 'yes' })).toBe('stream_options');
  });

  it('ignores a well-formed tool_choice when no tools are sent', () => {
    expect(validateCompletion({ messages: [user], tool_choice: 'required' }).toolChoice).toBe('none');
  });

  it('matches a tool message to an unanswered call of the nearest assistant message', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } };
    const r = validateCompletion({
      messages: [
        user,
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'c1', content: 'r' },
      ],
    });
    expect(r.messages[2]!.toolCallId).toBe('c1');
  });
});
