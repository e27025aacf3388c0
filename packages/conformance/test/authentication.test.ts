import { describe, expect, it } from 'vitest';
import { expectError } from '../src/expect-error.js';
import { eventually, need, useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { OPERATIONS, send } from '../src/operations.js';

const target = useTarget();

const models = (authorization?: string) =>
  call(target().url('/models'), 'GET', authorization === undefined ? {} : { headers: { authorization } });

/** Replaces the last character with a different base62 character. */
function flipLast(key: string): string {
  const last = key.at(-1);
  return key.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}

describe('Authentication', () => {
  it('accepts `Authorization: Bearer <key>` on every /v1 operation of the key scope', async () => {
    const res = await models(`Bearer ${target().chatKey}`);
    expect(res.status).toBe(200);
  });

  it('treats the scheme word case-insensitively', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const res = await models(`${scheme} ${target().chatKey}`);
      expect(res.status, scheme).toBe(200);
    }
  });

  it('uses keys made of the prefix plus 59 characters (66 in total)', () => {
    for (const key of [target().chatKey, target().ingestKey]) {
      expect(key.startsWith(target().keyPrefix)).toBe(true);
      expect(key.length - target().keyPrefix.length).toBe(59);
    }
  });

  describe('401 invalid_api_key with one identical body for every cause', () => {
    const causes: [string, () => Promise<string | undefined>][] = [
      ['missing header', async () => undefined],
      ['wrong scheme', async () => `Basic ${target().chatKey}`],
      ['scheme only', async () => 'Bearer'],
      ['two spaces after the scheme', async () => `Bearer  ${target().chatKey}`],
      ['a tab after the scheme', async () => `Bearer\t${target().chatKey}`],
      ['malformed key (too short)', async () => `Bearer ${target().chatKey.slice(0, -1)}`],
      ['malformed key (too long)', async () => `Bearer ${target().chatKey}A`],
      [
        'malformed key (wrong prefix)',
        async () => `Bearer xyz_sk_${target().chatKey.slice(target().keyPrefix.length)}`,
      ],
      [
        'unknown key id',
        async () => `Bearer ${target().keyPrefix}${'Q'.repeat(16)}${target().chatKey.slice(-43)}`,
      ],
      ['wrong secret for a real key id', async () => `Bearer ${flipLast(target().chatKey)}`],
    ];

    let reference: { text: string } | null = null;
    const check = async (authorization: string | undefined) => {
      const res = await models(authorization);
      const e = expectError(res, 401, {
        code: 'invalid_api_key',
        param: null,
        message: 'Incorrect API key provided.',
      });
      expect(e.type).toBe('authentication_error');
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      reference ??= { text: res.text };
      expect(res.text).toBe(reference.text);
    };

    for (const [cause, header] of causes) {
      it(`returns 401 with the identical body and WWW-Authenticate: Bearer for ${cause}`, async () => {
        await check(await header());
      });
    }

    it('returns 401 with the identical body for an expired key', async (ctx) => {
      const key = await need(ctx, () => target().expiredKey());
      await check(`Bearer ${key}`);
    });

    it('returns 401 with the identical body for a revoked key', async (ctx) => {
      const key = await need(ctx, () => target().revokedKey());
      await check(`Bearer ${key}`);
    });

    it('returns 401 with the identical body for every key of a suspended account', async (ctx) => {
      const key = await need(ctx, () => target().suspendedKey());
      await check(`Bearer ${key}`);
    });
  });

  it('requires the key on every /v1 operation (only GET /health is unauthenticated)', async () => {
    for (const op of OPERATIONS) {
      const res = await send(target().baseUrl, op, null);
      expectError(res, 401, { code: 'invalid_api_key' });
    }
  });

  it('applies a revocation within a minute even after the key was verified', {
    timeout: 90_000,
  }, async (ctx) => {
    const { key, revoke } = await need(ctx, () => target().revocableKey());
    expect((await models(`Bearer ${key}`)).status).toBe(200);
    await revoke();
    const res = await eventually(
      async () => {
        const r = await models(`Bearer ${key}`);
        return r.status === 200 ? undefined : r;
      },
      61_000,
      1_000,
    );
    expectError(res, 401, { code: 'invalid_api_key', message: 'Incorrect API key provided.' });
  });

  describe('403 insufficient_scope', () => {
    for (const op of OPERATIONS) {
      const other = op.scope === 'chat' ? 'ingest' : 'chat';
      it(`returns 403 naming the ${op.scope} scope for ${op.method} ${op.path} with a ${other}-only key`, async () => {
        const key = op.scope === 'chat' ? target().ingestKey : target().chatKey;
        const res = await send(target().baseUrl, op, key);
        const e = expectError(res, 403, { code: 'insufficient_scope' });
        expect(e.message).toContain(op.scope);
      });
    }

    it('fails again with the same key on retry', async () => {
      const first = await models(`Bearer ${target().ingestKey}`);
      const second = await models(`Bearer ${target().ingestKey}`);
      expectError(first, 403, { code: 'insufficient_scope' });
      expectError(second, 403, { code: 'insufficient_scope' });
      expect(second.text).toBe(first.text);
    });

    it('lets a key with both scopes use chat and ingest operations', async (ctx) => {
      const key = await need(ctx, () => target().bothKey());
      expect((await call(target().url('/models'), 'GET', { key })).status).toBe(200);
      expect((await call(target().url('/documents'), 'GET', { key })).status).toBe(200);
    });
  });
});
