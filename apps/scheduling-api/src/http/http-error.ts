/**
 * Thrown anywhere in the API; the one error middleware writes it. The contract shows no error body, so
 * ours is `{ message, field }` (see README, "Choices where the spec is silent"): `message` reuses the
 * contract's own wording where it gives one (`Date required`, `Client is required`…), `field` names the
 * request field at fault or is null. The token endpoint adds the RFC 6749 `error` code.
 */
export class HttpError extends Error {
  readonly field: string | null;
  readonly oauthError: string | null;
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    message: string,
    {
      field = null,
      oauthError = null,
      headers = {},
    }: { field?: string | null; oauthError?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.field = field;
    this.oauthError = oauthError;
    this.headers = headers;
  }

  toBody(): Record<string, unknown> {
    const body: Record<string, unknown> = { message: this.message, field: this.field };
    if (this.oauthError !== null) body.error = this.oauthError;
    return body;
  }
}

/** A 400 naming the field at fault. */
export function badRequest(message: string, field: string | null): HttpError {
  return new HttpError(400, message, { field });
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

export function unauthorized(message = 'Unauthenticated.'): HttpError {
  return new HttpError(401, message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}
