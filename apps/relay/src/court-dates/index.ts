import type { Logger } from 'pino';
import type { RelayConfig } from '../config.js';
import { SchedulingClient } from '../scheduling/client.js';
import type { SqlClient } from '../storage/sql.js';
import { CourtDates } from './service.js';
import { CourtDatesStore } from './store.js';

export { courtDateRoutes } from './routes.js';
export { CourtDates } from './service.js';

/** The court-date service when `SCHEDULING_*` is configured, else undefined (the feature is off). */
export function createCourtDates(
  config: RelayConfig,
  deps: { sql: SqlClient; logger: Logger; now: () => Date; fetch?: typeof fetch | undefined },
): CourtDates | undefined {
  const cfg = config.courtDates;
  if (!cfg) return undefined;
  const client = new SchedulingClient({
    serverUrl: cfg.serverUrl,
    clientId: cfg.clientId,
    clientSecret: cfg.clientSecret,
    now: () => deps.now().getTime(),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  return new CourtDates(cfg, client, new CourtDatesStore(deps.sql), deps.logger, deps.now);
}

/** Deletes destinations whose hearing has passed, and expired codes, every `everyMs`; returns the timer. */
export function startCourtDatesSweep(
  courtDates: CourtDates,
  logger: Logger,
  now: () => Date,
  everyMs = 3_600_000,
): NodeJS.Timeout {
  const run = () =>
    void courtDates.store
      .sweep(now())
      .then((n) => {
        if (n.destinations + n.codes > 0) logger.info(n, 'court-date sweep');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'court-date sweep failed'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return timer;
}
