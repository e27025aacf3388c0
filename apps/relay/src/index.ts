export { activeStreams, createApp } from './app.js';
export type { LoadConfigOptions, RelayConfig, SessionKey } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export type { RelayDeps } from './deps.js';
export type { RelayRuntimeOptions, RunningRelay } from './runtime.js';
export { buildDeps, startRelay } from './runtime.js';
export type { SqlClient, SqlMigration } from './storage/sql.js';
