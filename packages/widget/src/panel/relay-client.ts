import type {
  ConversationCreated,
  ConversationView,
  SendMessageRequest,
  SessionResponse,
} from '@amicus/protocol';
import { readEvents, type StreamEvent } from './event-stream';
import { fromFailure, fromResponse, RelayError, TIMEOUT } from './relay-error';

// The widget API of the relay. Owns the visitor token: minted on first use, kept in the site's
// storage so another page of the site reaches the same conversations, and refreshed before
// `refreshAt` (sending the current token so the relay keeps the same visitor).

export interface Session {
  token: string;
  refreshAt: number;
  expiresAt: number;
}

export interface SessionStore {
  load(): Session | null;
  save(session: Session | null): void;
}

export interface RelayClientOptions {
  relay: string;
  store: SessionStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** For plain requests, and until the first byte of a streamed answer. */
  requestTimeoutMs?: number;
  /** A stream silent this long (no delta, no `: ping`) is treated as timed out. */
  idleTimeoutMs?: number;
}

export type RelayClient = ReturnType<typeof createRelayClient>;

/** An AbortController that follows `parent` and can time out on its own. */
function linked(parent: AbortSignal | undefined) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) onAbort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    signal: controller.signal,
    arm(ms: number) {
      clearTimeout(timer);
      timer = setTimeout(() => controller.abort(TIMEOUT), ms);
    },
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

export function createRelayClient({
  relay,
  store,
  fetch: doFetch = (...args) => globalThis.fetch(...args),
  now = Date.now,
  requestTimeoutMs = 20_000,
  idleTimeoutMs = 45_000,
}: RelayClientOptions) {
  let session = store.load();
  let minting: Promise<Session> | null = null;

  async function mint(signal: AbortSignal): Promise<Session> {
    const headers: Record<string, string> = {};
    const current = session;
    if (current && current.expiresAt > now()) headers.authorization = `Bearer ${current.token}`;
    const res = await doFetch(`${relay}/api/sessions`, { method: 'POST', headers, signal });
    if (!res.ok) throw await fromResponse(res);
    const body = (await res.json()) as SessionResponse;
    session = {
      token: body.token,
      refreshAt: Date.parse(body.refreshAt),
      expiresAt: Date.parse(body.expiresAt),
    };
    store.save(session);
    return session;
  }

  async function token(signal: AbortSignal, force = false): Promise<string> {
    if (!force && session && session.refreshAt > now()) return session.token;
    minting ??= mint(signal).finally(() => {
      minting = null;
    });
    return (await minting).token;
  }

  /** Authenticated request; on 401 the token is minted again once (e.g. the relay's key rotated). */
  async function request(
    method: string,
    path: string,
    signal: AbortSignal,
    body?: unknown,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await token(signal, attempt > 0)}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const init: RequestInit = { method, headers, signal };
      if (body !== undefined) init.body = JSON.stringify(body);
      const res = await doFetch(`${relay}${path}`, init);
      if (res.ok) return res;
      if (res.status === 401 && attempt === 0) {
        session = null;
        store.save(null);
        continue;
      }
      throw await fromResponse(res);
    }
  }

  async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const timer = linked(undefined);
    timer.arm(requestTimeoutMs);
    try {
      const res = await request(method, path, timer.signal, body);
      return (res.status === 204 ? undefined : await res.json()) as T;
    } catch (error) {
      throw fromFailure(error, timer.signal);
    } finally {
      timer.dispose();
    }
  }

  const conversationPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

  return {
    createConversation: () => json<ConversationCreated>('POST', '/api/conversations', {}),
    getConversation: (id: string) => json<ConversationView>('GET', conversationPath(id)),
    deleteConversation: (id: string) => json<void>('DELETE', conversationPath(id)),
    /** Any other JSON route of the widget API (intent, feedback, court dates), with the same session. */
    post: <T>(path: string, body: unknown) => json<T>('POST', path, body),

    /** Streams one answer. Throws RelayError; `aborted` when `signal` fires (the Stop button). */
    async *send(id: string, content: string, signal?: AbortSignal): AsyncGenerator<StreamEvent> {
      const watch = linked(signal);
      watch.arm(requestTimeoutMs);
      try {
        const payload: SendMessageRequest = { content };
        const res = await request('POST', `${conversationPath(id)}/messages`, watch.signal, payload);
        if (!res.body) throw new RelayError('failed', 'Empty response', true);
        watch.arm(idleTimeoutMs);
        yield* readEvents(res.body, watch.signal, () => watch.arm(idleTimeoutMs));
      } catch (error) {
        throw fromFailure(error, watch.signal);
      } finally {
        watch.dispose();
      }
    },
  };
}
