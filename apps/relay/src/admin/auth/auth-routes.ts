import type { WireSession } from '@amicus/protocol/admin';
import { type Request, type Response, Router } from 'express';
import type { RelayDeps } from '../../deps.js';
import { AdminError, invalid } from '../admin-error.js';
import { appendAudit } from '../audit.js';
import { withoutControlCharacters } from '../text-input.js';
import { clientIp, isSecureRequest, requireCsrf, requireSession, signedIn } from './guard.js';
import { type LockoutScope, recordLoginSuccess, reserveLoginAttempt } from './lockout.js';
import { decoyPasswordHash, verifyPassword } from './password.js';
import {
  type AdminSession,
  clearedSessionCookie,
  createSession,
  deleteSession,
  sessionCookie,
} from './staff-sessions.js';

function sessionBody(session: AdminSession): WireSession {
  return {
    authenticated: true,
    user: { username: session.username },
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
  };
}

function readCredentials(body: unknown): { username: string; password: string } {
  const { username, password } = (body ?? {}) as Record<string, unknown>;
  if (typeof username !== 'string' || username === '' || username.length > 128) {
    throw invalid('username is required (1 to 128 characters).', 'username');
  }
  if (typeof password !== 'string' || password === '' || password.length > 1024) {
    throw invalid('password is required (1 to 1024 characters).', 'password');
  }
  return {
    username: withoutControlCharacters(username, 'username'),
    password: withoutControlCharacters(password, 'password'),
  };
}

/** The username a malformed sign-in tried, for the audit log (never the password). */
function triedUsername(body: unknown): string | null {
  const username =
    typeof body === 'object' && body !== null ? (body as { username?: unknown }).username : null;
  return typeof username === 'string' ? username.slice(0, 128) : null;
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const LOCKED_MESSAGES: Record<LockoutScope, (wait: string) => string> = {
  network: (wait) => `Too many failed sign-ins from your network. Try again in ${wait}.`,
  username: (wait) =>
    `Too many failed sign-ins for this user from other networks. Try again in ${wait}, or from a network that has signed in before.`,
};

/** Routes `GET /session`, `POST /login`, `POST /logout`. Login is guarded by the Origin check only. */
export function createAuthRoutes(deps: RelayDeps): Router {
  const router = Router();
  const { publicUrlIsHttps } = deps.config.server;

  router.get('/session', (_req, res) => {
    const session = res.locals.admin;
    const body: WireSession = session ? sessionBody(session) : { authenticated: false };
    res.json(body);
  });

  router.post('/login', async (req: Request, res: Response) => {
    const ip = clientIp(req);
    const now = deps.now();
    let credentials: ReturnType<typeof readCredentials>;
    try {
      credentials = readCredentials(req.body);
    } catch (error) {
      if (error instanceof AdminError) {
        await appendAudit(deps.sql, now, {
          actor: triedUsername(req.body),
          action: 'auth.login',
          ip,
          result: 'failure',
          detail: { reason: 'invalid_request', param: error.param },
        });
      }
      throw error;
    }
    const { username, password } = credentials;
    const audit = (result: 'success' | 'failure', detail: Record<string, unknown>) =>
      appendAudit(deps.sql, now, { actor: username, action: 'auth.login', ip, result, detail });

    // Counted before the password is checked, so concurrent guesses cannot outrun the count.
    const attempt = await reserveLoginAttempt(deps.sql, username, ip, now);
    if (!attempt.allowed) {
      const { retryAfter, scope } = attempt;
      deps.logger.warn({ username, ip, retryAfter, scope }, 'admin sign-in refused: locked out');
      await audit('failure', { reason: 'locked_out', scope });
      throw new AdminError('locked_out', LOCKED_MESSAGES[scope](waitText(retryAfter)), { retryAfter });
    }
    const rows = await deps.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM admin_users WHERE username = $1',
      [username],
    );
    // An unknown user still costs one scrypt run, so response time does not reveal which names exist.
    const ok = await verifyPassword(password, rows[0]?.password_hash ?? (await decoyPasswordHash()));
    if (!rows[0] || !ok) {
      await audit('failure', { reason: 'invalid_credentials' });
      throw new AdminError('invalid_credentials', 'Wrong username or password.');
    }
    await recordLoginSuccess(deps.sql, username, ip, now);
    const { token, session } = await createSession(deps.sql, username, now);
    await audit('success', {});
    res.setHeader(
      'Set-Cookie',
      sessionCookie(
        token,
        isSecureRequest(req, publicUrlIsHttps),
        session.expiresAt.getTime() - now.getTime(),
      ),
    );
    res.json(sessionBody(session));
  });

  router.post('/logout', requireSession, requireCsrf(deps), async (req, res) => {
    const session = signedIn(res);
    await deleteSession(deps.sql, session.token);
    await appendAudit(deps.sql, deps.now(), {
      actor: session.username,
      action: 'auth.logout',
      ip: clientIp(req),
      result: 'success',
    });
    res.setHeader('Set-Cookie', clearedSessionCookie(isSecureRequest(req, publicUrlIsHttps)));
    res.status(204).end();
  });

  return router;
}
