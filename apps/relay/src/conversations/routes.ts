import { type ChatbotClient, RateLimitError } from '@amicus/chatbot-client';
import type { ConversationCreated, WireMessage } from '@amicus/protocol';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { RelayConfig } from '../config.js';
import { HttpError } from '../http/http-error.js';
import { widgetErrorFromUpstream } from '../http/upstream-error.js';
import type { AdmissionController } from '../limits/admission.js';
import { type DailyUsage, estimateTokens } from '../limits/daily-usage.js';
import { byIp } from '../limits/rate-limits.js';
import type { StreamSlots } from '../limits/stream-slots.js';
import { type DocumentLinkLookup, relinkCitations } from './citations.js';
import { exceedsCodePoints } from './code-points.js';
import { readCreatedConversation, toConversationView } from './conversation-view.js';
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
  /** Caps the answers streaming at once per visitor and per client address. */
  streamSlots: StreamSlots;
  now: () => Date;
  /** Told of finished answers and deleted conversations (feedback insights); its failures are only logged. */
  answers?: AnswerObserver | undefined;
  /** Staff-set public links and titles of documents (uploaded files), applied to citations. */
  documentLinks?: (() => Promise<DocumentLinkLookup>) | undefined;
  /**
   * Metadata a new conversation carries upstream (the court's "who can help" phrases); read per
   * conversation so a settings change applies to the next one. A failure to read it is logged and the
   * conversation is created without (the upstream then uses its general wording).
   */
  conversationMetadata?: (() => Promise<Record<string, string>>) | undefined;
}

export interface AnswerObserver {
  /**
   * A finished answer; `unanswered` are the questions of a several-question message the upstream
   * found nothing for while it answered others (empty when it does not say).
   */
  answered(
    conversationId: string,
    question: string,
    answer: WireMessage,
    at: Date,
    unanswered: readonly string[],
  ): Promise<void>;
  forgotten(conversationId: string): Promise<void>;
}

/** Daily usage of the relay's own pages (the admin Try-it panel) counts under this one key. */
export const OWN_SITE = 'relay:own-origin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const visitorOf = (res: Response) => res.locals.visitor;
const logOf = (res: Response) => res.locals.log;
const notFound = () => new HttpError('not_found', 'Conversation not found.');
// One shared reason: `abort()` without one builds a DOMException (and its stack) per stream.
const VISITOR_LEFT = new DOMException('The visitor closed the connection.', 'AbortError');

/** The widget's conversation API; every route is scoped to the token's visitor. */
export function conversationRoutes(deps: ConversationRoutesDeps): Router {
  const { chat, ownership, admission, config } = deps;
  const router = Router();
  const upstreamOpts = (res: Response, signal?: AbortSignal) => ({
    requestId: res.locals.requestId,
    ...(signal ? { signal } : {}),
  });

  /** Resolves `:id` to a conversation this visitor owns; foreign and unknown ids look the same. */
  const owned = async (req: Request, res: Response): Promise<string> => {
    const id = String(req.params.id ?? '');
    if (!UUID.test(id) || !(await ownership.owns(id.toLowerCase(), visitorOf(res).vid))) throw notFound();
    return id.toLowerCase();
  };

  const noLinks: DocumentLinkLookup = new Map();
  // Links only improve citations: without them (database trouble) answers still go out, unlinked.
  const linksNow = (): Promise<DocumentLinkLookup> =>
    deps.documentLinks ? deps.documentLinks().catch(() => noLinks) : Promise.resolve(noLinks);

  // Every upstream call spends the court's shared budget, and the client address its share of it.
  const admit = (req: Request, res: Response) => admission.admit(visitorOf(res).vid, byIp(req));

  router.post('/', deps.visitorLimit, async (req, res) => {
    const visitor = visitorOf(res);
    await admit(req, res);
    const metadata = await (deps.conversationMetadata?.() ?? Promise.resolve({})).catch((err: unknown) => {
      logOf(res).warn({ err: { message: (err as Error).message } }, 'conversation metadata unavailable');
      return {};
    });
    // Our chatbot-api then lists, on each answer, the questions of a message it found nothing for
    // (`amicus_unanswered`); the provider stores the key and ignores it.
    const created = await chat
      .createConversation({ metadata: { ...metadata, report_unanswered: 'true' } }, upstreamOpts(res))
      .then(readCreatedConversation, (e) => {
        throw widgetErrorFromUpstream(e);
      });
    await ownership.record(created.id, visitor.vid, visitor.org, deps.now(), {
      created: created.created,
      transcribed: deps.transcripts.enabled,
    });
    const body: ConversationCreated = { id: created.id, created: created.created };
    res.status(201).json(body);
  });

  router.get('/:id', deps.visitorLimit, async (req, res) => {
    const id = await owned(req, res);
    res.setHeader('Cache-Control', 'no-store');
    // The relay's own transcript when it is whole: a read then costs no upstream budget.
    const stored = await deps.transcripts.view(id, deps.now());
    const links = await linksNow();
    if (stored) {
      const messages = stored.messages.map((m) => ({ ...m, citations: relinkCitations(m.citations, links) }));
      res.json({ ...stored, messages });
      return;
    }
    await admit(req, res);
    const conversation = await chat.getConversation(id, upstreamOpts(res)).catch((e: unknown) => {
      throw widgetErrorFromUpstream(e);
    });
    res.json(toConversationView(id, conversation, links));
  });

  router.delete('/:id', deps.visitorLimit, async (req, res) => {
    const id = await owned(req, res);
    await admit(req, res);
    await chat.deleteConversation(id, upstreamOpts(res)).catch((e: unknown) => {
      // Already gone upstream is fine: the visitor wanted it gone.
      if ((e as { status?: number }).status !== 404) throw widgetErrorFromUpstream(e);
    });
    await ownership.forget(id);
    await deps.transcripts.forgetConversation(id);
    await deps.answers?.forgotten(id);
    res.status(204).end();
  });

  const answer = async (req: Request, res: Response, id: string, content: string) => {
    const visitor = visitorOf(res);
    // The relay's own pages may be reached under any Host name: one key, so no name gets a cap of its own.
    const site = res.locals.ownOrigin === true ? OWN_SITE : visitor.org;
    const reservation = await deps.usage.reserve(site);
    const visitorGone = new AbortController();
    // Registered before the upstream call, so leaving while it connects aborts it too.
    res.on('close', () => visitorGone.abort(VISITOR_LEFT));
    deps.streams.add(visitorGone);
    let metered = 0;
    // Once the upstream took the question it may store the turn; until the relay stores it too,
    // its transcript cannot stand in for the upstream's.
    let transcriptBehind = false;
    // Read while the upstream prepares its answer (the cache refreshes from the database every few
    // seconds); only the done frame's citations wait for it, never the first delta.
    const links = linksNow();
    try {
      await admit(req, res);
      const upstream = await chat
        .streamMessage(id, content, upstreamOpts(res, visitorGone.signal))
        .catch((e: unknown) => {
          // The account's minute is spent (perhaps by another client of it): hold everyone back.
          if (e instanceof RateLimitError && e.code === 'rate_limit_exceeded' && e.retryAfter !== null) {
            admission.block(e.retryAfter);
          }
          throw widgetErrorFromUpstream(e);
        });
      transcriptBehind = true;
      const writer = new SseWriter(res);
      const outcome = await proxyConversationStream({
        upstream,
        writer,
        heartbeatMs: config.limits.heartbeatMs,
        conversationId: id,
        maxLifetimeMs: config.limits.maxStreamSeconds * 1000,
        visitorGone: visitorGone.signal,
        links,
      });
      writer.end();
      // The upstream meters an answer once its finish is produced, even if the visitor left.
      if (outcome.result === 'done') metered = estimateTokens(content, outcome.answer);
      logOf(res).info({ outcome: outcome.result, chars: outcome.answer.length }, 'answer streamed');
      if (outcome.result === 'done' && outcome.message) {
        await deps.transcripts.appendTurn(id, content, outcome.message, deps.now()).then(
          () => {
            transcriptBehind = false;
          },
          (error: unknown) => logOf(res).error({ err: error }, 'could not store the transcript'),
        );
        // Staff trying answers on the relay's own pages are not the public whose questions staff study.
        if (res.locals.ownOrigin !== true) {
          await deps.answers
            ?.answered(id, content, outcome.message, deps.now(), outcome.unanswered ?? [])
            .catch((error: unknown) => logOf(res).error({ err: error }, 'could not record the answer'));
        }
      }
    } finally {
      deps.streams.delete(visitorGone);
      if (transcriptBehind) {
        await deps.transcripts.markIncomplete(id).catch((error: unknown) => {
          logOf(res).error({ err: error }, 'could not mark the transcript incomplete');
        });
      }
      await deps.usage.settle(reservation, metered).catch((error: unknown) => {
        logOf(res).error({ err: error }, 'usage settle failed');
      });
    }
  };

  router.post('/:id/messages', deps.messageLimit, async (req, res) => {
    const content = readContent(req.body, config.limits.maxMessageChars);
    const id = await owned(req, res);
    const visitor = visitorOf(res);
    const release = await deps.streamSlots(visitor.vid, byIp(req));
    try {
      await answer(req, res, id, content);
    } finally {
      await release();
    }
  });

  return router;
}

function readContent(body: unknown, maxChars: number): string {
  const content = (body as { content?: unknown } | undefined)?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new HttpError('bad_request', 'A message needs non-empty text content.', { param: 'content' });
  }
  if (exceedsCodePoints(content, maxChars)) {
    throw new HttpError('bad_request', `A message may have at most ${maxChars} characters.`, {
      param: 'content',
    });
  }
  return content;
}
