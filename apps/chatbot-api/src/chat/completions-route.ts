import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Answerer } from '../answer/answerer.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { openEventStream, splitIntoDeltas } from '../http/sse.js';
import { recordUsage } from '../limits/usage.js';
import { type CompletionOutcome, checkToolAllowlist, runCompletion } from './complete.js';
import { resolveModel } from './resolve-model.js';
import { toolCallDeltas } from './tool-call.js';
import { validateCompletion } from './validate-completion.js';

function assistantMessage(o: CompletionOutcome) {
  return {
    role: 'assistant',
    content: o.content,
    refusal: null,
    tool_calls: o.toolCalls,
    citations: o.citations,
  };
}

export function createCompletionRoutes(deps: AppDeps, answerer: Answerer): RouteDef[] {
  return [
    {
      method: 'POST',
      path: '/v1/chat/completions',
      scope: 'chat',
      body: 'json',
      async handle(ctx, req, res) {
        const request = validateCompletion(req.body);
        const bot = resolveModel(deps.db, ctx.accountId, request.model);
        checkToolAllowlist(bot, request);
        const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
        const created = Math.floor(deps.now().getTime() / 1000);
        const head = { id, created, model: bot.slug };

        if (!request.stream) {
          const outcome = await runCompletion(answerer, ctx.accountId, bot, request);
          recordUsage(deps.db, ctx.accountId, outcome.usage.total_tokens, deps.now());
          res.json({
            ...head,
            object: 'chat.completion',
            choices: [
              {
                index: 0,
                message: assistantMessage(outcome),
                logprobs: null,
                finish_reason: outcome.finishReason,
              },
            ],
            usage: outcome.usage,
            ...(outcome.explanation ? { amicus_explanation: outcome.explanation } : {}),
          });
          return;
        }

        const stream = openEventStream(res);
        const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
          ...head,
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
        });
        stream.send(chunk({ role: 'assistant', content: '' }));
        try {
          const outcome = await runCompletion(answerer, ctx.accountId, bot, request, stream.signal);
          if (outcome.toolCalls) {
            for (const delta of toolCallDeltas(outcome.toolCalls)) stream.send(chunk(delta));
          } else {
            for (const piece of splitIntoDeltas(outcome.content ?? '')) {
              stream.send(chunk({ content: piece }));
              await yieldToLoop();
            }
          }
          // Metered when the finish chunk is produced, even if the client has gone; nothing before.
          recordUsage(deps.db, ctx.accountId, outcome.usage.total_tokens, deps.now());
          stream.send(
            chunk(outcome.citations === null ? {} : { citations: outcome.citations }, outcome.finishReason),
          );
          if (request.includeUsage) {
            stream.send({ ...head, object: 'chat.completion.chunk', choices: [], usage: outcome.usage });
          }
        } catch (err) {
          if (!(err instanceof HttpError)) deps.logger?.error({ err }, 'completion stream failed');
          stream.fail(err);
          return;
        }
        stream.done();
      },
    },
  ];
}
