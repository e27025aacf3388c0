import { type Request, type Response, Router } from 'express';
import type { RelayDeps } from '../deps.js';
import { AdminError, invalid } from './admin-error.js';
import { adminSettings } from './admin-settings.js';
import { appendAudit } from './audit.js';
import { clientIp, requireCsrf, requireSession, signedIn } from './guard.js';
import { clearLoginFailures, lockoutRetryAfter, recordLoginFailure } from './lockout.js';
import { decoyPasswordHash, verifyPassword } from './password.js';
import {
  type AdminSession,
  clearedSessionCookie,
  createSession,
  deleteSession,
  sessionCookie,
} from './sessions.js';

function sessionBody(session: AdminSession) {
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
  return { username, password };
}

/** Routes `GET /session`, `POST /login`, `POST /logout`. Login is guarded by the Origin check only. */
export function createAuthRoutes(deps: RelayDeps): Router {
  const router = Router();
  const { secureCookies } = adminSettings(deps.config);

  router.get('/session', (_req, res) => {
    const session = res.locals.admin as AdminSession | undefined;
    res.json(session ? sessionBody(session) : { authenticated: false });
  });

  router.post('/login', async (req: Request, res: Response) => {
    const { username, password } = readCredentials(req.body);
    const ip = clientIp(req);
    const now = deps.now();
    const audit = (result: 'success' | 'failure', detail: Record<string, unknown>) =>
      appendAudit(deps.sql, now, { actor: username, action: 'auth.login', ip, result, detail });

    const retryAfter = await lockoutRetryAfter(deps.sql, username, ip, now);
    if (retryAfter > 0) {
      deps.logger.warn({ username, ip, retryAfter }, 'admin sign-in refused: locked out');
      await audit('failure', { reason: 'locked_out' });
      throw new AdminError(
        429,
        'locked_out',
        `Too many failed sign-ins. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
        null,
        { retry_after: retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
    const rows = await deps.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM admin_users WHERE username = $1',
      [username],
    );
    // An unknown user still costs one scrypt run, so response time does not reveal which names exist.
    const ok = await verifyPassword(password, rows[0]?.password_hash ?? (await decoyPasswordHash()));
    if (!rows[0] || !ok) {
      await recordLoginFailure(deps.sql, username, ip, now);
      await audit('failure', { reason: 'invalid_credentials' });
      throw new AdminError(401, 'invalid_credentials', 'Wrong username or password.');
    }
    await clearLoginFailures(deps.sql, username);
    const { token, session } = await createSession(deps.sql, username, now);
    await audit('success', {});
    res.setHeader(
      'Set-Cookie',
      sessionCookie(token, secureCookies, session.expiresAt.getTime() - now.getTime()),
    );
    res.json(sessionBody(session));
  });

  router.post('/logout', requireSession, requireCsrf, async (req, res) => {
    const session = signedIn(res);
    await deleteSession(deps.sql, session.token);
    await appendAudit(deps.sql, deps.now(), {
      actor: session.username,
      action: 'auth.logout',
      ip: clientIp(req),
      result: 'success',
    });
    res.setHeader('Set-Cookie', clearedSessionCookie(secureCookies));
    res.status(204).end();
  });

  return router;
}
