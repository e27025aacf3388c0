import type { Logger } from 'pino';
import type { SignedIn } from './admin/auth/guard.js';
import type { VisitorClaims } from './sessions/token.js';

// What the relay's middleware leave on `res.locals`, declared once so no handler casts. Each is set
// by one middleware and read only by handlers mounted behind it.
declare global {
  namespace Express {
    interface Locals {
      /** `requestContext` (the first middleware of `createApp`). */
      requestId: string;
      log: Logger;
      /** `originGuard`: the caller's allowed Origin, and whether it is the relay's own. */
      origin: string;
      ownOrigin: boolean;
      /** `requireVisitor`: the verified visitor token's claims. */
      visitor: VisitorClaims;
      /** `loadSession`: the signed-in staff member, if any (`signedIn(res)` requires one). */
      admin?: SignedIn;
    }
  }
}
