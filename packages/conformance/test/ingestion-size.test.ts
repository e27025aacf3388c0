import { describe, expect, it } from 'vitest';
import { useTarget } from '../src/fixture.js';
import { upload } from '../src/ingest.js';

// In a file of its own: processing 25 MiB of text keeps the service busy for a while (see FINDINGS.md),
// which must not slow the other ingestion tests down.
const target = useTarget();

describe('Ingestion (POST /ingest/files) limits', () => {
  it('accepts a file of exactly 25 MiB (26,214,400 bytes)', { timeout: 60_000 }, async () => {
    const exact = Buffer.alloc(
      26_214_400,
      'The clerk of the court keeps the records of every case filed here.\n',
    );
    const res = await upload(target().baseUrl, target().ingestKey, [
      { filename: `max-${Date.now()}.txt`, content: exact, contentType: 'text/plain' },
    ]);
    expect(res.status, res.text).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(300);
    expect((res.body as { status: string }).status).toBe('processing');
  });
});
