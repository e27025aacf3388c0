import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import { formatInZone, formatUtc } from '../time/zoned-time.js';

// Every message this service "sends" is a row here: nothing is handed to an SMS or e-mail provider. A
// message is created `scheduled`; when its time comes the dispatcher marks it `sent` (the outbox).

export type Channel = 'sms' | 'email';

export interface MessageRow {
  seq: number;
  uuid: string;
  origin: 'oneoff' | 'reminder';
  channel: Channel;
  from_address: string;
  to_address: string;
  to_key: string;
  subject: string | null;
  content: string;
  last_status: string;
  sent: number;
  mms: number;
  scheduled_at: number;
  sent_at: string | null;
  last_open: string | null;
  event: string | null;
  client: string | null;
  step: string | null;
  created_at: string;
}

export function channelOf(to: string): Channel {
  return to.includes('@') ? 'email' : 'sms';
}

/**
 * The recipient as compared by the duplicate check: "any format accepted", so an e-mail is compared
 * case-insensitively and a phone number by its digits (a leading US country code 1 dropped).
 */
export function recipientKey(to: string): string {
  if (channelOf(to) === 'email') return to.trim().toLowerCase();
  const digits = to.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export interface NewMessage {
  origin: MessageRow['origin'];
  from: string;
  to: string;
  subject: string | null;
  content: string;
  scheduledAtMs: number;
  event?: string | null;
  client?: string | null;
  step?: string | null;
}

export function insertMessage(db: Db, m: NewMessage, nowMs: number): MessageRow {
  const uuid = randomUUID();
  db.prepare(
    `INSERT INTO messages (uuid, origin, channel, from_address, to_address, to_key, subject, content, last_status,
       scheduled_at, event, client, step, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'scheduled', ?, ?, ?, ?, ?)`,
  ).run(
    uuid,
    m.origin,
    channelOf(m.to),
    m.from,
    m.to,
    recipientKey(m.to),
    m.subject,
    m.content,
    m.scheduledAtMs,
    m.event ?? null,
    m.client ?? null,
    m.step ?? null,
    formatUtc(nowMs),
  );
  return db.prepare('SELECT * FROM messages WHERE uuid = ?').get(uuid) as MessageRow;
}

/** Whether the same message (recipient, subject and content) is already scheduled within the window. */
export function hasDuplicate(
  db: Db,
  m: { to: string; subject: string | null; content: string },
  fromMs: number,
  toMs: number,
): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM messages WHERE to_key = ? AND content = ? AND subject IS ? AND last_status != 'cancelled'
           AND scheduled_at BETWEEN ? AND ? LIMIT 1`,
      )
      .get(recipientKey(m.to), m.content, m.subject, fromMs, toMs) !== undefined
  );
}

/** Marks every scheduled message whose time has come as sent; returns how many. */
export function deliverDue(db: Db, nowMs: number): number {
  return db
    .prepare(
      `UPDATE messages SET last_status = 'sent', sent = 1, sent_at = ? WHERE last_status = 'scheduled' AND scheduled_at <= ?`,
    )
    .run(formatUtc(nowMs), nowMs).changes;
}

/** The message object of the contract; `scheduled_at` in the agency time zone. */
export function messageWire(m: MessageRow, timeZone: string) {
  return {
    uuid: m.uuid,
    from: m.from_address,
    to: m.to_address,
    subject: m.subject,
    content: m.content,
    last_status: m.last_status,
    sent: m.sent,
    mms: m.mms,
    scheduled_at: formatInZone(m.scheduled_at, timeZone),
    last_open: m.last_open,
  };
}

/** An outbox entry for local tooling (CLI, admin app): the message plus where it came from. */
export function outboxWire(m: MessageRow, timeZone: string) {
  return {
    ...messageWire(m, timeZone),
    channel: m.channel,
    origin: m.origin,
    event: m.event,
    client: m.client,
    step: m.step,
    timezone: timeZone,
    scheduled_at_utc: formatUtc(m.scheduled_at),
    sent_at: m.sent_at,
    created_at: m.created_at,
  };
}

export interface OutboxQuery {
  limit: number;
  skip: number;
  to?: string | undefined;
  status?: string | undefined;
  event?: string | undefined;
}

/** Newest first. */
export function listOutbox(db: Db, q: OutboxQuery): MessageRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.to !== undefined) {
    where.push('to_key = ?');
    params.push(recipientKey(q.to));
  }
  if (q.status !== undefined) {
    where.push('last_status = ?');
    params.push(q.status);
  }
  if (q.event !== undefined) {
    where.push('event = ?');
    params.push(q.event);
  }
  return db
    .prepare(
      `SELECT * FROM messages${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, q.limit, q.skip) as MessageRow[];
}
