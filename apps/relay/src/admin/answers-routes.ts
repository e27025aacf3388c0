import type { WireHelpContacts, WireHelpSettings } from '@amicus/protocol/admin';
import type { Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import { toWireCitations } from '../conversations/citations.js';
import { exceedsCodePoints } from '../conversations/code-points.js';
import { cleanText } from '../conversations/untrusted.js';
import type { RelayDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import { limiterFactory } from '../limits/rate-limits.js';
import { AdminError, invalid } from './admin-error.js';
import { appendAudit } from './audit.js';
import { clientIp, signedIn } from './auth/guard.js';
import { helpMetadata, parseHelpContacts, readHelpContacts, writeHelpContacts } from './help-contacts.js';
import { readExplanation } from './try-explanation.js';
import { adminErrorFromUpstream } from './upstream-error.js';
import { upstreamOptions } from './upstream-options.js';

/** Questions one staff member may try per minute: enough to work through a page, not to drain the budget. */
export const TRY_PER_MINUTE = 20;

// C0 controls but tab and line breaks (a pasted question may hold them), DEL and C1 controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const QUESTION_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function helpBody(
  help: WireHelpContacts,
  updatedAt: string | null,
  updatedBy: string | null,
): WireHelpSettings {
  return { ...help, rendered: helpMetadata(help), updated_at: updatedAt, updated_by: updatedBy };
}

/** The express-rate-limit 429 of the shared limiter, in the admin envelope. */
function adminLimit(limit: RequestHandler): RequestHandler {
  return (req, res, next) =>
    limit(req, res, (err?: unknown) => {
      if (err instanceof HttpError && err.status === 429) {
        const retryAfter = err.options.retryAfter ?? 60;
        next(
          new AdminError('rate_limited', `Too many questions tried; try again in ${retryAfter} seconds.`, {
            retryAfter,
          }),
        );
        return;
      }
      next(err as Error | undefined);
    });
}

/** "Who can help" settings and the explained Try-it question (admin Answers and Try it pages). */
export function createAnswersRoutes(deps: RelayDeps): Router {
  const router = Router();

  router.get('/settings/help', async (_req: Request, res: Response) => {
    const stored = await readHelpContacts(deps.sql);
    res.json(helpBody(stored.help, stored.updatedAt, stored.updatedBy));
  });

  router.put('/settings/help', async (req: Request, res: Response) => {
    const { username } = signedIn(res);
    const help = parseHelpContacts(req.body);
    const before = (await readHelpContacts(deps.sql)).help;
    const now = deps.now();
    await writeHelpContacts(deps.sql, help, username, now);
    await appendAudit(deps.sql, now, {
      actor: username,
      action: 'settings.help.update',
      ip: clientIp(req),
      result: 'success',
      detail: { before, after: help },
    });
    res.json(helpBody(help, now.toISOString(), username));
  });

  const limits = limiterFactory({ redis: deps.redis, prefix: deps.config.redisPrefix });
  const tryLimit = adminLimit(
    limits({
      name: 'admin-try',
      limit: TRY_PER_MINUTE,
      key: (req) => signedIn(req.res as Response).username,
    }),
  );

  // Not audited: the audit log records changes and sign-ins, not reads, and this changes nothing.
  router.post('/try', tryLimit, async (req: Request, res: Response) => {
    const question = (req.body as { question?: unknown } | undefined)?.question;
    if (typeof question !== 'string' || question.trim() === '') {
      throw invalid('question must be a non-empty string.', 'question');
    }
    const max = deps.config.limits.maxMessageChars;
    if (exceedsCodePoints(question, max))
      throw invalid(`question must be at most ${max} characters.`, 'question');
    if (QUESTION_CONTROL.test(question))
      throw invalid('question must not contain control characters.', 'question');
    const metadata = helpMetadata((await readHelpContacts(deps.sql)).help);
    // The chat key, as a visitor's question would use; the explanation and the help metadata are
    // extensions of our chatbot-api that the provider ignores (then there is no explanation).
    const completion: unknown = await deps.upstream.chat
      .createChatCompletion(
        {
          messages: [{ role: 'user', content: question }],
          amicus_explain: true,
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        },
        upstreamOptions(res),
      )
      .catch((e: unknown) => {
        const err = adminErrorFromUpstream(e);
        const status = (err.extra as { upstream_status?: unknown }).upstream_status;
        if (status === 401 || status === 403) {
          throw new AdminError(
            'upstream_error',
            "The chatbot service refused the relay's chat key; ask the operator to check it.",
            { extra: err.extra },
          );
        }
        throw err;
      });
    const message = readMessage(completion);
    res.json({
      answer: message.content,
      citations: toWireCitations(message.citations).map((c) => ({
        index: c.index,
        title: c.title,
        url: c.url,
        preview: c.preview,
        document_id: c.documentId,
        chunk_index: c.chunkIndex,
      })),
      explanation: readExplanation(completion),
    });
  });

  return router;
}

function readMessage(completion: unknown): { content: string; citations: unknown } {
  const choice = (completion as { choices?: unknown } | null)?.choices;
  const message = Array.isArray(choice)
    ? (choice[0] as { message?: unknown } | undefined)?.message
    : undefined;
  const m = (message ?? {}) as { content?: unknown; citations?: unknown };
  return {
    content: typeof m.content === 'string' ? cleanText(m.content, 20_000) : '',
    citations: m.citations,
  };
}
