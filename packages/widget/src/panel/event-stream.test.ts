import { describe, expect, it } from 'vitest';
import { readEvents, type StreamEvent } from './event-stream';
import { RelayError } from './relay-error';

/** A body delivering `chunks` one read at a time, as a network would split them. */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of readEvents(stream, new AbortController().signal)) out.push(event);
  return out;
}

const done = 'event: done\ndata: {"message":{"role":"assistant","content":"Hi","citations":[]}}\n\n';

describe('readEvents', () => {
  it('yields typed events across arbitrary chunk boundaries and skips comments', async () => {
    const events = await collect(
      body(
        'event: start\nda',
        'ta: {"conversationId":"c1"}\n',
        '\n: ping\n\nevent: del',
        'ta\ndata: {"text":"Hi"}\n\n',
        done,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'done']);
    expect(events[1]?.data).toEqual({ text: 'Hi' });
  });

  it('accepts CRLF and CR line ends, including a CRLF split between chunks', async () => {
    const events = await collect(
      body('event: delta\r\ndata: {"text":"a"}\r', '\n\r\n', 'event: delta\rdata: {"text":"b"}\r\r', done),
    );
    expect(events.filter((e) => e.type === 'delta').map((e) => e.data)).toEqual([
      { text: 'a' },
      { text: 'b' },
    ]);
  });

  it('joins multi-line data and ignores frames that are not JSON or of unknown type', async () => {
    const events = await collect(
      body(
        'event: delta\ndata: {"text":\ndata: "x"}\n\n',
        'event: delta\ndata: nope\n\n',
        'event: other\ndata: {}\n\n',
        done,
      ),
    );
    expect(events.map((e) => e.type)).toEqual(['delta', 'done']);
  });

  it('throws the relay error of an error frame, and `cut` when the stream ends without done', async () => {
    await expect(
      collect(
        body('event: error\ndata: {"code":"rate_limited","message":"x","retryable":true,"retryAfter":3}\n\n'),
      ),
    ).rejects.toMatchObject({ kind: 'rateLimited', retryAfter: 3 });
    await expect(collect(body('event: delta\ndata: {"text":"a"}\n\n'))).rejects.toBeInstanceOf(RelayError);
  });
});
