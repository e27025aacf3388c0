export { createApp, createRoutes } from './app.js';
export { type Credentials, ensureCredentials, revokeApiClient } from './auth/credentials.js';
export { type Config, ConfigError, loadConfig } from './config.js';
export { credentialsFile, databaseFile, openDataDir } from './data-dir.js';
export type { AppDeps } from './deps.js';
export { DEMO_AGENCY, DEMO_HEARINGS, type DemoHearing } from './seed/demo-court.js';
export { ensureAgency, seedDemoHearings } from './seed/seed.js';
