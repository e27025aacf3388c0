/**
 * The one error type of the scheduling client. `retryAfterSeconds` is set when the provider asked us to
 * wait (429, 503, 504: the contract says at least a minute) and while that wait is running.
 */
export class SchedulingError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SchedulingError';
  }

  /** The provider is busy or down: the same request may work later. */
  get unavailable(): boolean {
    return this.retryAfterSeconds !== null || this.status >= 500 || this.status === 0;
  }
}

/** Statuses after which the contract says to wait at least a minute before trying again. */
export const WAIT_STATUSES = new Set([429, 503, 504]);
/** The contract's "Wait after 429, 503, 504: at least 1 minute". */
export const MIN_WAIT_SECONDS = 60;
