import { type ChatbotClient, RateLimitError } from '@amicus/chatbot-client';
import type { ConversationCreated, ConversationView, WireMessage } from '@amicus/protocol';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { RelayConfig } from '../config.js';
import { HttpError } from '../http/http-error.js';
import { fromUpstream } from '../http/upstream-error.js';
import type { AdmissionController } from '../limits/admission.js';
import { type DailyUsage, estimateTokens } from '../limits/daily-usage.js';
import type { VisitorClaims } from '../sessions/token.js';
import { toWireCitations } from './citations.js';
import type { ConversationOwnership } from './ownership.js';
import { SseWriter } from './sse-writer.js';
import { proxyConversationStream } from './stream-proxy.js';
import type { Transcripts } from './transcripts.js';

export interface ConversationRoutesDeps {
  config: RelayConfig;
  chat: ChatbotClient;
  ownership: ConversationOwnership;
  admission: AdmissionController;
  usage: DailyUsage;
  transcripts: Transcripts;
  streams: Set<AbortController>;
  /** The per-visitor limit, for every route here but the answer. */
  visitorLimit: RequestHandler;
  /** The per-visitor and per-visitor-messages limits together, for the answer. */
  messageLimit: RequestHandler;
  now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const visitorOf = (res: Response) => res.locals.visitor as VisitorClaims;
const logOf = (res: Response) => res.locals.log as Logger;
const notFound = () => new HttpError('not_found', 'Conversation not found.');
// One shared reason: `abort()` without one builds a DOMException (and its stack) per stream.
const VISITOR_LEFT = new DOMException('The visitor closed the connection.', 'AbortError');

/** The widget's conversation API; every route is scoped to the token's visitor. */
export function conversationRoutes(deps: ConversationRoutesDeps): Router {
  const { chat, ownership, admission, config } = deps;
  const router = Router();
  const upstreamOpts = (res: Response, signal?: AbortSignal) => ({
    requestId: res.locals.requestId as string,
    ...(signal ? { signal } : {}),
  });

  /** Resolves `:id` to a conversation this visitor owns; foreign and unknown ids look the same. */
  const owned = async (req: Request, res: Response): Promise<string> => {
    const id = String(req.params.id ?? '');
    if (!UUID.test(id) || !(await ownership.owns(id.toLowerCase(), visitorOf(res).vid))) throw notFound();
    return id.toLowerCase();
  };

  router.post('/', deps.visitorLimit, async (_req, res) => {
    const visitor = visitorOf(res);
    await admission.admit(visitor.vid);
    const conversation = await chat.createConversation({}, upstreamOpts(res)).catch((e: unknown) => {
      throw fromUpstream(e);
    });
    await ownership.record(conversation.id.toLowerCase(), visitor.vid, visitor.org, deps.now());
    const body: ConversationCreated = { id: conversation.id, created: conversation.created };
    res.status(201).json(body);
  });

  router.get('/:id', deps.visitorLimit, async (req, res) => {
    const id = await owned(req, res);
    await admission.admit(visitorOf(res).vid);
    const conversation = await chat.getConversation(id, upstreamOpts(res)).catch((e: unknown) => {
      throw fromUpstream(e);
    });
    const messages: WireMessage[] = conversation.messages.map((m) => ({
      role: m.role === 'user' ? 'user' : 'assistant',
      content: m.content ?? '',
      citations: m.role === 'user' ? [] : toWireCitations(m.citations),
    }));
    const body: ConversationView = { id: conversation.id, created: conversation.created, messages };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  });

  router.delete('/:id', deps.visitorLimit, async (req, res) => {
    const id = await owned(req, res);
    await admission.admit(visitorOf(res).vid);
    await chat.deleteConversation(id, upstreamOpts(res)).catch((e: unknown) => {
      // Already gone upstream is fine: the visitor wanted it gone.
      if ((e as { status?: number }).status !== 404) throw fromUpstream(e);
    });
    await ownership.forget(id);
    await deps.transcripts.forgetConversation(id);
    res.status(204).end();
  });

  router.post('/:id/messages', deps.messageLimit, async (req, res) => {
    const content = readContent(req.body, config.limits.maxMessageChars);
    const id = await owned(req, res);
    const visitor = visitorOf(res);
    const reservation = await deps.usage.reserve(visitor.org);
    const visitorGone = new AbortController();
    // Registered before the upstream call, so leaving while it connects aborts it too.
    res.on('close', () => visitorGone.abort(VISITOR_LEFT));
    deps.streams.add(visitorGone);
    let metered = 0;
    try {
      await admission.admit(visitor.vid);
      const upstream = await chat
        .streamMessage(id, content, upstreamOpts(res, visitorGone.signal))
        .catch((e: unknown) => {
          // The account's minute is spent (perhaps by another client of it): hold everyone back.
          if (e instanceof RateLimitError && e.code === 'rate_limit_exceeded' && e.retryAfter !== null) {
            admission.block(e.retryAfter);
          }
          throw fromUpstream(e);
        });
      const writer = new SseWriter(res);
      writer.open(config.limits.heartbeatMs);
      const outcome = await proxyConversationStream({
        upstream,
        writer,
        conversationId: id,
        maxLifetimeMs: config.limits.maxStreamSeconds * 1000,
        visitorGone: visitorGone.signal,
      });
      writer.end();
      // The upstream meters an answer once its finish is produced, even if the visitor left.
      if (outcome.result === 'done') metered = estimateTokens(content, outcome.answer);
      logOf(res).info({ outcome: outcome.result, chars: outcome.answer.length }, 'answer streamed');
      if (outcome.result === 'done') {
        const at = deps.now();
        await deps.transcripts.append(id, 'user', content, at);
        await deps.transcripts.append(id, 'assistant', outcome.answer, at);
      }
    } finally {
      deps.streams.delete(visitorGone);
      await deps.usage.settle(reservation, metered).catch((error: unknown) => {
        logOf(res).error({ err: error }, 'usage settle failed');
      });
    }
  });

  return router;
}

function readContent(body: unknown, maxChars: number): string {
  const content = (body as { content?: unknown } | undefined)?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new HttpError('bad_request', 'A message needs non-empty text content.', { param: 'content' });
  }
  if (content.length > maxChars) {
    throw new HttpError('bad_request', `A message may have at most ${maxChars} characters.`, {
      param: 'content',
    });
  }
  return content;
}
