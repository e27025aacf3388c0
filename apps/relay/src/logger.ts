import { type DestinationStream, type Logger, pino } from 'pino';
import type { RelayConfig } from './config.js';

/**
 * JSON logs. Modules only log ids, counts, statuses and timings; the redaction below is the
 * safety net for a header or body that slips in anyway.
 */
export function createLogger(config: Pick<RelayConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'relay' },
      redact: {
        paths: [
          'authorization',
          '*.authorization',
          '*.headers.authorization',
          '*.headers.cookie',
          'apiKey',
          '*.apiKey',
          'token',
          '*.token',
          'password',
          '*.password',
          'content',
          '*.content',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
