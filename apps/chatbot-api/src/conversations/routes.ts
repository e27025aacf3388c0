import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { getBot } from '../accounts/bots.js';
import type { Answerer } from '../answer/answerer.js';
import { resolveModel, resolveStoredBot } from '../chat/resolve-model.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { openEventStream, splitIntoDeltas } from '../http/sse.js';
import { recordUsage } from '../limits/usage.js';
import {
  appendTurn,
  type Conversation,
  createConversation,
  deleteConversation,
  getConversation,
  listMessages,
} from './store.js';
import { answerTurn, reportsUnanswered, type TurnResult } from './turn.js';
import { validateAddMessage, validateCreateConversation } from './validate.js';

const notFound = () => new HttpError(404, 'No conversation found with that id.', { code: 'not_found' });

export function createConversationRoutes(deps: AppDeps, answerer: Answerer): RouteDef[] {
  const { db } = deps;
  const epoch = () => Math.floor(deps.now().getTime() / 1000);

  function wire(c: Conversation) {
    const model = c.botId === null ? null : (getBot(db, c.botId)?.slug ?? null);
    return {
      id: c.id,
      object: 'conversation',
      model,
      metadata: c.metadata,
      created: c.created,
      updated: c.updated,
    };
  }

  function find(accountId: string, id: unknown): Conversation {
    const c = getConversation(db, accountId, String(id));
    if (!c) throw notFound();
    return c;
  }

  return [
    {
      method: 'POST',
      path: '/v1/conversations',
      scope: 'chat',
      body: 'json',
      handle(ctx, req, res) {
        const body = validateCreateConversation(req.body);
        const explicit = !(
          body.model === undefined ||
          body.model === null ||
          body.model === '' ||
          body.model === 'default'
        );
        // Omitted (or "default") follows the account default at each message; still checked now so a
        // several-bots-no-default account learns it must pass a model.
        const bot = resolveModel(db, ctx.accountId, body.model);
        const created = createConversation(db, {
          accountId: ctx.accountId,
          botId: explicit ? bot.id : null,
          metadata: body.metadata,
          now: epoch(),
        });
        res.status(201).json(wire(created));
      },
    },
    {
      method: 'GET',
      path: '/v1/conversations/:conversationId',
      scope: 'chat',
      body: 'none',
      handle(ctx, req, res) {
        const c = find(ctx.accountId, req.params.conversationId);
        const messages = listMessages(db, c.id).map((m) => ({
          role: m.role,
          content: m.content,
          citations: m.citations,
        }));
        res.json({ ...wire(c), messages });
      },
    },
    {
      method: 'DELETE',
      path: '/v1/conversations/:conversationId',
      scope: 'chat',
      body: 'none',
      handle(ctx, req, res) {
        if (!deleteConversation(db, ctx.accountId, String(req.params.conversationId))) throw notFound();
        res.status(204).end();
      },
    },
    {
      method: 'POST',
      path: '/v1/conversations/:conversationId/messages',
      scope: 'chat',
      body: 'json',
      async handle(ctx, req, res) {
        const c = find(ctx.accountId, req.params.conversationId);
        const { content, stream } = validateAddMessage(req.body);
        const bot = resolveStoredBot(db, ctx.accountId, c.botId);
        const history = listMessages(db, c.id);
        const store = (turn: TurnResult) => {
          appendTurn(db, c.id, content, turn.message, epoch());
          recordUsage(db, ctx.accountId, turn.tokens, deps.now());
        };
        const message = (turn: TurnResult) => ({
          role: 'assistant',
          content: turn.message.content,
          citations: turn.message.citations,
          ...(reportsUnanswered(c.metadata) ? { amicus_unanswered: turn.unanswered } : {}),
        });

        if (!stream) {
          const turn = await answerTurn(
            answerer,
            ctx.accountId,
            bot,
            history,
            content,
            undefined,
            c.metadata,
          );
          store(turn);
          res.json({ conversation_id: c.id, message: message(turn) });
          return;
        }
        const events = openEventStream(res);
        let turn: TurnResult;
        try {
          turn = await answerTurn(answerer, ctx.accountId, bot, history, content, events.signal, c.metadata);
        } catch (err) {
          if (!(err instanceof HttpError)) deps.logger?.error({ err }, 'conversation stream failed');
          events.fail(err);
          return;
        }
        for (const piece of splitIntoDeltas(turn.message.content)) {
          events.send({ conversation_id: c.id, delta: { content: piece } });
          await yieldToLoop();
        }
        // Stored before the done frame, so a client that reads the conversation right after sees the turn.
        try {
          store(turn);
        } catch (err) {
          deps.logger?.error({ err }, 'storing a conversation turn failed');
          events.fail(err);
          return;
        }
        events.send({ conversation_id: c.id, message: message(turn), done: true });
        events.done();
      },
    },
  ];
}
