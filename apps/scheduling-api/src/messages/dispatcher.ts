import type { AppDeps } from '../deps.js';
import { deliverDue } from './outbox.js';

/** Marks due messages as sent once a second (the outbox stands in for the SMS and e-mail providers). */
export function startDispatcher({ db, now, logger }: AppDeps, intervalMs = 1000): { stop(): void } {
  const timer = setInterval(() => {
    try {
      const n = deliverDue(db, now().getTime());
      if (n > 0) logger?.info({ sent: n }, 'outbox: messages sent');
    } catch (err) {
      logger?.error({ err }, 'outbox dispatch failed; retrying on the next tick');
    }
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
