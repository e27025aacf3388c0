/** Parses an SSE body into its `data:` payloads (JSON, or the literal `[DONE]`). */
export function sseFrames(body: string): unknown[] {
  return body
    .split('\n\n')
    .map((block) => block.trim())
    .filter((block) => block.startsWith('data: '))
    .map((block) => {
      const data = block.slice('data: '.length);
      return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as unknown);
    });
}

export function authHeaders(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
}

/** Response JSON as tests inspect it: shapes are asserted field by field, so typing them would add nothing. */
// biome-ignore lint/suspicious/noExplicitAny: wire JSON in tests is checked by assertions, not by types.
export type Wire = any;

export type WireResponse = Omit<Response, 'json'> & { json(): Promise<Wire> };

/** fetch whose `json()` is loosely typed, for tests that assert on response bodies. */
export function fetchWire(url: string, init?: RequestInit): Promise<WireResponse> {
  return fetch(url, init) as Promise<WireResponse>;
}
