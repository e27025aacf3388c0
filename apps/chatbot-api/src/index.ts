export { type AccountChanges, updateAccount } from './accounts/accounts.js';
export { type ProvisionResult, provisionAccount } from './accounts/provision.js';
export { createApp, createRoutes } from './app.js';
export { KEY_PREFIX, parseApiKey } from './auth/api-key.js';
export { type Config, ConfigError, type GenerationConfig, loadConfig } from './config.js';
export { databaseFile, openDataDir } from './data-dir.js';
export type { AppDeps } from './deps.js';
