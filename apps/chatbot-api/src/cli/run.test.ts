import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFixtureSite } from '../test-support/fixture-site.js';
import { runCli } from './run.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chatbot-api-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, {
    env: { DATA_DIR: dir },
    stdout: (t) => {
      out += t;
    },
    stderr: (t) => {
      err += t;
    },
  });
  return { code, out, err, json: () => JSON.parse(out) };
}

describe('cli init', () => {
  it('prints the account, default bot and both keys as JSON, and refuses a second init', async () => {
    const first = await cli('init', '--json');
    expect(first.code).toBe(0);
    const init = first.json();
    expect(Object.keys(init).sort()).toEqual(['account_id', 'bot', 'chat_key', 'ingest_key']);
    expect(init.chat_key).toMatch(/^svc_sk_[A-Za-z0-9]{59}$/);
    expect(init.bot).toBe('court-assistant');
    const again = await cli('init', '--json');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already initialised');
    expect((await cli('init', '--force', '--json', '--data', dir)).code).toBe(0);
  });
});

describe('cli keys and bots', () => {
  it('creates, lists, expires and revokes keys without ever printing a hash', async () => {
    await cli('init');
    const created = (await cli('keys', 'create', '--scopes', 'chat,ingest', '--json')).json();
    expect(created.key).toMatch(/^svc_sk_/);
    expect(created.scopes).toEqual(['chat', 'ingest']);
    expect(
      (await cli('keys', 'expire', created.key_id, '--at', 'now', '--json')).json().expires_at,
    ).not.toBeNull();
    expect((await cli('keys', 'revoke', created.key_id, '--json')).json().revoked_at).not.toBeNull();
    const list = await cli('keys', 'list', '--json');
    expect(list.json()).toHaveLength(3);
    expect(list.out).not.toContain('scrypt');
    const bad = await cli('keys', 'create', '--scopes', 'admin');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--scopes');
  });

  it('configures bots: create, alias, namespaces, tools, citations, disable, default', async () => {
    await cli('init');
    expect(
      (await cli('bots', 'create', '--bot', 'es-help', '--namespaces', 'es', '--json')).json().namespaces,
    ).toEqual(['es']);
    expect(
      (await cli('bots', 'alias', '--bot', 'es-help', '--alias', 'ayuda', '--json')).json().aliases,
    ).toEqual(['ayuda']);
    expect(
      (await cli('bots', 'tools', '--bot', 'es-help', '--allow', 'a,b', '--json')).json().tool_allowlist,
    ).toEqual(['a', 'b']);
    expect((await cli('bots', 'citations', '--bot', 'es-help', '--off', '--json')).json().citations).toBe(
      false,
    );
    expect((await cli('bots', 'disable', '--bot', 'es-help', '--json')).json().enabled).toBe(false);
    expect((await cli('bots', 'default', '--bot', 'es-help', '--json')).json().default).toBe(true);
    const dup = await cli('bots', 'create', '--bot', 'ayuda');
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('already used');
  });

  it('clears the default bot with bots default --none', async () => {
    await cli('init');
    await cli('bots', 'create', '--bot', 'es-help', '--default');
    const cleared = await cli('bots', 'default', '--none', '--json');
    expect(cleared.code).toBe(0);
    expect(cleared.json().default_bot).toBeNull();
    const list = (await cli('bots', 'list', '--json')).json() as { default: boolean }[];
    expect(list.map((b) => b.default)).toEqual([false, false]);
    expect((await cli('bots', 'default', '--none', '--bot', 'es-help')).code).toBe(1);
    expect((await cli('bots', 'default')).code).toBe(1);
  });

  it('suspends accounts and sets limits and the webhook', async () => {
    await cli('init');
    expect((await cli('accounts', 'suspend', '--json')).json().suspended).toBe(true);
    const limits = (
      await cli('accounts', 'limits', '--rpm', '10', '--daily-tokens', '5000', '--json')
    ).json();
    expect(limits).toMatchObject({ rpm_limit: 10, daily_token_quota: 5000 });
    const hook = (
      await cli('accounts', 'webhook', '--url', 'https://example.org/h', '--secret', 'whsec', '--json')
    ).json();
    expect(hook).toMatchObject({ webhook_url: 'https://example.org/h', webhook_secret_set: true });
    // A generated base64url secret may start with "-": given as one argument, it is still the value.
    const dashed = await cli(
      'accounts',
      'webhook',
      '--url',
      'https://example.org/h',
      '--secret=-Ab_c',
      '--json',
    );
    expect(dashed.code).toBe(0);
    expect(dashed.json()).toMatchObject({ webhook_secret_set: true });
    expect((await cli('accounts', 'limits', '--rpm', 'ten')).code).toBe(1);
  });

  it('exits 2 on an unknown command or option', async () => {
    expect((await cli('frobnicate')).code).toBe(2);
    expect((await cli('keys', 'list', '--bogus')).code).toBe(2);
  });
});

describe('cli seed', () => {
  it('ingests a static site directory into the only account', async () => {
    await cli('init');
    const site = writeFixtureSite();
    try {
      const seeded = await cli('seed', '--dir', site, '--base-url', 'http://court.test', '--json');
      expect(seeded.code).toBe(0);
      expect(seeded.json()).toMatchObject({ documents: 3, failed: 0 });
      expect((await cli('seed', '--dir', site)).err).toContain('--base-url');
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
});
