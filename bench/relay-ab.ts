/**
 * Two builds of the relay side by side, one stream at a time: the before/after of a change to the
 * answer path, on a machine too noisy for two separate runs of relay-ttft.ts to tell 0.5 ms apart.
 * Both relays and the direct path take turns question by question (the order rotates), against one
 * upstream stand-in that answers like a model (`BENCH_DELTAS` deltas 40 ms apart, default 3), with
 * a pause between questions so the cores go idle as they do between a court's visitors. Each
 * answer is read to its end, so the relay's upstream connection is reused as in production.
 * Prints TTFT p50/p95 per path and, per build, the median over rounds of (relay − direct) and the
 * relay process's CPU time (user + system) per counted answer, background work included.
 * Prints figures; asserts nothing.
 *
 *   pnpm --filter @amicus/relay build
 *   RELAY_A=/path/to/old/dist/main.js tsx relay-ab.ts      # B defaults to apps/relay/dist/main.js
 *
 * Env: RELAY_A, RELAY_B (main.js of each build; a build outside apps/relay must still resolve the
 * relay's dependencies, e.g. a copy under apps/relay/.scratch/), BENCH_ROUNDS (default 300),
 * BENCH_PAUSE_MS (default 100), BENCH_DELTAS.
 */
import { fileURLToPath } from 'node:url';
import {
  cpuMs,
  ORIGIN,
  percentile,
  spawnRelay,
  startAnsweringUpstream,
  timeToMarker,
} from './relay-bench-support.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 100);
const DELTAS = Number(process.env.BENCH_DELTAS ?? 3);
const CURRENT = fileURLToPath(new URL('../apps/relay/dist/main.js', import.meta.url));
const builds = { A: process.env.RELAY_A ?? CURRENT, B: process.env.RELAY_B ?? CURRENT };
const KEY = `svc_sk_${'b'.repeat(59)}`;
const json = { 'content-type': 'application/json' };
const body = JSON.stringify({ content: 'How do I pay a traffic ticket?' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const upstream = await startAnsweringUpstream({ deltas: DELTAS, intervalMs: 40 });
const keys = { url: upstream.url, chatKey: KEY, ingestKey: KEY };
const relays = {
  A: await spawnRelay(keys, { SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij' }, builds.A),
  B: await spawnRelay(keys, { SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij' }, builds.B),
};

async function relayPath(url: string): Promise<() => Promise<number>> {
  const session = await fetch(`${url}/api/sessions`, { method: 'POST', headers: { origin: ORIGIN } });
  const { token } = (await session.json()) as { token: string };
  const headers = { origin: ORIGIN, authorization: `Bearer ${token}`, ...json };
  const created = await fetch(`${url}/api/conversations`, { method: 'POST', headers });
  const { id } = (await created.json()) as { id: string };
  return async () => {
    const started = performance.now();
    const res = await fetch(`${url}/api/conversations/${id}/messages`, { method: 'POST', headers, body });
    if (res.status !== 200) throw new Error(`relay: HTTP ${res.status} ${await res.text()}`);
    return timeToMarker(res, 'event: delta', started);
  };
}

const directPath = async () => {
  const started = performance.now();
  const res = await fetch(`${upstream.url}/conversations/${crypto.randomUUID()}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, ...json },
    body: JSON.stringify({ content: 'How do I pay a traffic ticket?', stream: true }),
  });
  return timeToMarker(res, '"delta"', started);
};

const paths = { direct: directPath, A: await relayPath(relays.A.url), B: await relayPath(relays.B.url) };
const names = ['direct', 'A', 'B'] as const;
const times: Record<(typeof names)[number], number[]> = { direct: [], A: [], B: [] };
const added: Record<'A' | 'B', number[]> = { A: [], B: [] };
const warmUp = 30;
let cpuAtStart = { A: 0, B: 0 };
for (let round = 0; round < ROUNDS + warmUp; round++) {
  const got: Partial<Record<(typeof names)[number], number>> = {};
  for (let i = 0; i < names.length; i++) {
    const name = names[(round + i) % names.length] as (typeof names)[number];
    await sleep(PAUSE_MS);
    got[name] = await paths[name]();
  }
  if (round === warmUp - 1) cpuAtStart = { A: cpuMs(relays.A.pid), B: cpuMs(relays.B.pid) };
  if (round < warmUp) continue;
  for (const name of names) times[name].push(got[name] as number);
  for (const build of ['A', 'B'] as const) added[build].push((got[build] as number) - (got.direct as number));
}

const cpuPerAnswer = {
  A: (cpuMs(relays.A.pid) - cpuAtStart.A) / ROUNDS,
  B: (cpuMs(relays.B.pid) - cpuAtStart.B) / ROUNDS,
};
const fmt = (ms: number) => ms.toFixed(2).padStart(7);
console.log(`One stream, ${ROUNDS} rounds, ${DELTAS}-delta answers, ${PAUSE_MS} ms between questions`);
console.log(`A = ${builds.A}\nB = ${builds.B}`);
console.log(
  'path   |  TTFT p50    p95 | added p50 (rounds) | added p50 (p50 − direct p50) | relay CPU per answer',
);
for (const name of names) {
  const extra =
    name === 'direct'
      ? ''
      : ` | ${fmt(percentile(added[name], 50))}            | ${fmt(percentile(times[name], 50) - percentile(times.direct, 50))}                      | ${fmt(cpuPerAnswer[name])} ms`;
  console.log(
    `${name.padEnd(6)} | ${fmt(percentile(times[name], 50))} ${fmt(percentile(times[name], 95))}${extra}`,
  );
}
await relays.A.stop();
await relays.B.stop();
await upstream.close();
