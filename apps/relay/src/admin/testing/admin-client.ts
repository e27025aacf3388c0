/** A signed-in admin API caller for tests: cookie, CSRF token and Origin on every request. */
export class AdminTestClient {
  private headers: Record<string, string> = {};

  constructor(readonly origin: string) {}

  get base(): string {
    return `${this.origin}/admin/api`;
  }

  async login(username: string, password: string): Promise<this> {
    const res = await fetch(`${this.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin },
      body: JSON.stringify({ username, password }),
    });
    if (res.status !== 200) throw new Error(`login failed with ${res.status}`);
    const { csrf_token } = (await res.json()) as { csrf_token: string };
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    this.headers = { cookie, 'x-csrf-token': csrf_token, origin: this.origin };
    return this;
  }

  /** The same session used against another relay instance (which sends its own Origin). */
  on(origin: string): AdminTestClient {
    const other = new AdminTestClient(origin);
    other.headers = { ...this.headers, origin };
    return other;
  }

  get auth(): Record<string, string> {
    return { ...this.headers };
  }

  fetch(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, {
      ...init,
      headers: { ...this.headers, ...(init.headers as object) },
    });
  }

  async json<T = Record<string, unknown>>(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.fetch(path, init);
    return { status: res.status, body: (await res.json()) as T };
  }

  send<T = Record<string, unknown>>(method: string, path: string, body: unknown) {
    return this.json<T>(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  upload<T = Record<string, unknown>>(form: FormData) {
    return this.json<T>('/uploads', { method: 'POST', body: form });
  }
}
