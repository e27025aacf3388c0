import { fileURLToPath } from 'node:url';
import { startTestChatbotApi, type TestChatbotApi } from '@amicus/chatbot-api/testing';
import { type StartTestRelayOptions, startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN, OTHER_ORIGIN } from './helpers.js';

export const DEMO_SITE = fileURLToPath(new URL('../../demo-site/public', import.meta.url));

/** The real chatbot-api (optionally seeded with the demo court site) behind a real relay. */
export async function startStack(
  opts: { seed?: boolean; relay?: Partial<StartTestRelayOptions> } = {},
): Promise<{ api: TestChatbotApi; relay: TestRelay; close(): Promise<void> }> {
  const api = await startTestChatbotApi(opts.seed ? { seedDir: DEMO_SITE, seedBaseUrl: ORIGIN } : {});
  const relay = await startTestRelay({
    upstreamBaseUrl: api.url,
    chatKey: api.chatKey,
    ingestKey: api.ingestKey,
    allowedOrigins: [ORIGIN, OTHER_ORIGIN],
    ...opts.relay,
  });
  return {
    api,
    relay,
    async close() {
      await relay.close();
      await api.close();
    },
  };
}
