/**
 * Relay overhead: time to first token (TTFT) through the relay against the same chatbot-api
 * directly, side by side, at 1, 50 and 200 concurrent streams; then the relay's memory per
 * in-flight stream and 2,000 concurrent idle streams held open. Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/relay build && pnpm --filter @amicus/bench relay-ttft
 *
 * The relay runs as its own process (apps/relay/dist/main.js); the chatbot-api (seeded with the
 * demo court site) and the load generator share this process, equally for both paths.
 */
import { fileURLToPath } from 'node:url';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';
import {
  firstMarker,
  ORIGIN,
  percentile,
  rssBytes,
  spawnRelay,
  startIdleUpstream,
} from './relay-bench-support.js';

// Node's fetch pools connections per origin without a cap, so N concurrent streams use N sockets.
const QUESTION = 'How do I pay a traffic ticket?';
const LEVELS = [1, 50, 200];
const ROUNDS: Record<number, number> = { 1: 40, 50: 4, 200: 2 };

const api = await startTestChatbotApi({
  seedDir: fileURLToPath(new URL('../apps/demo-site/public', import.meta.url)),
  seedBaseUrl: ORIGIN,
});
// The benchmark measures the relay, not the account's limits.
(api.deps.db as unknown as { prepare(sql: string): { run(...args: unknown[]): unknown } })
  .prepare('UPDATE accounts SET rpm_limit = ?, daily_token_quota = ? WHERE id = ?')
  .run(100_000_000, 1_000_000_000, api.accountId);

const relay = await spawnRelay(api);
const json = { 'content-type': 'application/json' };
const upstreamAuth = { authorization: `Bearer ${api.chatKey}`, ...json };
const session = (await (
  await fetch(`${relay.url}/api/sessions`, { method: 'POST', headers: { origin: ORIGIN } })
).json()) as {
  token: string;
};
const relayAuth = { origin: ORIGIN, authorization: `Bearer ${session.token}`, ...json };

async function newConversation(via: 'direct' | 'relay'): Promise<string> {
  const res =
    via === 'direct'
      ? await fetch(`${api.url}/conversations`, { method: 'POST', headers: upstreamAuth, body: '{}' })
      : await fetch(`${relay.url}/api/conversations`, { method: 'POST', headers: relayAuth });
  return ((await res.json()) as { id: string }).id;
}

/** One question; milliseconds until the first content delta. */
async function ttft(via: 'direct' | 'relay', id: string): Promise<number> {
  const started = performance.now();
  const res =
    via === 'direct'
      ? await fetch(`${api.url}/conversations/${id}/messages`, {
          method: 'POST',
          headers: upstreamAuth,
          body: JSON.stringify({ content: QUESTION, stream: true }),
        })
      : await fetch(`${relay.url}/api/conversations/${id}/messages`, {
          method: 'POST',
          headers: relayAuth,
          body: JSON.stringify({ content: QUESTION }),
        });
  if (res.status !== 200) throw new Error(`${via}: HTTP ${res.status} ${await res.text()}`);
  const reader = await firstMarker(res, via === 'direct' ? '"delta"' : 'event: delta');
  const elapsed = performance.now() - started;
  // Only the first token is measured; the rest of a paced answer would only stretch the run.
  await reader.cancel();
  return elapsed;
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);
console.log('\nTTFT (ms), direct chatbot-api vs through the relay, same run');
console.log('streams |  direct p50   p95 |   relay p50   p95 | added p50');
for (const level of LEVELS) {
  const samples = { direct: [] as number[], relay: [] as number[] };
  const ids = {
    direct: await Promise.all(Array.from({ length: level }, () => newConversation('direct'))),
    relay: await Promise.all(Array.from({ length: level }, () => newConversation('relay'))),
  };
  for (let round = 0; round < (ROUNDS[level] ?? 1); round++) {
    // Alternate the order so neither path always runs on a warmer process.
    for (const via of round % 2 === 0 ? (['direct', 'relay'] as const) : (['relay', 'direct'] as const)) {
      samples[via].push(...(await Promise.all(ids[via].map((id) => ttft(via, id)))));
    }
  }
  const d50 = percentile(samples.direct, 50);
  const r50 = percentile(samples.relay, 50);
  console.log(
    `${String(level).padStart(7)} | ${fmt(d50)} ${fmt(percentile(samples.direct, 95))} | ${fmt(r50)} ${fmt(percentile(samples.relay, 95))} | ${fmt(r50 - d50)}`,
  );
}
await relay.stop();
await api.close();

// Held streams: an upstream that answers one delta and then stays silent.
const idle = await startIdleUpstream();
const KEY = `svc_sk_${'b'.repeat(59)}`;
// On PostgreSQL, so the embedded database's WebAssembly heap does not blur the per-stream figure.
const holder = await spawnRelay(
  { url: idle.url, chatKey: KEY, ingestKey: KEY },
  {
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    DATABASE_SCHEMA: 'relay_bench',
    SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
  },
);
const token = (
  (await (
    await fetch(`${holder.url}/api/sessions`, { method: 'POST', headers: { origin: ORIGIN } })
  ).json()) as {
    token: string;
  }
).token;
const headers = { origin: ORIGIN, authorization: `Bearer ${token}`, ...json };
const held: ReadableStreamDefaultReader<Uint8Array>[] = [];
async function hold(n: number): Promise<void> {
  const ids = await Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${holder.url}/api/conversations`, { method: 'POST', headers });
      return ((await res.json()) as { id: string }).id;
    }),
  );
  const readers = await Promise.all(
    ids.map(async (id) => {
      const res = await fetch(`${holder.url}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: QUESTION }),
      });
      return firstMarker(res, 'event: delta');
    }),
  );
  held.push(...readers);
}
const settle = () => new Promise((r) => setTimeout(r, 3000));
await hold(20); // warm-up: code paths, pools, JIT
await settle();
const base = rssBytes(holder.pid);
await hold(200);
await settle();
const at200 = rssBytes(holder.pid);
console.log(
  `\nMemory per in-flight stream (relay RSS, 200 streams): ${((at200 - base) / 200 / 1024).toFixed(1)} KB`,
);
const started = performance.now();
await hold(2000 - held.length);
await settle();
const at2000 = rssBytes(holder.pid);
console.log(
  `Idle streams held: ${held.length} through the relay (${idle.open()} open upstream) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `relay RSS ${(at2000 / 1048576).toFixed(0)} MB, ${((at2000 - base) / (held.length - 20) / 1024).toFixed(1)} KB per stream`,
);
await Promise.all(held.map((r) => r.cancel()));
await holder.stop();
await idle.close();
process.exit(0);
