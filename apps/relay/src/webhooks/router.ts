import { SIGNATURE_TOLERANCE_SECONDS } from '@amicus/contract';
import { verifyWebhookSignature, webhookHmac } from '@amicus/contract/node';
import express, { type ErrorRequestHandler, type Request, type Response, Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { jobEventsFor } from '../jobs/job-events.js';
import { touchNamespace, updateJobStatus } from '../jobs/jobs.js';
import type { SqlClient } from '../storage/sql.js';

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

/** How long signed content is remembered: past the last moment its timestamp is still accepted. */
const SIGNED_CONTENT_MEMORY_MS = (2 * SIGNATURE_TOLERANCE_SECONDS + 60) * 1000;

/**
 * Records the signed content (timestamp and body, named by its HMAC) and says whether it is new.
 * The primary key decides, so two relays on one database cannot both accept the same content.
 */
async function firstSight(sql: SqlClient, digest: string, now: Date): Promise<boolean> {
  await sql.query('DELETE FROM webhook_signed_content WHERE received_at < $1', [
    new Date(now.getTime() - SIGNED_CONTENT_MEMORY_MS).toISOString(),
  ]);
  const inserted = await sql.query(
    `INSERT INTO webhook_signed_content (digest, received_at) VALUES ($1, $2)
     ON CONFLICT (digest) DO NOTHING RETURNING digest`,
    [digest, now.toISOString()],
  );
  return inserted.length > 0;
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
  const webhookSecret = deps.config.webhooks.secret;

  router.post('/', express.raw({ type: () => true, limit: '1mb' }), async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!webhookSecret) {
      // Without a secret nothing can be verified, and unverified job updates are not accepted.
      return reply(res, 401, 'not_configured', 'Webhook signing secret is not configured on this relay.');
    }
    const check = verifyWebhookSignature(req.get('x-svc-signature'), raw, webhookSecret, deps.now());
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
    const digest = webhookHmac(webhookSecret, check.timestamp, raw);
    const now = deps.now();
    // One transaction: a failure half-way records neither, so the upstream's retry is not lost.
    const seen = await deps.sql.transaction(async (tx) => {
      if (!(await firstSight(tx, digest, now))) return 'replay';
      // The primary key makes a retried delivery a no-op even with several relays behind one database.
      const inserted = await tx.query(
        `INSERT INTO webhook_deliveries (delivery_id, event, received_at) VALUES ($1, $2, $3)
         ON CONFLICT (delivery_id) DO NOTHING RETURNING delivery_id`,
        [deliveryId, event.slice(0, 64), now.toISOString()],
      );
      return inserted.length === 0 ? 'duplicate' : 'new';
    });
    if (seen === 'replay')
      deps.logger.warn({ deliveryId }, 'webhook replay ignored (signed content seen before)');
    if (seen !== 'new') return res.status(200).json({ received: true, duplicate: true });
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
