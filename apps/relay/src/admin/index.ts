// The admin API's public surface for relay-core (app.ts / main.ts).

export type { EnsureAdminUserResult } from './auth/users.js';
export { ensureAdminUser } from './auth/users.js';
export { conversationHelpMetadata } from './help-contacts.js';
export type { AdminRouterOptions } from './router.js';
export { createAdminRouter } from './router.js';
export { adminMigrations } from './schema.js';
