import { signWebhook } from '@amicus/contract/node';
import type { AppDeps } from '../deps.js';
import { onWebhookQueued } from './enqueue.js';

export interface WebhookDispatcherOptions {
  /** Delay before attempt 1, 2, 3 (ms). The contract: immediately, +30 s, +5 min. */
  delaysMs?: readonly number[];
  /** Each attempt must be answered within this time (ms). */
  timeoutMs?: number;
  /** How often due retries are looked for (ms). */
  pollMs?: number;
}

interface DeliveryRow {
  id: string;
  account_id: string;
  event: string;
  body: string;
  attempts: number;
}

/**
 * Sends queued webhook deliveries: best effort, three attempts, redirects not followed, 10 s
 * timeout, a fresh timestamp and signature on every attempt, the same delivery id throughout.
 * State lives in kb_webhook_deliveries, so a restart resumes exactly where it stopped.
 */
export function startWebhookDispatcher(
  deps: AppDeps,
  { delaysMs = [0, 30_000, 300_000], timeoutMs = 10_000, pollMs = 1_000 }: WebhookDispatcherOptions = {},
): { stop(): void; tick(): Promise<void> } {
  const { db } = deps;
  const inFlight = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const due = db.prepare(
    `SELECT id, account_id, event, body, attempts FROM kb_webhook_deliveries
     WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT 20`,
  );
  const account = db.prepare('SELECT webhook_url, webhook_secret FROM accounts WHERE id = ?');

  async function attempt(d: DeliveryRow): Promise<void> {
    const target = account.get(d.account_id) as
      | { webhook_url: string | null; webhook_secret: string | null }
      | undefined;
    if (!target?.webhook_url) {
      finish(d.id, 'dropped', d.attempts, 'no webhook URL configured');
      return;
    }
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'amicus-chatbot-api-webhooks/1',
      'x-svc-event': d.event,
      'x-svc-delivery-id': d.id,
    };
    if (target.webhook_secret)
      headers['x-svc-signature'] = signWebhook(
        target.webhook_secret,
        Math.floor(deps.now().getTime() / 1000),
        d.body,
      );
    let error: string | null = null;
    try {
      const res = await deps.fetch(target.webhook_url, {
        method: 'POST',
        headers,
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status > 299) error = `HTTP ${res.status}`;
    } catch (err) {
      error = (err as Error).name === 'TimeoutError' ? 'timed out' : 'connection failed';
    }
    const attempts = d.attempts + 1;
    if (!error) finish(d.id, 'delivered', attempts, null);
    else if (attempts >= delaysMs.length) finish(d.id, 'dropped', attempts, error);
    else {
      db.prepare(
        'UPDATE kb_webhook_deliveries SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?',
      ).run(attempts, deps.now().getTime() + (delaysMs[attempts] ?? 0), error, d.id);
    }
  }

  function finish(id: string, status: 'delivered' | 'dropped', attempts: number, error: string | null): void {
    db.prepare('UPDATE kb_webhook_deliveries SET status = ?, attempts = ?, last_error = ? WHERE id = ?').run(
      status,
      attempts,
      error,
      id,
    );
  }

  async function tick(): Promise<void> {
    if (stopped || !db.open) return;
    const rows = (due.all(deps.now().getTime()) as DeliveryRow[]).filter((r) => !inFlight.has(r.id));
    await Promise.all(
      rows.map(async (r) => {
        inFlight.add(r.id);
        try {
          await attempt(r);
        } catch (err) {
          // Only the database can throw here (closed on shutdown); the row stays pending for next start.
          deps.logger?.error({ err, deliveryId: r.id }, 'webhook delivery could not be recorded');
        } finally {
          inFlight.delete(r.id);
        }
      }),
    );
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, pollMs);
    timer.unref();
  };
  onWebhookQueued(db, () => void tick());
  void tick().finally(schedule);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      onWebhookQueued(db, null);
    },
    tick,
  };
}
