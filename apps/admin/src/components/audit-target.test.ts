import type { WireAuditEntry } from '@amicus/protocol/admin';
import { describe, expect, it } from 'vitest';
import { targetText, visibleDetail } from './audit-target.js';

const ID = '0b7c7a0e-3c1d-4b4e-9a51-2f6f5d1e8c11';
const entry = (action: string, target: string | null, detail: Record<string, unknown>): WireAuditEntry => ({
  id: '1',
  at: '2026-11-23T10:00:00Z',
  actor: 'admin',
  action,
  target,
  ip: '127.0.0.1',
  result: 'success',
  detail,
});

describe('targetText', () => {
  it('names a deleted document by the name recorded, not its id', () => {
    expect(targetText(entry('document.delete', ID, { name: 'fees.pdf', chunks_deleted: 3 }))).toBe(
      'fees.pdf',
    );
    expect(targetText(entry('document.delete', ID, { chunks_deleted: 3 }))).not.toContain(ID);
  });

  it('lists the names of a bulk delete', () => {
    const names = { [ID]: 'fees.pdf', b: 'Court hours' };
    expect(targetText(entry('document.bulk_delete', null, { ids: [ID, 'b', 'c'], names }))).toBe(
      'fees.pdf, Court hours and 1 more',
    );
  });

  it('leaves out a job id (the job is linked instead)', () => {
    expect(targetText(entry('upload.create', ID, { files: ['a.pdf'] }))).toBeNull();
  });
});

describe('visibleDetail', () => {
  it('hides ids and keeps what people read', () => {
    expect(
      visibleDetail({
        ids: [ID],
        names: {},
        files: ['a.pdf'],
        job_id: ID,
        document_ids: [ID],
        chunks_deleted: 2,
      }),
    ).toEqual([
      ['files', ['a.pdf']],
      ['chunks_deleted', 2],
    ]);
  });
});
