/** One event-stream frame: the joined `data:` lines, and the raw frame text to check the framing. */
export interface SseFrame {
  data: string;
  raw: string;
}

/** Splits an event stream into frames as bytes arrive (frames end with a blank line). */
export async function* readFrames(body: ReadableStream<Uint8Array>): AsyncGenerator<SseFrame> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const raw = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const frame = toFrame(raw);
      if (frame) yield frame;
    }
  }
  const frame = toFrame(buffer.trim());
  if (frame) yield frame;
}

function toFrame(raw: string): SseFrame | null {
  const data = raw
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).replace(/^ /, ''));
  // Comment-only frames (keep-alives) carry no data.
  return data.length === 0 ? null : { data: data.join('\n'), raw };
}

export interface StreamResult {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  /** JSON of every frame before `[DONE]`. */
  events: Record<string, unknown>[];
  /** Whether the last frame was exactly `data: [DONE]`. */
  endedWithDone: boolean;
  /** The body text when the response was not an event stream (an error before the stream started). */
  text: string;
}

/** Sends a streaming request and reads the whole stream. */
export async function collectStream(
  url: string,
  key: string,
  json: unknown,
  onFrame?: (f: SseFrame) => Promise<void> | void,
): Promise<StreamResult> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const result: StreamResult = {
    status: res.status,
    headers: res.headers,
    frames: [],
    events: [],
    endedWithDone: false,
    text: '',
  };
  if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) {
    result.text = await res.text();
    return result;
  }
  for await (const frame of readFrames(res.body)) {
    result.frames.push(frame);
    if (onFrame) await onFrame(frame);
    if (frame.data === '[DONE]') continue;
    result.events.push(JSON.parse(frame.data) as Record<string, unknown>);
  }
  const last = result.frames.at(-1);
  result.endedWithDone = last?.data === '[DONE]' && last.raw === 'data: [DONE]';
  return result;
}
