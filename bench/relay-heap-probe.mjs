// Runs the built relay (apps/relay/dist/main.js) and answers the benchmark's IPC request for a heap
// figure after a full GC, so per-stream memory is read from the live heap rather than from RSS
// (which never shrinks and includes freed pages). Started with `node --expose-gc`.
process.on('message', (message) => {
  if (message !== 'heap') return;
  globalThis.gc?.();
  globalThis.gc?.();
  const { heapUsed, external, arrayBuffers, rss } = process.memoryUsage();
  process.send?.({ heapUsed, external, arrayBuffers, rss });
});
// RELAY_MAIN runs another build of the relay (e.g. an older one, for a before/after comparison).
const main = process.env.RELAY_MAIN ?? new URL('../apps/relay/dist/main.js', import.meta.url).href;
await import(main);
