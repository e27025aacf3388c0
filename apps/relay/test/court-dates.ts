import { type StartTestRelayOptions, startTestRelay, type TestRelay } from '../src/testing.js';
import { ORIGIN } from './helpers.js';

/** Where the relay finds the scheduling service: our scheduling-api under test, or a stand-in. */
export interface SchedulingProvider {
  serverUrl: string;
  clientId: string;
  clientSecret: string;
}

// The court-date routes never call the chatbot upstream: it points nowhere, with a key of the right shape.
const UNUSED_KEY = `svc_sk_${'a'.repeat(59)}`;

/**
 * A relay for the court-date routes against `provider`, the page origin of `helpers.ts` allowed.
 * `options.env` adds or overrides settings (limits, the clerk's phone, the court's name…).
 */
export function startCourtDatesRelay(
  provider: SchedulingProvider,
  options: Partial<Omit<StartTestRelayOptions, 'upstreamBaseUrl' | 'chatKey' | 'ingestKey'>> = {},
): Promise<TestRelay> {
  return startTestRelay({
    upstreamBaseUrl: 'http://127.0.0.1:9/v1',
    chatKey: UNUSED_KEY,
    ingestKey: UNUSED_KEY,
    allowedOrigins: [ORIGIN],
    ...options,
    env: {
      SCHEDULING_SERVER_URL: provider.serverUrl,
      SCHEDULING_CLIENT_ID: provider.clientId,
      SCHEDULING_CLIENT_SECRET: provider.clientSecret,
      ...options.env,
    },
  });
}
