import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/http-error.js';
import type { RouteDef } from '../http/route.js';
import { secretMatches } from './credentials.js';
import { issueToken } from './tokens.js';

function requiredString(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || v === '') {
    throw new HttpError(400, `The ${field} field is required.`, { field, oauthError: 'invalid_request' });
  }
  return v;
}

/** `POST {server_url}/oauth/token`: the client-credentials grant. */
export function createTokenRoute({ db, now, tokenTtlSeconds }: AppDeps): RouteDef {
  const find = db.prepare(
    'SELECT secret_hash AS hash, revoked_at AS revokedAt FROM api_clients WHERE client_id = ?',
  );
  return {
    method: 'POST',
    path: '/oauth/token',
    auth: 'none',
    body: 'json-or-form',
    handle({ body }, _req, res) {
      const grantType = requiredString(body, 'grant_type');
      const clientId = requiredString(body, 'client_id');
      const clientSecret = requiredString(body, 'client_secret');
      if (grantType !== 'client_credentials') {
        throw new HttpError(400, 'Only the client_credentials grant is supported.', {
          field: 'grant_type',
          oauthError: 'unsupported_grant_type',
        });
      }
      const row = find.get(clientId) as { hash: string; revokedAt: string | null } | undefined;
      if (!row || row.revokedAt !== null || !secretMatches(clientSecret, row.hash)) {
        throw new HttpError(401, 'Client authentication failed.', { oauthError: 'invalid_client' });
      }
      const accessToken = issueToken(db, clientId, now().getTime(), tokenTtlSeconds);
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ access_token: accessToken, token_type: 'Bearer', expires_in: tokenTtlSeconds });
    },
  };
}
