/** What went wrong reading a request body, in the terms both error envelopes need. */
export interface BodyParserFailure {
  kind: 'too_large' | 'invalid_json' | 'malformed';
  status: 400 | 413;
}

/**
 * Decodes a failure of Express's body parsers (`express.json`, `express.raw`): they carry a `type`
 * and a 4xx `status`. Anything else is not one and gives undefined, for the caller to treat as a 500.
 */
export function bodyParserFailure(error: unknown): BodyParserFailure | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status } = error as { type?: unknown; status?: unknown };
  if (type === 'entity.too.large') return { kind: 'too_large', status: 413 };
  if (type === 'entity.parse.failed') return { kind: 'invalid_json', status: 400 };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { kind: 'malformed', status: status === 413 ? 413 : 400 };
  }
  return undefined;
}
