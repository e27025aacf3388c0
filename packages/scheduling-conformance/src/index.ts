// The suite's building blocks, for other packages' tests that talk to a scheduling service the same way.
export { loadConfig, type RemoteConfig, type SchedulingConformanceConfig } from './config.js';
export { expectStatus, need, ours, unique, useTarget } from './fixture.js';
export { type ApiResponse, type CallOptions, call } from './http.js';
export { createClient, createEvent, type EventRecord } from './records.js';
export {
  type Credentials,
  fetchToken,
  type OutboxEntry,
  openTarget,
  requestToken,
  type Target,
  Unavailable,
} from './target.js';
