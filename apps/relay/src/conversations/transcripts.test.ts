import { describe, expect, it } from 'vitest';
import { migrate } from '../storage/migrate.js';
import { openPglite } from '../storage/pglite.js';
import { relayMigrations } from '../storage/schema.js';
import { Transcripts } from './transcripts.js';

const count = async (sql: Awaited<ReturnType<typeof openPglite>>) =>
  Number((await sql.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM relay_transcripts'))[0]?.n);

describe('Transcripts', () => {
  it('stores no message text when transcripts are off', async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    await new Transcripts(sql, { enabled: false, retentionDays: 30 }).append(
      'c',
      'user',
      'secret',
      new Date(),
    );
    expect(await count(sql)).toBe(0);
    await sql.close();
  });

  it('keeps text for the retention period only, when turned on', async () => {
    const sql = await openPglite(undefined);
    await migrate(sql, relayMigrations);
    const transcripts = new Transcripts(sql, { enabled: true, retentionDays: 7 });
    const now = new Date('2026-03-10T00:00:00Z');
    await transcripts.append('old', 'user', 'q', new Date('2026-03-01T00:00:00Z'));
    await transcripts.append('new', 'user', 'q', new Date('2026-03-09T00:00:00Z'));
    await transcripts.purge(now);
    const rows = await sql.query<{ conversation_id: string }>(
      'SELECT conversation_id FROM relay_transcripts',
    );
    expect(rows.map((r) => r.conversation_id)).toEqual(['new']);
    await transcripts.forgetConversation('new');
    expect(await count(sql)).toBe(0);
    await sql.close();
  });
});
