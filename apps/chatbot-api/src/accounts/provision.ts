import type { Db } from '../db/database.js';
import { createAccount, updateAccount } from './accounts.js';
import { createBot } from './bots.js';
import { issueKey } from './keys.js';

export const DEFAULT_BOT_SLUG = 'court-assistant';

export interface ProvisionResult {
  accountId: string;
  botSlug: string;
  chatKey: string;
  ingestKey: string;
}

/** An account with one default bot and one `chat` and one `ingest` key: what `cli init` and the harness create. */
export async function provisionAccount(
  db: Db,
  {
    now,
    name = 'Example County Superior Court',
    botSlug = DEFAULT_BOT_SLUG,
  }: { now: Date; name?: string; botSlug?: string },
): Promise<ProvisionResult> {
  const account = createAccount(db, name, now);
  const bot = createBot(db, { accountId: account.id, slug: botSlug, name: 'Court assistant', now });
  updateAccount(db, account.id, { defaultBotId: bot.id });
  const chat = await issueKey(db, { accountId: account.id, scopes: ['chat'], name: 'chat', now });
  const ingest = await issueKey(db, { accountId: account.id, scopes: ['ingest'], name: 'ingest', now });
  return { accountId: account.id, botSlug: bot.slug, chatKey: chat.key, ingestKey: ingest.key };
}
