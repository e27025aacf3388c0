export { createWebhookRouter } from './router.js';
export { webhookMigrations } from './schema.js';
export { sign as signWebhook, verifySignature } from './signature.js';
