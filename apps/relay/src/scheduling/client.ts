import { isRecord } from '../conversations/untrusted.js';
import { MIN_WAIT_SECONDS, SchedulingError, WAIT_STATUSES } from './errors.js';
import type {
  WireClient,
  WireEvent,
  WireEventDetail,
  WireNewClient,
  WireOneoff,
  WireOutboxEntry,
  WireSettings,
  WireToken,
} from './wire.js';

export interface SchedulingClientOptions {
  /** Server root: the token is at `{serverUrl}/oauth/token`, the API at `{serverUrl}/v1`. */
  serverUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
}

/** What the admin page shows about the integration. */
export interface SchedulingStatus {
  token_ok: boolean;
  token_expires_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  /** Set while the provider's "wait at least a minute" runs. */
  retry_after: string | null;
}

/** What a provider answer must be to be read: anything else is the provider's fault, not ours. */
type Shape = (value: unknown) => boolean;
const withUuid: Shape = (v) => isRecord(v) && typeof v.uuid === 'string' && v.uuid !== '';
const listOf =
  (item: Shape): Shape =>
  (v) =>
    Array.isArray(v) && v.every(item);
/** An event as a visitor is shown it: its own id and a calendar date. */
const event: Shape = (v) =>
  withUuid(v) &&
  typeof (v as WireEvent).date === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test((v as WireEvent).date);
const ANY: Shape = () => true;

// Without `expires_in` the token is kept for this long, then fetched again before use.
const DEFAULT_TOKEN_SECONDS = 3000;

/**
 * Typed client of the provider's Messaging and Scheduling API. The token is fetched once and cached until
 * it expires, and fetched again once on a 401. After 429, 503 or 504 the contract says to wait at least a
 * minute: the client remembers that and refuses every call until then with a `SchedulingError` carrying the
 * remaining seconds, so no visitor ever waits through it (they are told to try again shortly).
 */
export class SchedulingClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private token: { value: string; expiresAt: number } | undefined;
  private tokenRequest: Promise<string> | undefined;
  private waitUntil = 0;
  /**
   * The most recent failure, kept after later successes: staff see when the provider last failed even
   * once it answers again (the status page's own check says whether it works now).
   */
  private lastError: { message: string; at: number } | undefined;

  constructor(private readonly options: SchedulingClientOptions) {
    this.base = options.serverUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  status(): SchedulingStatus {
    const now = this.now();
    return {
      token_ok: this.token !== undefined && this.token.expiresAt > now,
      token_expires_at: this.token ? new Date(this.token.expiresAt).toISOString() : null,
      last_error: this.lastError?.message ?? null,
      last_error_at: this.lastError ? new Date(this.lastError.at).toISOString() : null,
      retry_after: this.waitUntil > now ? new Date(this.waitUntil).toISOString() : null,
    };
  }

  /** `GET /settings`: also the way to check the credentials. */
  settings(): Promise<WireSettings> {
    return this.call<WireSettings>('GET', '/v1/settings', undefined, isRecord);
  }

  /** Events whose `case_number` is exactly `caseNumber` (archived and deleted ones are never listed). */
  eventsByCaseNumber(caseNumber: string): Promise<WireEvent[]> {
    const query = new URLSearchParams({
      case_number: caseNumber,
      limit: '50',
      sort: 'date',
      sortDirection: 'asc',
    });
    return this.call<WireEvent[]>('GET', `/v1/events?${query}`, undefined, listOf(withUuid));
  }

  /** Events a client is on (as the event's client or attached), for detaching it everywhere. */
  eventsOfClient(clientUuid: string): Promise<WireEvent[]> {
    const query = new URLSearchParams({ client: clientUuid, limit: '100' });
    return this.call<WireEvent[]>('GET', `/v1/events?${query}`, undefined, listOf(withUuid));
  }

  event(uuid: string): Promise<WireEventDetail> {
    return this.call<WireEventDetail>('GET', `/v1/events/${encodeURIComponent(uuid)}`, undefined, event);
  }

  async clientByReference(reference: string): Promise<WireClient | undefined> {
    const query = new URLSearchParams({ client_reference: reference, limit: '1' });
    const list = await this.call<WireClient[]>('GET', `/v1/clients?${query}`, undefined, listOf(withUuid));
    return list.find((c) => c.client_reference === reference);
  }

  createClient(body: WireNewClient): Promise<WireClient> {
    return this.call<WireClient>('POST', '/v1/clients', body, withUuid);
  }

  /** Attaches; false when the client was already on the event (409), which is not an error here. */
  async attach(eventUuid: string, clientUuid: string): Promise<boolean> {
    try {
      await this.call('POST', `/v1/events/${encodeURIComponent(eventUuid)}/attach`, { client: clientUuid });
      return true;
    } catch (error) {
      if (error instanceof SchedulingError && error.status === 409) return false;
      throw error;
    }
  }

  /** Detaches; false when the client was not attached (404). */
  async detach(eventUuid: string, clientUuid: string): Promise<boolean> {
    try {
      await this.call('DELETE', `/v1/events/${encodeURIComponent(eventUuid)}/detach`, { client: clientUuid });
      return true;
    } catch (error) {
      if (error instanceof SchedulingError && error.status === 404) return false;
      throw error;
    }
  }

  sendOneoff(body: WireOneoff): Promise<unknown> {
    return this.call('POST', '/v1/messages/oneoffs', body);
  }

  /** Our embedded implementation's outbox (an extension outside the contract); 404 elsewhere. */
  outbox(limit = 50): Promise<WireOutboxEntry[]> {
    return this.call<WireOutboxEntry[]>('GET', `/_local/outbox?limit=${limit}`, undefined, listOf(isRecord));
  }

  /** A request with the token; an answer that is not JSON of the expected `shape` is a 502. */
  private async call<T>(method: string, path: string, body?: unknown, shape: Shape = ANY): Promise<T> {
    this.checkWait();
    let token = await this.accessToken();
    let res = await this.send(method, path, token, body);
    if (res.status === 401) {
      // A revoked or expired token: one fresh token, one more try.
      this.token = undefined;
      token = await this.accessToken();
      res = await this.send(method, path, token, body);
    }
    const what = `${method} ${path.split('?')[0]}`;
    if (!res.ok) throw await this.failure(res, what);
    if (res.status === 204) return undefined as T;
    return (await this.read(res, what, shape)) as T;
  }

  /** The JSON of a successful answer, checked against `shape` (an empty body reads as undefined). */
  private async read(res: Response, what: string, shape: Shape): Promise<unknown> {
    let value: unknown;
    try {
      const text = await res.text();
      value = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw this.record(new SchedulingError(502, `${what} answered with a body that is not JSON.`));
    }
    if (shape !== ANY && !shape(value)) {
      throw this.record(new SchedulingError(502, `${what} answered with data of an unexpected shape.`));
    }
    return value;
  }

  private checkWait(): void {
    const remaining = this.waitUntil - this.now();
    if (remaining > 0) {
      throw new SchedulingError(503, 'The scheduling service asked us to wait.', Math.ceil(remaining / 1000));
    }
  }

  private accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt - 30_000 > this.now()) return Promise.resolve(this.token.value);
    // Concurrent callers share one token request.
    this.tokenRequest ??= this.fetchToken().finally(() => {
      this.tokenRequest = undefined;
    });
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const res = await this.request(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    if (!res.ok) throw await this.failure(res, 'token request');
    const body = (await this.read(res, 'token request', isRecord)) as WireToken;
    if (typeof body.access_token !== 'string' || body.access_token === '') {
      throw this.record(new SchedulingError(502, 'The token response has no access_token.'));
    }
    const seconds =
      typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_TOKEN_SECONDS;
    this.token = { value: body.access_token, expiresAt: this.now() + seconds * 1000 };
    return body.access_token;
  }

  private send(method: string, path: string, token: string, body: unknown): Promise<Response> {
    return this.request(`${this.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  private async request(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw this.record(
        new SchedulingError(
          timedOut ? 504 : 0,
          timedOut ? 'The scheduling service timed out.' : 'The scheduling service is unreachable.',
        ),
      );
    }
  }

  private async failure(res: Response, what: string): Promise<SchedulingError> {
    // The body may echo what we sent (a phone, an e-mail): only the status is kept.
    await res.body?.cancel().catch(() => undefined);
    let retryAfter: number | null = null;
    if (WAIT_STATUSES.has(res.status)) {
      const asked = Number(res.headers.get('retry-after'));
      retryAfter = Math.max(MIN_WAIT_SECONDS, Number.isFinite(asked) ? Math.ceil(asked) : 0);
      this.waitUntil = this.now() + retryAfter * 1000;
    }
    return this.record(new SchedulingError(res.status, `${what} answered ${res.status}`, retryAfter));
  }

  private record(error: SchedulingError): SchedulingError {
    this.lastError = { message: error.message, at: this.now() };
    return error;
  }
}
