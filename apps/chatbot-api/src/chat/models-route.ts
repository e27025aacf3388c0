import { listAliases, listBots } from '../accounts/bots.js';
import type { AppDeps } from '../deps.js';
import type { RouteDef } from '../http/route.js';
import { BUILTIN_SLUG, type ResolvedBot, resolveModel } from './resolve-model.js';

/** Wire shape of a model: the OpenAI fields plus `aliases` (extension) so callers see every accepted id. */
function modelObject(bot: ResolvedBot, aliases: string[]) {
  return { id: bot.slug, object: 'model', created: bot.created, owned_by: 'account', aliases };
}

export function createModelRoutes(deps: AppDeps): RouteDef[] {
  const aliasesOf = (accountId: string, botId: string | null) =>
    listAliases(deps.db, accountId)
      .filter((a) => a.botId === botId)
      .map((a) => a.alias);

  return [
    {
      method: 'GET',
      path: '/v1/models',
      scope: 'chat',
      body: 'none',
      handle(ctx, _req, res) {
        const bots = listBots(deps.db, ctx.accountId);
        const data =
          bots.length === 0
            ? [modelObject(resolveModel(deps.db, ctx.accountId, BUILTIN_SLUG), [])]
            : bots
                .filter((b) => b.enabled)
                .map((b) =>
                  modelObject(resolveModel(deps.db, ctx.accountId, b.slug), aliasesOf(ctx.accountId, b.id)),
                );
        res.json({ object: 'list', data });
      },
    },
    {
      method: 'GET',
      path: '/v1/models/:modelId',
      scope: 'chat',
      body: 'none',
      handle(ctx, req, res) {
        const bot = resolveModel(deps.db, ctx.accountId, String(req.params.modelId));
        res.json(modelObject(bot, aliasesOf(ctx.accountId, bot.id)));
      },
    },
  ];
}
