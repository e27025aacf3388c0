import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import { adminSettings } from '../admin/admin-settings.js';
import { jobEventsFor } from '../admin/job-events.js';
import { touchNamespace, updateJobStatus } from '../admin/jobs.js';
import type { RelayDeps } from '../deps.js';
import { verifySignature } from './signature.js';

const DELIVERY_ID = /^[A-Za-z0-9-]{1,128}$/;
const EVENTS = new Set(['ingest.completed', 'crawl.completed']);

function reply(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

function jobIdOf(body: Record<string, unknown>): string | null {
  for (const field of ['id', 'job_id', 'crawl_job_id']) {
    const value = body[field];
    if (typeof value === 'string' && value.length <= 64) return value;
  }
  return null;
}

/** Applies one verified delivery: store the job's final status and tell the SSE subscribers. */
async function processDelivery(
  deps: RelayDeps,
  deliveryId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const now = deps.now();
  try {
    const jobId = jobIdOf(body);
    const { event: _event, ...status } = body;
    const updated = jobId ? await updateJobStatus(deps.sql, jobId, status, now) : null;
    if (typeof body.namespace === 'string') await touchNamespace(deps.sql, body.namespace.slice(0, 64), now);
    if (updated?.changed) jobEventsFor(deps.sql).publish(updated.job);
    await deps.sql.query('UPDATE webhook_deliveries SET processed_at = $2 WHERE delivery_id = $1', [
      deliveryId,
      now.toISOString(),
    ]);
  } catch (err) {
    deps.logger.error({ err, deliveryId }, 'webhook processing failed');
    await deps.sql
      .query('UPDATE webhook_deliveries SET error = $2 WHERE delivery_id = $1', [
        deliveryId,
        String(err).slice(0, 500),
      ])
      .catch((e: unknown) => deps.logger.error({ err: e, deliveryId }, 'could not record webhook failure'));
  }
}

const bodyErrors: ErrorRequestHandler = (err: { type?: string }, _req, res, _next) => {
  if (err.type === 'entity.too.large') return reply(res, 413, 'too_large', 'Webhook body is too large.');
  reply(res, 400, 'malformed', 'Unreadable webhook body.');
};

/**
 * Receiver for the upstream's `ingest.completed` / `crawl.completed` webhooks. Mount at
 * `/webhooks/chatbot` before any JSON parser: the signature is over the raw bytes.
 */
export function createWebhookRouter(deps: RelayDeps): Router {
  const router = Router();
  const { webhookSecret } = adminSettings(deps.config);

  router.post('/', express.raw({ type: () => true, limit: '1mb' }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!webhookSecret) {
      // Without a secret nothing can be verified, and unverified job updates are not accepted.
      return reply(res, 401, 'not_configured', 'Webhook signing secret is not configured on this relay.');
    }
    const check = verifySignature(req.get('x-svc-signature'), raw, webhookSecret, deps.now());
    if (!check.ok) {
      deps.logger.warn({ reason: check.reason }, 'webhook rejected');
      return reply(res, check.status, `signature_${check.reason}`, 'Webhook signature rejected.');
    }
    const deliveryId = req.get('x-svc-delivery-id');
    if (!deliveryId || !DELIVERY_ID.test(deliveryId)) {
      return reply(res, 400, 'malformed', 'X-SVC-Delivery-Id is missing or malformed.');
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply(res, 400, 'malformed', 'Webhook body is not JSON.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return reply(res, 400, 'malformed', 'Webhook body must be a JSON object.');
    }
    const event = String(req.get('x-svc-event') ?? (body as { event?: unknown }).event ?? '');
    // The primary key makes a retried delivery a no-op even with several relays behind one database.
    const inserted = await deps.sql.query(
      `INSERT INTO webhook_deliveries (delivery_id, event, received_at) VALUES ($1, $2, $3)
       ON CONFLICT (delivery_id) DO NOTHING RETURNING delivery_id`,
      [deliveryId, event.slice(0, 64), deps.now().toISOString()],
    );
    if (inserted.length === 0) return res.status(200).json({ received: true, duplicate: true });
    res.status(200).json({ received: true, duplicate: false });
    if (!EVENTS.has(event)) {
      deps.logger.info({ event, deliveryId }, 'webhook event ignored');
      return;
    }
    // Answer first, then work: the upstream gives us 10 seconds and retries on silence.
    setImmediate(() => void processDelivery(deps, deliveryId, body as Record<string, unknown>));
  });
  router.use(bodyErrors);
  return router;
}
