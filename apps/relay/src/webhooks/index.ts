export { createWebhookRouter } from './router.js';
export { webhookMigrations } from './schema.js';
