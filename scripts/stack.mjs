#!/usr/bin/env node
// `npm start` after install and build: runs the whole demo (chatbot-api, relay, demo court site) with zero
// configuration. Plain Node, no dependencies, because it runs before anything else could be trusted to.
//
// First start: creates an account and keys in `.data/chatbot-api` with the chatbot-api CLI, writes
// `.data/upstream.json` for the relay (mode 0600: it holds the keys), and seeds the knowledge base with the
// demo site's pages. Later starts reuse all of it. Delete `.data/` to start from scratch.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// AMICUS_DATA_DIR exists for the e2e test of this script, which must not touch a developer's .data/.
const dataDir = resolve(process.env.AMICUS_DATA_DIR ?? join(root, '.data'));
const chatbotDataDir = join(dataDir, 'chatbot-api');
// The scheduling-api writes its generated API client id and secret to credentials.json here (0600).
const schedulingDataDir = join(dataDir, 'scheduling-api');
const upstreamFile = join(dataDir, 'upstream.json');
// Remembers which account was seeded, so an interrupted first start resumes instead of creating a second account.
const stateFile = join(dataDir, 'stack.json');
const demoPublicDir = join(root, 'apps', 'demo-site', 'public');
const cliJs = join(root, 'apps', 'chatbot-api', 'dist', 'cli.js');
const READY_TIMEOUT_MS = 60_000;

const env = process.env;
const ports = {
  chatbotApi: port('CHATBOT_API_PORT', 8788),
  schedulingApi: port('SCHEDULING_API_PORT', 8789),
  relay: port('RELAY_PORT', 8787),
  demo: port('DEMO_PORT', 8080),
};
const urls = {
  chatbotApi: `http://127.0.0.1:${ports.chatbotApi}`,
  relay: `http://localhost:${ports.relay}`,
  demo: `http://localhost:${ports.demo}`,
  schedulingApi: `http://127.0.0.1:${ports.schedulingApi}`,
};

function port(name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535)
    fail(`${name} must be a port number, got "${raw}"`);
  return Number(raw);
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function writePrivateJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  // `mode` only applies when the file is created; tighten an existing file too.
  chmodSync(file, 0o600);
}

/** Runs the chatbot-api CLI to completion and returns its stdout; exits on failure. */
/** Runs the chatbot-api CLI; a failure stops the stack, or, when `optional`, is a warning (undefined). */
function cli(args, { optional = false } = {}) {
  const res = spawnSync(process.execPath, [cliJs, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: childEnv({}),
  });
  if (res.status !== 0) {
    process.stderr.write(res.stderr ?? '');
    const message = `chatbot-api ${args[0]} failed (exit ${res.status ?? res.signal})`;
    if (!optional) fail(message);
    console.warn(`warning: ${message}`);
    return undefined;
  }
  return res.stdout;
}

/** The CLI prints one JSON object with --json; tolerate log lines around it. */
function parseCliJson(stdout) {
  const start = stdout.indexOf('{');
  const end = stdout.lastIndexOf('}');
  try {
    return JSON.parse(stdout.slice(start, end + 1));
  } catch {
    return fail(`could not read the JSON printed by "chatbot-api init":\n${stdout}`);
  }
}

function prepareData() {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let state = readJson(stateFile) ?? {};
  const upstream = readJson(upstreamFile);
  if (upstream === undefined || state.account_id === undefined) {
    console.log(`› first start: creating an account and API keys in ${chatbotDataDir}`);
    const created = parseCliJson(cli(['init', '--data', chatbotDataDir, '--json']));
    for (const key of ['account_id', 'chat_key', 'ingest_key']) {
      if (typeof created[key] !== 'string') fail(`"chatbot-api init --json" printed no ${key}`);
    }
    writePrivateJson(upstreamFile, {
      base_url: `${urls.chatbotApi}/v1`,
      chat_key: created.chat_key,
      ingest_key: created.ingest_key,
    });
    state = { account_id: created.account_id, bot: created.bot, seeded: false };
    writePrivateJson(stateFile, state);
  }
  // `seed_robots`: installs seeded before the seed honoured robots.txt run it once more, which takes the
  // disallowed pages (the demo's /staff/) out and leaves every unchanged page as it was.
  if (state.seeded !== true || state.seed_robots !== true) {
    console.log(`› seeding the knowledge base with the demo court site (${urls.demo})`);
    const out = cli([
      'seed',
      '--data',
      chatbotDataDir,
      '--account',
      state.account_id,
      '--dir',
      demoPublicDir,
      '--base-url',
      urls.demo,
      '--namespace',
      'general',
    ]);
    if (out.trim() !== '') console.log(out.trim());
    state = { ...state, seeded: true, seed_robots: true, seeded_base_url: urls.demo };
    writePrivateJson(stateFile, state);
  }
  // Job updates reach the admin app through signed webhooks to the relay; without them it falls back to
  // polling, so a failure here is a warning. Re-registered when the relay port changes. The CLI takes the
  // secret as an argument (briefly visible in the local process list): acceptable for a local demo secret.
  state.webhook_secret ??= randomBytes(32).toString('base64url');
  const webhookUrl = `http://127.0.0.1:${ports.relay}/webhooks/chatbot`;
  if (state.webhook_url !== webhookUrl) {
    const args = [
      'accounts',
      'webhook',
      state.account_id,
      '--url',
      webhookUrl,
      // One argument: a base64url secret may start with "-", which a separate argument would read as an option.
      `--secret=${state.webhook_secret}`,
    ];
    if (cli([...args, '--data', chatbotDataDir], { optional: true }) !== undefined)
      state.webhook_url = webhookUrl;
  }
  writePrivateJson(stateFile, state);
  return state;
}

/** Inherited env minus PORT (each child gets its own), with quiet logs unless the user asked otherwise. */
function childEnv(extra) {
  const { PORT: _ignored, ...rest } = env;
  return { ...rest, LOG_LEVEL: env.LOG_LEVEL ?? 'warn', ...extra };
}

const children = [];
let stopping = false;

function start(name, script, extra) {
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: childEnv(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (stream, out) => {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on('end', () => {
      if (buffered !== '') out.write(`[${name}] ${buffered}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  const entry = { name, child, exited: false, code: null };
  child.on('exit', (code, signal) => {
    entry.exited = true;
    entry.code = code ?? (signal ? 1 : 0);
    if (!stopping) {
      console.error(`\n✖ ${name} stopped unexpectedly (${signal ?? `exit ${code}`}); stopping the others.`);
      void stopAll(code === 0 ? 1 : (code ?? 1));
    }
  });
  children.push(entry);
  return entry;
}

async function waitReady(entry, url, port) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (entry.exited)
      return stopAll(1, `${entry.name} exited while starting. Is port ${port} already in use?`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopAll(1, `${entry.name} was not ready at ${url} after ${READY_TIMEOUT_MS / 1000} s`);
}

async function stopAll(exitCode, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(`\n✖ ${message}`);
  const alive = children.filter((c) => !c.exited);
  for (const c of alive) c.child.kill('SIGTERM');
  await Promise.race([
    Promise.all(alive.map((c) => new Promise((r) => (c.exited ? r() : c.child.once('exit', r))))),
    new Promise((r) => setTimeout(r, 10_000)),
  ]);
  for (const c of children.filter((c) => !c.exited)) c.child.kill('SIGKILL');
  process.exit(exitCode);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!stopping) console.log('\n› stopping…');
    void stopAll(0);
  });
}

/** Resolves when nothing listens on 127.0.0.1:port, so a health check can't be answered by a stranger. */
function ensureFree(name, port, variable) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () =>
      fail(
        `port ${port} (${name}) is already in use. Stop what uses it, or choose another with ${variable}=…`,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
}

await ensureFree('chatbot-api', ports.chatbotApi, 'CHATBOT_API_PORT');
await ensureFree('relay', ports.relay, 'RELAY_PORT');
await ensureFree('demo site', ports.demo, 'DEMO_PORT');
await ensureFree('scheduling-api', ports.schedulingApi, 'SCHEDULING_API_PORT');

for (const app of ['chatbot-api', 'relay', 'demo-site', 'scheduling-api']) {
  if (!existsSync(join(root, 'apps', app, 'dist', 'main.js'))) {
    fail(`apps/${app} is not built. Run "npm start" (it installs and builds first) or "npm run build".`);
  }
}
const state = prepareData();

const chatbotApi = start('chatbot-api', 'apps/chatbot-api/dist/main.js', {
  PORT: String(ports.chatbotApi),
  HOST: '127.0.0.1',
  DATA_DIR: chatbotDataDir,
  // The crawler refuses private addresses; the admin app's "crawl the demo site" needs this exception.
  CRAWL_ALLOW_HOSTS: env.CRAWL_ALLOW_HOSTS ?? `localhost:${ports.demo},127.0.0.1:${ports.demo}`,
});
await waitReady(chatbotApi, `${urls.chatbotApi}/health`, ports.chatbotApi);

// Court dates and reminders: seeds the demo hearings and generates its API client on first start.
const schedulingApi = start('scheduling-api', 'apps/scheduling-api/dist/main.js', {
  PORT: String(ports.schedulingApi),
  HOST: '127.0.0.1',
  DATA_DIR: schedulingDataDir,
});
await waitReady(schedulingApi, `${urls.schedulingApi}/health`, ports.schedulingApi);
// The relay's court dates and reminders use it with the credentials it generated (unless set in the env).
const schedulingCredentials = JSON.parse(readFileSync(join(schedulingDataDir, 'credentials.json'), 'utf8'));

const relay = start('relay', 'apps/relay/dist/main.js', {
  PORT: String(ports.relay),
  EMBEDDED_DATA_DIR: dataDir,
  WEBHOOK_SECRET: env.WEBHOOK_SECRET ?? state.webhook_secret,
  // The keys come from upstream.json; the address follows CHATBOT_API_PORT even if the file predates it.
  UPSTREAM_BASE_URL: env.UPSTREAM_BASE_URL ?? `${urls.chatbotApi}/v1`,
  ALLOWED_ORIGINS: env.ALLOWED_ORIGINS ?? `http://localhost:${ports.demo},http://127.0.0.1:${ports.demo}`,
  SCHEDULING_SERVER_URL: env.SCHEDULING_SERVER_URL ?? urls.schedulingApi,
  SCHEDULING_CLIENT_ID: env.SCHEDULING_CLIENT_ID ?? schedulingCredentials.client_id,
  SCHEDULING_CLIENT_SECRET: env.SCHEDULING_CLIENT_SECRET ?? schedulingCredentials.client_secret,
  // The demo court's clerk, as its pages publish it.
  SCHEDULING_CLERK_PHONE: env.SCHEDULING_CLERK_PHONE ?? '(555) 010-0100',
  SCHEDULING_CLERK_HOURS: env.SCHEDULING_CLERK_HOURS ?? 'Monday to Friday, 8:30 a.m. to 4:00 p.m.',
  SCHEDULING_CLERK_URL: env.SCHEDULING_CLERK_URL ?? `${urls.demo}/contact/`,
});
await waitReady(relay, `http://127.0.0.1:${ports.relay}/healthz`, ports.relay);

const demo = start('demo-site', 'apps/demo-site/dist/main.js', {
  PORT: String(ports.demo),
  RELAY_URL: env.RELAY_URL ?? urls.relay,
});
await waitReady(demo, `http://127.0.0.1:${ports.demo}/`, ports.demo);

/** Where the admin password is: only ever a path, since this banner ends up in terminals' scrollback and logs. */
function adminSignIn() {
  const user = env.ADMIN_USER || 'admin';
  if (env.ADMIN_PASSWORD) return `Admin user "${user}": the password you set in ADMIN_PASSWORD.`;
  const file = join(dataDir, 'admin-password');
  if (existsSync(file)) return `Admin user "${user}": password in ${file} (readable by you only).`;
  return `Admin user "${user}": its generated password file is gone; set ADMIN_PASSWORD to choose a new one.`;
}

console.log(`
  Amicus is running.

  Demo court site   ${urls.demo}/
  Relay             ${urls.relay}/   (serves ${urls.relay}/widget.js)
  Admin             ${urls.relay}/admin
  Chatbot API       ${urls.chatbotApi}/v1
  Scheduling API    ${urls.schedulingApi}/v1   (outbox: node apps/scheduling-api/dist/cli.js outbox --data ${schedulingDataDir})

  ${adminSignIn()}
  Data lives in ${dataDir} (delete it to start over). Press Ctrl-C to stop.
`);
