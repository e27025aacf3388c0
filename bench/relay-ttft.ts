/**
 * Relay overhead: time to first token (TTFT) through the relay against the same upstream directly,
 * side by side in one run, at 1, 50 and 200 concurrent streams; then the relay's memory per
 * in-flight stream and 2,000 concurrent idle streams held open. Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/relay build && pnpm --filter @amicus/bench relay-ttft
 *
 * 1. Concurrent streams (the measure): `level` visitors each ask, read the whole answer
 *    (an upstream stand-in that answers like a model, 20 deltas 40 ms apart), and ask again, so
 *    `level` answers are in flight at every moment and questions arrive spread over time, as on a
 *    court's site. Phases alternate direct / relay / relay / direct (twice over).
 * 2. Bursts: `level` questions sent in the same instant to an upstream that answers at once; the
 *    queue at the relay then dominates. The same burst through a bare node:http proxy
 *    (bench/bare-proxy.mjs, none of the relay's checks) shows how much of that any HTTP hop costs.
 * 3. The real chatbot-api (seeded with the demo court site), in bursts: a single process that is
 *    itself the bottleneck at 50+ streams, so its figures include queueing in the upstream.
 * In bursts each round sends `level` direct and `level` relayed streams (the order alternates per
 * round), and the added time is the median over pairs (round, slot) of relay − direct.
 * Env: BENCH_LEVELS (default 1,50,200), BENCH_SKIP_REAL=1, BENCH_ONLY=concurrent|burst|memory,
 * BENCH_ONE_STREAM_PHASE (answers per phase at one stream, default 48),
 * RELAY_NODE_ARGS (node flags for the relay processes, e.g. `--cpu-prof`), RELAY_MAIN (another
 * build of the relay, for before/after).
 */
import { fileURLToPath } from 'node:url';
import { startTestChatbotApi } from '@amicus/chatbot-api/testing';
import { publicDir } from '@amicus/demo-site';
import {
  cpuMs,
  firstMarker,
  ORIGIN,
  percentile,
  type RelayProcess,
  spawnRelay,
  startAnsweringUpstream,
  startIdleUpstream,
  timeToMarker,
} from './relay-bench-support.js';

const QUESTION = 'How do I pay a traffic ticket?';
const LEVELS = (process.env.BENCH_LEVELS ?? '1,50,200').split(',').map(Number);
const ROUNDS: Record<number, number> = { 1: 60, 50: 8, 200: 4 };
const ONLY = process.env.BENCH_ONLY;
const ONE_STREAM_PHASE = Number(process.env.BENCH_ONE_STREAM_PHASE ?? 48);
const json = { 'content-type': 'application/json' };
const BARE_PROXY = fileURLToPath(new URL('./bare-proxy.mjs', import.meta.url));

interface Target {
  name: string;
  direct: { url: string; headers: Record<string, string>; newConversation(): Promise<string> };
  relay: RelayProcess;
}

async function sessionHeaders(relayUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${relayUrl}/api/sessions`, { method: 'POST', headers: { origin: ORIGIN } });
  const { token } = (await res.json()) as { token: string };
  return { origin: ORIGIN, authorization: `Bearer ${token}`, ...json };
}

/** One question on either path; the marker that shows its first content delta. */
function ask(
  target: Target,
  slot: Slot,
  via: 'direct' | 'relay',
): { response: Promise<Response>; marker: string } {
  return via === 'direct'
    ? {
        response: fetch(`${target.direct.url}/conversations/${slot.directId}/messages`, {
          method: 'POST',
          headers: target.direct.headers,
          body: JSON.stringify({ content: QUESTION, stream: true }),
        }),
        marker: '"delta"',
      }
    : {
        response: fetch(`${target.relay.url}/api/conversations/${slot.relayId}/messages`, {
          method: 'POST',
          headers: slot.headers,
          body: JSON.stringify({ content: QUESTION }),
        }),
        marker: 'event: delta',
      };
}

async function ok(via: string, response: Promise<Response>): Promise<Response> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${via}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/** One question; milliseconds until the first content delta, then the stream is dropped. */
async function ttft(target: Target, slot: Slot, via: 'direct' | 'relay'): Promise<number> {
  const started = performance.now();
  const { response, marker } = ask(target, slot, via);
  const reader = await firstMarker(await ok(via, response), marker);
  const elapsed = performance.now() - started;
  // Only the first token is measured; the rest of a paced answer would only stretch the run.
  await reader.cancel();
  return elapsed;
}

const fmt = (ms: number) => ms.toFixed(2).padStart(8);

interface Slot {
  headers: Record<string, string>;
  relayId: string;
  directId: string;
}

/** One visitor per slot, as in real traffic; each with its own conversation on both paths. */
function makeSlots(target: Target, level: number): Promise<Slot[]> {
  return Promise.all(
    Array.from({ length: level }, async () => {
      const headers = await sessionHeaders(target.relay.url);
      const res = await fetch(`${target.relay.url}/api/conversations`, { method: 'POST', headers });
      const relayId = ((await res.json()) as { id: string }).id;
      return { headers, relayId, directId: await target.direct.newConversation() };
    }),
  );
}

/** One whole answer, read to its end; milliseconds until its first content delta. */
async function answer(target: Target, slot: Slot, via: 'direct' | 'relay'): Promise<number> {
  const started = performance.now();
  const { response, marker } = ask(target, slot, via);
  return timeToMarker(await ok(via, response), marker, started);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `level` answers in flight at every moment: each visitor asks, reads the whole answer and asks
 * again. Visitors start spread over one answer's length, so questions arrive spread over time; the
 * first answer of each visitor (the ramp) is not counted.
 */
async function concurrent(target: Target, answerMs: number): Promise<void> {
  console.log(`\nTTFT (ms), ${target.name}: ${LEVELS.join(' / ')} answers in flight, direct vs relay`);
  console.log(
    'streams |  direct p50   p95 |   relay p50   p95 | added p50     p95 | answers | relay CPU/answer',
  );
  for (const level of LEVELS) {
    const slots = await makeSlots(target, level);
    // Enough answers for a steady median on a noisy shared machine: at least 6 per visitor and
    // 24 per phase (at one stream BENCH_ONE_STREAM_PHASE, default 48: its median moved by half a
    // millisecond between runs of 24), and four phases per path.
    const perVisitor = level === 1 ? ONE_STREAM_PHASE : Math.max(6, Math.ceil(24 / level));
    const phase = async (via: 'direct' | 'relay', counted: number[] | null): Promise<number> => {
      let answers = 0;
      await Promise.all(
        slots.map(async (slot, i) => {
          await sleep((i * answerMs) / level);
          for (let n = 0; n <= perVisitor; n++) {
            const t = await answer(target, slot, via);
            answers++;
            if (n > 0) counted?.push(t);
          }
        }),
      );
      return answers;
    };
    // Warm-up, not counted: JIT, connection pools and caches.
    await phase('direct', null);
    await phase('relay', null);
    const direct: number[] = [];
    const relay: number[] = [];
    let relayed = 0;
    let cpu = 0;
    const order = ['direct', 'relay', 'relay', 'direct'] as const;
    for (const via of [...order, ...order]) {
      if (via === 'direct') await phase(via, direct);
      else {
        const before = cpuMs(target.relay.pid);
        relayed += await phase(via, relay);
        cpu += cpuMs(target.relay.pid) - before;
      }
    }
    const d50 = percentile(direct, 50);
    const r50 = percentile(relay, 50);
    console.log(
      `${String(level).padStart(7)} | ${fmt(d50)} ${fmt(percentile(direct, 95))} | ${fmt(r50)} ${fmt(percentile(relay, 95))} | ${fmt(r50 - d50)} ${fmt(percentile(relay, 95) - percentile(direct, 95))} | ${String(relay.length).padStart(7)} | ${fmt(cpu / relayed)}`,
    );
  }
}

async function compare(target: Target): Promise<void> {
  console.log(`\nTTFT (ms), ${target.name}: direct vs through the relay, interleaved`);
  // CPU per relayed stream is the steadiest figure on a shared machine: wall times include waiting
  // for a core, the relay's CPU time does not.
  console.log('streams |  direct p50   p95 |   relay p50   p95 | added p50 (pairs)  p95 | relay CPU/stream');
  for (const level of LEVELS) {
    const slots = await makeSlots(target, level);
    const run = (via: 'direct' | 'relay') => Promise.all(slots.map((s) => ttft(target, s, via)));
    // Warm-up, not counted: at least 200 streams per path, so JIT, pools and caches are warm even
    // for the single-stream level, which runs first.
    for (let i = 0; i < Math.max(2, Math.ceil(200 / level)); i++)
      await run('direct').then(() => run('relay'));
    const direct: number[] = [];
    const relay: number[] = [];
    const added: number[] = [];
    const cpuBefore = cpuMs(target.relay.pid);
    for (let round = 0; round < (ROUNDS[level] ?? 4); round++) {
      const order = round % 2 === 0 ? (['direct', 'relay'] as const) : (['relay', 'direct'] as const);
      const got = { direct: [] as number[], relay: [] as number[] };
      for (const via of order) got[via] = await run(via);
      direct.push(...got.direct);
      relay.push(...got.relay);
      for (const [i, r] of got.relay.entries()) added.push(r - (got.direct[i] ?? Number.NaN));
    }
    const cpu = (cpuMs(target.relay.pid) - cpuBefore) / relay.length;
    console.log(
      `${String(level).padStart(7)} | ${fmt(percentile(direct, 50))} ${fmt(percentile(direct, 95))} | ${fmt(percentile(relay, 50))} ${fmt(percentile(relay, 95))} | ${fmt(percentile(added, 50))}         ${fmt(percentile(added, 95))} | ${fmt(cpu)}`,
    );
  }
}

const KEY = `svc_sk_${'b'.repeat(59)}`;
const relayOpts = { SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij' };
const standInDirect = (url: string) => ({
  url,
  headers: { authorization: `Bearer ${KEY}`, ...json },
  newConversation: async () => crypto.randomUUID(),
});
const keys = (url: string) => ({ url, chatKey: KEY, ingestKey: KEY });

// 1. Concurrent streams against an upstream that answers like a model: the measure.
if (!ONLY || ONLY === 'concurrent') {
  const DELTAS = 20;
  const INTERVAL_MS = 40;
  const answering = await startAnsweringUpstream({ deltas: DELTAS, intervalMs: INTERVAL_MS });
  const relay = await spawnRelay(keys(answering.url), relayOpts);
  await concurrent(
    {
      name: `stand-in answering ${DELTAS} deltas ${INTERVAL_MS} ms apart`,
      direct: standInDirect(answering.url),
      relay,
    },
    DELTAS * INTERVAL_MS,
  );
  await relay.stop();
  await answering.close();
}

// 2. Bursts against the instant stand-in, through the relay and through the bare proxy.
const standIn = await startIdleUpstream();
if (!ONLY || ONLY === 'burst') {
  for (const [name, main] of [
    ['the relay', undefined],
    ['a bare node:http proxy (the floor)', BARE_PROXY],
  ] as const) {
    const relay = await spawnRelay(keys(standIn.url), relayOpts, main);
    await compare({
      name: `bursts, instant stand-in, through ${name}`,
      direct: standInDirect(standIn.url),
      relay,
    });
    await relay.stop();
  }
}

// 2b. Bursts against the real chatbot-api.
if ((!ONLY || ONLY === 'burst') && process.env.BENCH_SKIP_REAL !== '1') {
  const api = await startTestChatbotApi({
    seedDir: publicDir,
    seedBaseUrl: ORIGIN,
  });
  // The benchmark measures the relay, not the account's limits.
  (api.deps.db as unknown as { prepare(sql: string): { run(...args: unknown[]): unknown } })
    .prepare('UPDATE accounts SET rpm_limit = ?, daily_token_quota = ? WHERE id = ?')
    .run(100_000_000, 1_000_000_000, api.accountId);
  const apiRelay = await spawnRelay(api, relayOpts);
  const upstreamAuth = { authorization: `Bearer ${api.chatKey}`, ...json };
  await compare({
    name: 'bursts, real chatbot-api (single process)',
    direct: {
      url: api.url,
      headers: upstreamAuth,
      newConversation: async () => {
        const res = await fetch(`${api.url}/conversations`, {
          method: 'POST',
          headers: upstreamAuth,
          body: '{}',
        });
        return ((await res.json()) as { id: string }).id;
      },
    },
    relay: apiRelay,
  });
  await apiRelay.stop();
  await api.close();
}

// 3. Held streams: the stand-in answers one delta and then stays silent.
if (ONLY && ONLY !== 'memory') {
  await standIn.close();
  process.exit(0);
}
// On PostgreSQL, so the embedded database's WebAssembly heap does not blur the per-stream figure.
const holder = await spawnRelay(
  { url: standIn.url, chatKey: KEY, ingestKey: KEY },
  {
    ...relayOpts,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    DATABASE_SCHEMA: 'relay_bench',
  },
);
const headers = await sessionHeaders(holder.url);
const held: ReadableStreamDefaultReader<Uint8Array>[] = [];
async function hold(n: number): Promise<void> {
  // Conversations are made a few at a time: a burst of them would grow the relay's pool of idle
  // keep-alive connections to the upstream, which is not memory the streams hold.
  const ids: string[] = [];
  while (ids.length < n) {
    const batch = Math.min(10, n - ids.length);
    ids.push(
      ...(await Promise.all(
        Array.from({ length: batch }, async () => {
          const res = await fetch(`${holder.url}/api/conversations`, { method: 'POST', headers });
          return ((await res.json()) as { id: string }).id;
        }),
      )),
    );
  }
  const body = JSON.stringify({ content: QUESTION });
  const readers = await Promise.all(
    ids.map(async (id) =>
      firstMarker(
        await fetch(`${holder.url}/api/conversations/${id}/messages`, { method: 'POST', headers, body }),
        'event: delta',
      ),
    ),
  );
  held.push(...readers);
}
const settle = () => new Promise((r) => setTimeout(r, 2000));
const mem = async () => {
  const h = await holder.heap();
  return { live: h.heapUsed + h.external, rss: h.rss };
};
await hold(20); // warm-up: code paths, pools, JIT
await settle();
const base = await mem();
await hold(200);
await settle();
const at200 = await mem();
const kb = (bytes: number, n: number) => (bytes / n / 1024).toFixed(1);
console.log(
  `\nMemory per in-flight stream, 200 streams: ${kb(at200.live - base.live, 200)} KB live (heap + external, after GC), ${kb(at200.rss - base.rss, 200)} KB RSS`,
);
const started = performance.now();
await hold(2000 - held.length);
await settle();
const at2000 = await mem();
const n = held.length - 20;
console.log(
  `Idle streams held: ${held.length} through the relay (${standIn.open()} open upstream) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
    `${kb(at2000.live - base.live, n)} KB live per stream, ${kb(at2000.rss - base.rss, n)} KB RSS per stream (RSS ${(at2000.rss / 1048576).toFixed(0)} MB)`,
);
await Promise.all(held.map((r) => r.cancel()));
await holder.stop();
await standIn.close();
process.exit(0);
