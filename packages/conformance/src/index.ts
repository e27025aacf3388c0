// The suite's building blocks, for other packages' tests that want to talk to a chatbot-api the same way.
export { type ConformanceConfig, loadConfig, type RemoteConfig } from './config.js';
export { expect400, expectEnvelope, expectError } from './expect-error.js';
export { oneOfEachType, type SampleFile } from './files/sample-files.js';
export { type ApiResponse, call, chunkedRequest, rawRequest } from './http.js';
export { multipart, type Part } from './multipart.js';
export { collectStream, readFrames } from './sse.js';
export { type AccountKeys, type CrawlSite, openTarget, type Target, Unavailable } from './target.js';
