import type { WireAuditEntry, WireAuditPage } from '@amicus/protocol/admin';
import type { SqlClient } from '../storage/sql.js';
import { storable, storableDeep } from './text-input.js';

export type AuditResult = 'success' | 'failure';

export interface AuditInput {
  actor: string | null;
  action: string;
  target?: string | null;
  ip: string | null;
  result: AuditResult;
  detail?: Record<string, unknown>;
}

export interface AuditQuery {
  action?: string;
  actor?: string;
  from?: Date;
  to?: Date;
  before?: string;
  limit: number;
}

const storableOrNull = (value: string | null | undefined) => (value == null ? null : storable(value));

/**
 * The only write path to the audit log: INSERT. There is deliberately no update or delete function.
 * Entries often record what an attacker sent, so every string is made storable first: a NUL in a
 * tried username must be logged, not turn the refusal into a 500.
 */
export async function appendAudit(sql: SqlClient, at: Date, entry: AuditInput): Promise<void> {
  await sql.query(
    `INSERT INTO admin_audit_log (at, actor, action, target, ip, result, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [
      at.toISOString(),
      storableOrNull(entry.actor),
      entry.action,
      storableOrNull(entry.target),
      storableOrNull(entry.ip),
      entry.result,
      JSON.stringify(storableDeep(entry.detail ?? {})),
    ],
  );
}

interface AuditRow {
  id: string | number;
  at: Date | string;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  result: AuditResult;
  detail: unknown;
}

export async function listAudit(sql: SqlClient, q: AuditQuery): Promise<WireAuditPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (q.action !== undefined) add('action = ?', q.action);
  if (q.actor !== undefined) add('actor = ?', q.actor);
  if (q.from !== undefined) add('at >= ?', q.from.toISOString());
  if (q.to !== undefined) add('at < ?', q.to.toISOString());
  if (q.before !== undefined) add('id < ?', q.before);
  params.push(q.limit + 1);
  const rows = await sql.query<AuditRow>(
    `SELECT id, at, actor, action, target, ip, result, detail FROM admin_audit_log
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, q.limit).map(toEntry);
  const last = page.at(-1);
  return { data: page, next_cursor: rows.length > q.limit && last ? last.id : null };
}

function toEntry(row: AuditRow): WireAuditEntry {
  const detail = typeof row.detail === 'string' ? (JSON.parse(row.detail) as unknown) : row.detail;
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    ip: row.ip,
    result: row.result,
    detail: (detail ?? {}) as Record<string, unknown>,
  };
}
