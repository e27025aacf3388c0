import type { Logger } from 'pino';
import type { Transcripts } from './conversations/transcripts.js';
import { startCourtDatesSweep } from './court-dates/index.js';
import type { CourtDates } from './court-dates/service.js';
import type { FeedbackStore } from './feedback/feedback-store.js';

/** The relay's periodic work: it starts once the relay listens, so a harness that never listens runs none. */
export interface Housekeeping {
  start(): void;
  stop(): void;
}

/** Purges transcripts and feedback texts past their retention hourly, and sweeps court-date data. */
export function housekeeping(deps: {
  transcripts: Transcripts;
  feedback: FeedbackStore;
  courtDates?: CourtDates | undefined;
  logger: Logger;
  now: () => Date;
}): Housekeeping {
  const { transcripts, feedback, courtDates, logger, now } = deps;
  let timers: NodeJS.Timeout[] = [];
  return {
    start() {
      if (timers.length > 0) return;
      const purge = setInterval(
        () =>
          void Promise.all([transcripts.purge(now()), feedback.purgeText(now())]).catch((error: unknown) =>
            logger.error({ err: error }, 'purge failed'),
          ),
        3_600_000,
      );
      purge.unref();
      timers = [purge];
      void transcripts.purge(now()).catch(() => undefined);
      if (courtDates) timers.push(startCourtDatesSweep(courtDates, logger, now));
      void feedback.purgeText(now()).catch(() => undefined);
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },
  };
}
