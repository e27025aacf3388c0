export { activeStreams, createApp } from './app.js';
export type { RelayRuntimeOptions } from './build-deps.js';
export { buildDeps } from './build-deps.js';
export type { LoadConfigOptions, RelayConfig, SessionKey } from './config.js';
export { ConfigError, loadConfig } from './config.js';
export type { RelayDeps } from './deps.js';
export type { RunningRelay } from './runtime.js';
export { shutdown, startRelay } from './runtime.js';
export type { SqlClient, SqlMigration } from './storage/sql.js';
