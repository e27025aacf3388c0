import { describe, expect, it } from 'vitest';
import { useTarget } from '../src/fixture.js';
import { call } from '../src/http.js';
import { OPERATIONS, send } from '../src/operations.js';

const target = useTarget();
const FOREIGN_ORIGIN = 'https://some-court-site.example';

describe('Authentication rule 10: browser-direct calls', () => {
  it('does not allow a foreign origin in a CORS preflight', async () => {
    const res = await call(target().url('/chat/completions'), 'OPTIONS', {
      headers: {
        origin: FOREIGN_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    const allowed = res.headers.get('access-control-allow-origin');
    expect(allowed === null || (allowed !== '*' && allowed !== FOREIGN_ORIGIN), `ACAO: ${allowed}`).toBe(
      true,
    );
  });

  it('does not grant a foreign origin read access to responses', async () => {
    const res = await call(target().url('/models'), 'GET', {
      key: target().chatKey,
      headers: { origin: FOREIGN_ORIGIN },
    });
    const allowed = res.headers.get('access-control-allow-origin');
    expect(allowed === null || (allowed !== '*' && allowed !== FOREIGN_ORIGIN), `ACAO: ${allowed}`).toBe(
      true,
    );
  });
});

describe('Versioning', () => {
  it('marks nothing as deprecated: no Deprecation or Sunset header on any operation', async () => {
    for (const op of OPERATIONS) {
      const res = await send(
        target().baseUrl,
        op,
        op.scope === 'chat' ? target().chatKey : target().ingestKey,
      );
      expect(res.headers.get('deprecation'), `${op.method} ${op.path}`).toBeNull();
      expect(res.headers.get('sunset'), `${op.method} ${op.path}`).toBeNull();
    }
  });

  it('serves every operation under /v1 except /health', async () => {
    const res = await call(`${target().serverUrl}/models`, 'GET', { key: target().chatKey });
    expect(res.status).toBe(404);
  });
});
