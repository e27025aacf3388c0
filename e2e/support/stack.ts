import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { updateAccount } from '@amicus/chatbot-api';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';
import { createDemoSite, publicDir } from '@amicus/demo-site';
import { startTestRelay } from '@amicus/relay/testing';
import { startTestSchedulingApi } from '@amicus/scheduling-api/testing';

export { launchBrowser, trackPageErrors } from './browser.js';

export type TestChatbotApiOptions = NonNullable<Parameters<typeof startTestChatbotApi>[0]>;
export type TestRelayOptions = Parameters<typeof startTestRelay>[0];
export type TestChatbotApi = Awaited<ReturnType<typeof startTestChatbotApi>>;
export type TestRelay = Awaited<ReturnType<typeof startTestRelay>>;
export type TestSchedulingApi = Awaited<ReturnType<typeof startTestSchedulingApi>>;

/** The strict policy of the widget's CSP proof; `{RELAY_URL}` is filled in by the demo site per request. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' {RELAY_URL}; connect-src {RELAY_URL}; style-src 'self'";

export interface StackOptions {
  /** Overrides for `startTestRelay` (limits, clock…); upstream, keys and origins are filled in. */
  relay?: Partial<TestRelayOptions>;
  /** Options for `startTestChatbotApi`; the seed defaults to the demo site's pages at its real URL. */
  chatbotApi?: TestChatbotApiOptions;
  /** Content-Security-Policy for every demo-site response, e.g. `STRICT_CSP`. */
  demoCsp?: string;
}

export interface Stack {
  /** Origin of the demo court site, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  demoUrl: string;
  /** Origin of the relay, which serves `/widget.js`, `/api/*` and `/admin`. */
  relayUrl: string;
  chatbotApi: TestChatbotApi;
  relay: TestRelay;
  /** The real scheduling-api with the demo hearings; the relay's court dates and reminders use it. */
  schedulingApi: TestSchedulingApi;
  close(): Promise<void>;
}

/**
 * Starts the whole product in this process on free 127.0.0.1 ports: the demo site first (its origin is the
 * seed's base URL and the relay's allowed origin), then the real chatbot-api seeded with the demo pages in a
 * fresh data directory, then the real relay. The demo site reads the relay URL per request, so the cycle
 * (site needs relay URL, relay needs site origin) closes without guessing ports.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  let relayUrl = '';
  const demo = createDemoSite({
    publicDir,
    relayUrl: () => relayUrl,
    ...(options.demoCsp === undefined ? {} : { csp: options.demoCsp }),
  });
  const demoPort = await listen(demo);
  const demoUrl = `http://127.0.0.1:${demoPort}`;
  const cleanups: Array<() => Promise<void>> = [() => closeServer(demo)];
  const closeAll = async () => {
    // Reverse order: the relay stops before its upstream, the site last.
    const results = await Promise.allSettled(cleanups.reverse().map((fn) => fn()));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  };

  try {
    const chatbotApi = await startTestChatbotApi({
      seedDir: publicDir,
      seedBaseUrl: demoUrl,
      // Loopback is not public: the crawler needs leave to reach the demo site (admin crawl tests).
      crawlAllowHosts: [`127.0.0.1:${demoPort}`, `localhost:${demoPort}`],
      ...options.chatbotApi,
    });
    cleanups.push(() => chatbotApi.close());
    const schedulingApi = await startTestSchedulingApi();
    cleanups.push(() => schedulingApi.close());
    // Job updates reach the admin app as they do in production: the chatbot-api signs a webhook to the
    // relay, which pushes it to the admin app's event stream.
    const webhookSecret = randomBytes(32).toString('base64url');
    const relay = await startTestRelay({
      upstreamBaseUrl: chatbotApi.url,
      chatKey: chatbotApi.chatKey,
      ingestKey: chatbotApi.ingestKey,
      allowedOrigins: [demoUrl],
      ...options.relay,
      env: {
        WEBHOOK_SECRET: webhookSecret,
        SCHEDULING_SERVER_URL: schedulingApi.serverUrl,
        SCHEDULING_CLIENT_ID: schedulingApi.clientId,
        SCHEDULING_CLIENT_SECRET: schedulingApi.clientSecret,
        ...options.relay?.env,
      },
    });
    cleanups.push(() => relay.close());
    relayUrl = relay.url.replace(/\/+$/, '');
    updateAccount(chatbotApi.deps.db, chatbotApi.accountId, {
      webhookUrl: `${relayUrl}/webhooks/chatbot`,
      webhookSecret,
    });
    return { demoUrl, relayUrl, chatbotApi, relay, schedulingApi, close: closeAll };
  } catch (error) {
    await closeAll().catch(() => {
      // The start error is the one worth reporting; a failed cleanup after it adds nothing.
    });
    throw error;
  }
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Chromium keeps connections alive; without this, close() waits for them to time out.
    server.closeAllConnections();
  });
}
