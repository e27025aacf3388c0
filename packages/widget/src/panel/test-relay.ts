import type { SessionResponse, WireMessage } from '@amicus/protocol';

// A scripted stand-in for the relay's widget API, injected as `fetch` (the relay is another package:
// its own tests cover it; the e2e specs run the widget against the real one).

export type Route = (req: {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}) => Response | Promise<Response>;

export interface TestRelay {
  fetch: typeof fetch;
  calls: { method: string; path: string; auth: string | null; body: string }[];
}

export function testRelay(routes: Record<string, Route>): TestRelay {
  const calls: TestRelay['calls'] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? init.body : '';
    calls.push({ method, path: url.pathname, auth: headers.get('authorization'), body });
    if (init.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const route = routes[`${method} ${url.pathname}`] ?? routes[`${method} *`];
    if (!route)
      return json(404, {
        error: { code: 'not_found', message: 'no route', retryable: false, retryAfter: null },
      });
    return route({ method, path: url.pathname, headers, body });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export function session(token = 'tok-1', refreshInMs = 60_000): SessionResponse {
  const now = Date.now();
  return {
    token,
    refreshAt: new Date(now + refreshInMs).toISOString(),
    expiresAt: new Date(now + 2 * refreshInMs).toISOString(),
  };
}

/** An event-stream body delivered in the given raw chunks (so frames can be split anywhere). */
export function sse(chunks: string[], { delayMs = 0, hang = false } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const chunk of chunks) {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        controller.enqueue(encoder.encode(chunk));
      }
      if (!hang) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

export const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const answer = (content: string, citations: WireMessage['citations'] = []): WireMessage => ({
  role: 'assistant',
  content,
  citations,
});
