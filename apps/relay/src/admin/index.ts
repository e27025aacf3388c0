// The admin API's public surface for relay-core (app.ts / main.ts).

export { conversationHelpMetadata } from './help-contacts.js';
export { effectiveAllowedOrigins } from './origins.js';
export type { AdminRouterOptions } from './router.js';
export { createAdminRouter } from './router.js';
export { adminMigrations } from './schema.js';
export type { EnsureAdminUserResult } from './users.js';
export { ensureAdminUser } from './users.js';
