export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  body: unknown;
}

export interface CallOptions {
  /** Bearer token. */
  token?: string;
  /** A JSON value (serialized) or a string sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP request; never throws for an HTTP status. */
export async function call(url: string, method: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}
